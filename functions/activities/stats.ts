/**
 * GET /v1/activities/stats — statistics over the matching activities: how many, per channel, with a content
 * link, with metrics (fetched impressions/engagement or a manual count), and their costs and spend
 * per currency: unfiltered, from the tenant's counters kept on write; filtered, summed from the
 * matching activities' compact entries (filteredActivities).
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { ok } from '../../shared/http/result.ts';
import { SearchTerm } from '../../shared/schemas/common.ts';
import { hasMetrics } from '../../shared/domain/activity-metrics.ts';
import { roundSpend } from '../../shared/domain/currencies.ts';
import { activityTotals, filteredActivities } from '../../shared/db/catalogue/index.ts';
import { filterInput } from './filters.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ActivityStatsRecord } from '../../shared/schemas/records/stats.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/stats'),
  output: okReply(ActivityStatsRecord),
  input: z.strictObject({ ...filterInput, searchTerm: z.optional(SearchTerm) }),
  run: async ({ input: { organizationId, ...filters } }) => {
    // Unfiltered, the counters kept on write hold every figure.
    if (!filters.channel && !filters.creatorId && !filters.campaignId && !filters.searchTerm)
      return ok(await activityTotals(organizationId));
    const { all, matches } = await filteredActivities(organizationId, filters);
    const activities = all.filter(matches);
    const byChannel: Record<string, number> = {};
    const spend: Record<string, number> = {};
    let costsCount = 0;
    for (const a of activities) {
      byChannel[a.channel] = (byChannel[a.channel] ?? 0) + 1;
      costsCount += a.costsCount;
      for (const [currency, amount] of Object.entries(a.spend ?? {})) spend[currency] = (spend[currency] ?? 0) + amount;
    }
    return ok({
      activitiesCount: activities.length,
      byChannel,
      withContentLink: activities.filter((a) => a.contentHref).length,
      withMetrics: activities.filter(hasMetrics).length,
      costsCount,
      spend: roundSpend(spend),
    });
  },
});
