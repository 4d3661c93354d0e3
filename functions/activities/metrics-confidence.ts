/**
 * GET /v1/activities/metrics/confidence — how far the metrics of the activities can be relied on,
 * from the number and age of their snapshots (shared/domain/metrics-confidence.md), over a range of
 * at most 366 days: an open end is filled to make 366 days, and with neither end the range is the
 * 366 days up to today. A range holding more than 10,000 activities is 400 (ask for a shorter one).
 */
import * as z from 'zod/mini';
import type { Activity } from '../../shared/db/catalogue/index.ts';
import { activitiesRunBetween } from '../../shared/db/catalogue/index.ts';
import { dayEnd, dayStart, localDate } from '../../shared/domain/dates.ts';
import { addDays } from '../../shared/domain/reporting/days.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { DateOnly, FIRST_DATE, LAST_DATE, Uuid } from '../../shared/schemas/common.ts';
import { MAX_RANGE_DAYS, rangeDates } from '../../shared/schemas/date-order.ts';
import { confidenceLevel, type SnapshotSummary } from './confidence-level.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { MetricsConfidenceRecord } from '../../shared/schemas/records/stats.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

// The figures are per activity (the oldest of the newest snapshots, whether each has 3), which no
// counter kept on write holds: the activities that ran in the range are read, and only those
// (activitiesRunBetween), at most this many.
const MAX_ACTIVITIES = 10_000;

/**
 * The range asked for, an open end filled so that it spans MAX_RANGE_DAYS (and stays within the
 * dates a DateOnly can name, FIRST_DATE..LAST_DATE): from startDate, or up
 * to endDate, or with neither the days up to today in the tenant's timezone.
 */
function rangeOf(
  startDate: string | null,
  endDate: string | null,
  timeZone: string,
): { startDate: string; endDate: string } {
  const span = MAX_RANGE_DAYS - 1;
  if (startDate && endDate) return { startDate, endDate };
  if (startDate)
    return { startDate, endDate: startDate > addDays(LAST_DATE, -span) ? LAST_DATE : addDays(startDate, span) };
  const end = endDate ?? localDate(new Date(), timeZone);
  return { startDate: end < addDays(FIRST_DATE, span) ? FIRST_DATE : addDays(end, -span), endDate: end };
}

/** The activity's stored snapshots, as the snapshot writer counts them on its item. */
function snapshotsOf(activity: Activity): SnapshotSummary {
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
  run: async ({ input, tenant }) => {
    const timeZone = timeZoneOf(tenant.details);
    const { startDate, endDate } = rangeOf(input.startDate ?? null, input.endDate ?? null, timeZone);
    rangeDates({ startDate, endDate });
    // An activity's day is its start (else its creation) in the tenant's timezone: the instants of the range's days.
    const considered = await activitiesRunBetween(
      input.organizationId,
      dayStart(startDate, timeZone),
      dayEnd(endDate, timeZone),
      MAX_ACTIVITIES,
    );
    if (!considered) {
      throw invalidInput(
        `The range holds more than ${MAX_ACTIVITIES} activities, more than one request reads; ask for a shorter range.`,
        [{ path: 'startDate', message: 'Must make a range of fewer activities.' }],
      );
    }
    const summaries = considered.map(snapshotsOf);
    const measured = summaries.filter((s) => s.count > 0);
    const newest =
      measured
        .map((s) => s.newestAt!)
        .sort()
        .at(-1) ?? null;
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
