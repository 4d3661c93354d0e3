/** GET /v1/activities/metrics/confidence — how far the metrics of the activities can be relied on, from the number and age of their snapshots (shared/domain/metrics-confidence.md). */
import * as z from 'zod/mini';
import { activitiesOfTenant, type Activity } from '../../shared/db/activities.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { DateOnly, Uuid } from '../../shared/schemas/common.ts';
import { confidenceLevel, type SnapshotSummary } from './confidence-level.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { MetricsConfidenceRecord } from '../../shared/schemas/records/stats.ts';

/** The activity's day in the tenant's timezone: its startAt, else the day it was created. */
function dayOf(activity: Activity, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(activity.startAt ?? activity.createdAt),
  );
}

/** The activity's stored snapshots, as the snapshot writer counts them on its item. */
function snapshotsOf(activity: Activity & { snapshotsCount?: number; lastFetchedAt?: string }): SnapshotSummary {
  const count = Number(activity.snapshotsCount ?? 0);
  return { count, newestAt: count > 0 ? (activity.lastFetchedAt ?? null) : null };
}

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/metrics/confidence'),
  output: okReply(MetricsConfidenceRecord),
  input: z.strictObject({
    organizationId: Uuid,
    startDate: z.optional(z.nullable(DateOnly)),
    endDate: z.optional(z.nullable(DateOnly)),
  }),
  run: async ({ input: { organizationId, startDate = null, endDate = null }, tenant }) => {
    if (startDate && endDate && endDate < startDate) {
      throw invalidInput('endDate is before startDate.', [{ path: 'endDate', message: 'Must not be before startDate.' }]);
    }
    const activities = await activitiesOfTenant(organizationId);
    const timeZone = tenant.details.ianaTimezone ?? 'UTC';
    const considered = activities.filter((a) => {
      const day = dayOf(a, timeZone);
      return (!startDate || day >= startDate) && (!endDate || day <= endDate);
    });
    const summaries = considered.map(snapshotsOf);
    const measured = summaries.filter((s) => s.count > 0);
    const newest = measured.map((s) => s.newestAt!).sort().at(-1) ?? null;
    return ok({
      level: confidenceLevel(summaries),
      activitiesConsidered: considered.length,
      activitiesWithSnapshots: measured.length,
      snapshotsCount: summaries.reduce((n, s) => n + s.count, 0),
      coverage: considered.length ? measured.length / considered.length : null,
      newestSnapshotAt: newest,
      startDate,
      endDate,
    });
  },
});
