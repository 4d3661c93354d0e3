/**
 * Money and ratios of a creator (DECISIONS.md "Money and metrics", "Report shapes"): spend in one
 * currency, CPM and CPE null without a denominator, money rounded half away from zero to the
 * currency's minor unit. `creatorFigures` works from the stored aggregates alone (list columns and
 * sorting); `creatorRatios` reads the creator's activities for the denominator-aware ratios of its metrics.
 */
import { activitiesByIds, activityIdsOfCreator } from '../../shared/db/activities.ts';
import { costsOfCreator } from '../../shared/db/costs.ts';
import type { Creator } from '../../shared/db/creators.ts';
import { costRatios } from '../../shared/domain/activity-metrics.ts';
import { roundMoney } from '../../shared/domain/currencies.ts';

export interface CreatorFigures {
  spend: number;
  cpm: number | null;
  cpe: number | null;
}

/** Spend in `currency` (other currencies are not converted) and the ratios over the creator's totals. */
export function creatorFigures(creator: Creator, currency: string): CreatorFigures {
  const spend = creator.spend?.[currency] ?? 0;
  return {
    spend: roundMoney(spend, currency),
    cpm: creator.impressions > 0 ? roundMoney((spend / creator.impressions) * 1000, currency) : null,
    cpe: creator.engagement > 0 ? roundMoney(spend / creator.engagement, currency) : null,
  };
}

/**
 * The creator's CPM and CPE denominator-aware: over the activities it is linked to, each with the
 * creator's spend on it in `currency` (costs attributed to it) and its metrics. Reads the creator's
 * links and costs (indexed) and those activities, nothing else of the tenant.
 */
export async function creatorRatios(tenantId: string, creatorId: string, currency: string): Promise<{ cpm: number | null; cpe: number | null }> {
  const [activityIds, costs] = await Promise.all([activityIdsOfCreator(tenantId, creatorId), costsOfCreator(tenantId, creatorId)]);
  const spend = new Map<string, number>();
  for (const cost of costs) if (cost.currency === currency) spend.set(cost.activityId, (spend.get(cost.activityId) ?? 0) + cost.amount);
  const activities = await activitiesByIds(tenantId, activityIds);
  const { cpm, cpe } = costRatios(activities.map((a) => ({ spend: spend.get(a.id) ?? 0, impressions: a.impressions, engagement: a.engagement })));
  return { cpm: cpm === null ? null : roundMoney(cpm, currency), cpe: cpe === null ? null : roundMoney(cpe, currency) };
}
