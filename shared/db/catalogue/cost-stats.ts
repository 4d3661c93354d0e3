/**
 * The counters behind GET /v1/costs/stats, kept on the tenant's AGGREGATE item beside its
 * `costsCount` and `spend` so that the unfiltered stats read one item and the categories, never the
 * costs or activities:
 * - `activitiesWithCostsCount`: activities with at least one cost (cost coverage's numerator),
 *   moved by the cost write that takes an activity's `costsCount` from 0 to 1 or from 1 to 0 (the
 *   write is conditioned on the activity's `costsRevision` as read, so the count read is exact);
 * - `nonCampaignSpend_<CUR>`: spend on activities in no campaign, moved by cost writes on such an
 *   activity and by linking (-its spend) or unlinking (+its spend) an activity (campaign-links.ts).
 * Flat attributes (like the day rollups' `spend_<CUR>`), not a map: ADD creates them on aggregates
 * stored before them, where ADD on a path inside a missing map would fail.
 */
import { roundSpend } from '../../domain/currencies.ts';
import * as keys from '../table/item-keys.ts';
import { batchGet } from '../table/operations.ts';

export const ACTIVITIES_WITH_COSTS = 'activitiesWithCostsCount';
const NON_CAMPAIGN_SPEND = 'nonCampaignSpend_';

/** The `nonCampaignSpend_<CUR>` counts adding (sign 1) or removing (-1) a whole spend map. */
export function nonCampaignSpendCounts(spend: Record<string, number>, sign: 1 | -1): Record<string, number> {
  return Object.fromEntries(
    Object.entries(spend).map(([currency, amount]) => [`${NON_CAMPAIGN_SPEND}${currency}`, sign * Number(amount)]),
  );
}

/**
 * What one cost write adds to the tenant's stats counters, from the activity as read (its campaign
 * and its cost count before the write): the costs added (-1, 0, 1) and the amount added.
 */
export function costStatsDelta(
  read: { campaignId: string | null; costsCount: number },
  costsAdded: number,
  currency: string,
  amountAdded: number,
): Record<string, number> {
  const after = read.costsCount + costsAdded;
  const covered = (after > 0 ? 1 : 0) - (read.costsCount > 0 ? 1 : 0);
  return {
    ...(covered ? { [ACTIVITIES_WITH_COSTS]: covered } : {}),
    ...(read.campaignId || !amountAdded ? {} : nonCampaignSpendCounts({ [currency]: amountAdded }, 1)),
  };
}

export interface StoredCostStats {
  costsCount: number;
  activitiesCount: number;
  activitiesWithCostsCount: number;
  totalSpend: Record<string, number>;
  nonCampaignSpend: Record<string, number>;
}

/** The tenant's stats counters: one GetItem of its AGGREGATE item (spend rounded, currencies back at 0 left out). */
export async function storedCostStats(tenantId: string): Promise<StoredCostStats> {
  const [item = {}] = await batchGet([keys.tenantAggregate(tenantId)]);
  const nonCampaign = Object.entries(item).filter(([name]) => name.startsWith(NON_CAMPAIGN_SPEND));
  return {
    costsCount: Number(item.costsCount ?? 0),
    activitiesCount: Number(item.activitiesCount ?? 0),
    activitiesWithCostsCount: Number(item[ACTIVITIES_WITH_COSTS] ?? 0),
    totalSpend: roundSpend(item.spend as Record<string, number> | undefined),
    nonCampaignSpend: roundSpend(
      Object.fromEntries(nonCampaign.map(([name, amount]) => [name.slice(NON_CAMPAIGN_SPEND.length), Number(amount)])),
    ),
  };
}
