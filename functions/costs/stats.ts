/**
 * GET /v1/costs/stats — statistics over the costs matching the filters: total spend per currency, how many,
 * cost coverage, spend outside campaigns, and the largest category. A cost counts converted into
 * the tenant's currency where it has a rate (docs/decisions.md "Money and metrics"); currencies
 * without one stay per currency and are named in warnings.
 *
 * costCoverage: of the tenant's activities in scope (the activityId / campaignId filters), the
 * share with at least one matching cost; null when there are none. largestCategory: the category
 * with the most spend in the tenant currency among the matching costs; null when no categorised
 * cost is in that currency.
 *
 * Unfiltered, the stats read stored counters only (the tenant's AGGREGATE item, cost-stats.ts, and
 * the categories' own spend): nothing read grows with the costs or activities. Filtered or
 * searched, they still read the tenant's costs (`findCosts`): no counter is kept per filter value.
 */
import * as z from 'zod/mini';
import { otherCurrencyWarnings, roundSpend } from '../../shared/domain/currencies.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/costs.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import {
  storedCostStats,
  expenseCategoriesOf,
  findCosts,
  isFiltered,
  type CostFilters,
  type CostView,
} from '../../shared/db/catalogue/index.ts';
import { costFilters, searchFilters } from './filters.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CostStatsRecord } from '../../shared/schemas/records/stats.ts';

/** Adds what the cost counts as: converted into the tenant's currency when it has a rate (docs/decisions.md "Money and metrics"). */
function addTo(spend: Record<string, number>, cost: CostView) {
  const { currency, amount } = cost.conversion ?? cost;
  spend[currency] = (spend[currency] ?? 0) + amount;
}

type Category = { categoryId: string; name: string | null; spend: Record<string, number> };

/** The category with the most spend in `currency` (ties: by name, then id); null when none has any. */
function largestOf(categories: Category[], currency: string) {
  const largest = categories
    .filter((c) => (c.spend[currency] ?? 0) > 0)
    .sort(
      (a, b) =>
        b.spend[currency]! - a.spend[currency]! ||
        (a.name ?? '').localeCompare(b.name ?? '') ||
        a.categoryId.localeCompare(b.categoryId),
    )[0];
  return largest ? { ...largest, spend: roundSpend(largest.spend) } : null;
}

/** The unfiltered stats from stored counters: the tenant's aggregate and each category's spend. */
async function storedStats(tenantId: string, currency: string) {
  const [stored, categories] = await Promise.all([storedCostStats(tenantId), expenseCategoriesOf(tenantId)]);
  return {
    totalSpend: stored.totalSpend,
    costsCount: stored.costsCount,
    costCoverage: stored.activitiesCount ? stored.activitiesWithCostsCount / stored.activitiesCount : null,
    nonCampaignSpend: stored.nonCampaignSpend,
    largestCategory: largestOf(
      categories.map((c) => ({ categoryId: c.id, name: c.name, spend: c.spend })),
      currency,
    ),
  };
}

/** The stats of the costs matching `filters`, computed from the costs themselves. */
export async function statsOfCosts(tenantId: string, filters: CostFilters, currency: string) {
  const { costs, activities, scope } = await findCosts(tenantId, filters);
  const totalSpend: Record<string, number> = {};
  const nonCampaignSpend: Record<string, number> = {};
  const byCategory = new Map<string, Category>();
  for (const cost of costs) {
    addTo(totalSpend, cost);
    if (!cost.campaignId) addTo(nonCampaignSpend, cost);
    if (cost.categoryId) {
      const entry = byCategory.get(cost.categoryId) ?? {
        categoryId: cost.categoryId,
        name: cost.categoryName,
        spend: {},
      };
      addTo(entry.spend, cost);
      byCategory.set(cost.categoryId, entry);
    }
  }
  const withCost = new Set(costs.map((c) => c.activityId));
  // In scope: the activities the activity and campaign filters select, else all the tenant's (its stored count).
  const inScope = scope?.filter((id) => {
    const activity = activities.get(id);
    return activity !== undefined && (!filters.campaignId || activity.campaignId === filters.campaignId);
  });
  const inScopeCount = inScope ? inScope.length : (await storedCostStats(tenantId)).activitiesCount;
  const covered = inScope ? inScope.filter((id) => withCost.has(id)).length : withCost.size;
  return {
    totalSpend: roundSpend(totalSpend),
    costsCount: costs.length,
    costCoverage: inScopeCount ? covered / inScopeCount : null,
    nonCampaignSpend: roundSpend(nonCampaignSpend),
    largestCategory: largestOf([...byCategory.values()], currency),
  };
}

export const handler = defineHandler({
  route: routeByKey('GET /v1/costs/stats'),
  output: okReply(CostStatsRecord),
  input: z.strictObject({ organizationId: Uuid, ...costFilters, ...searchFilters }),
  run: async ({ input: { organizationId, ...filters }, tenant }) => {
    const currency = tenant.details.currency;
    const stats = isFiltered(filters)
      ? await statsOfCosts(organizationId, filters, currency)
      : await storedStats(organizationId, currency);
    return { ...ok(stats), meta: { currency, warnings: otherCurrencyWarnings(stats.totalSpend, currency) } };
  },
});
