/**
 * GET /v1/creators/metrics/history — exactly `daysBack` daily rows `{date, impressions, engagement,
 * spend}`, oldest first, the last being today in the workspace's timezone. Spend is the day's
 * recorded spend in the workspace currency of the costs attributed to the creator, each on the day
 * its activity ran (read from the creator's costs and their activities, not the tenant's); spend in
 * other currencies is left out and named in `_meta.warnings`. No daily metric snapshots are stored
 * yet (the metrics pipeline is not built), so impressions and engagement are zero-filled rather than
 * estimated.
 */
import * as z from 'zod/mini';
import { activitiesByIds } from '../../shared/db/activities.ts';
import { costsOfCreator } from '../../shared/db/costs.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { list } from '../../shared/http/result.ts';
import { intInput, Uuid } from '../../shared/schemas/common.ts';
import { roundMoney } from '../../shared/domain/currencies.ts';
import { costDay, localDate } from '../../shared/domain/dates.ts';
import { creatorInWorkspace } from './views.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { CreatorMetricsDayRecord } from '../../shared/schemas/records/stats.ts';

const DAY_MS = 86_400_000;

/** The `days` calendar dates ending with today's in `timeZone`, oldest first. */
export function lastDays(days: number, timeZone: string, now = new Date()): string[] {
  const today = localDate(now, timeZone);
  const todayUtc = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(todayUtc - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The creator's spend per local day in `currency`, and the other currencies it has spend in. */
async function spendByDay(tenantId: string, creatorId: string, currency: string, timeZone: string) {
  const costs = await costsOfCreator(tenantId, creatorId);
  const startAt = new Map((await activitiesByIds(tenantId, costs.map((c) => c.activityId))).map((a) => [a.id, a.startAt]));
  const byDay = new Map<string, number>();
  const others = new Set<string>();
  for (const cost of costs) {
    if (cost.currency !== currency) {
      others.add(cost.currency);
      continue;
    }
    const day = costDay(startAt.get(cost.activityId) ?? null, cost.createdAt, timeZone);
    byDay.set(day, (byDay.get(day) ?? 0) + cost.amount);
  }
  return { byDay, others: [...others].sort() };
}

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators/metrics/history'),
  output: listReply(CreatorMetricsDayRecord),
  input: z.strictObject({ workspaceId: Uuid, creatorId: Uuid, daysBack: z.optional(intInput(1, 365)) }),
  run: async ({ input, tenant: scope }) => {
    const tenant = scope!.details;
    const timeZone = tenant.ianaTimezone ?? 'UTC';
    await creatorInWorkspace(input.workspaceId, input.creatorId);
    const { byDay, others } = await spendByDay(input.workspaceId, input.creatorId, tenant.currency, timeZone);
    const rows = lastDays(input.daysBack ?? 30, timeZone).map((date) => ({
      date,
      impressions: 0,
      engagement: 0,
      spend: roundMoney(byDay.get(date) ?? 0, tenant.currency),
    }));
    const warnings = others.length ? [`Spend in ${others.join(', ')} is in another currency than ${tenant.currency} and is left out of the daily spend.`] : [];
    return { ...list({ items: rows, totalCount: rows.length }), meta: { currency: tenant.currency, freshness: null, warnings } };
  },
});
