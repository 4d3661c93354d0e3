/**
 * GET /v1/costs/stats — statistics over the costs matching the filters: total spend per currency, how many,
 * cost coverage, spend outside campaigns, and the largest category. Money stays per currency
 * (DECISIONS.md "Money and metrics"); currencies other than the tenant's are named in warnings.
 *
 * costCoverage: of the tenant's activities in scope (the activityId / campaignId filters), the
 * share with at least one matching cost; null when there are none. largestCategory: the category
 * with the most spend in the tenant currency among the matching costs; null when no categorised
 * cost is in that currency.
 */
import * as z from 'zod/mini';
import { otherCurrencyWarnings, roundSpend } from '../../shared/domain/currencies.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { costFilters, findCosts, searchFilters, type CostView } from './query.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CostStatsRecord } from '../../shared/schemas/records/stats.ts';

function addTo(spend: Record<string, number>, cost: CostView) {
  spend[cost.currency] = (spend[cost.currency] ?? 0) + cost.amount;
}

export const handler = defineHandler({
  route: routeByKey('GET /v1/costs/stats'),
  output: okReply(CostStatsRecord),
  input: z.strictObject({ organizationId: Uuid, ...costFilters, ...searchFilters }),
  run: async ({ input: { organizationId, ...filters }, tenant }) => {
    const { costs, activities } = await findCosts(organizationId, filters);
    const currency = tenant.details.currency;
    const totalSpend: Record<string, number> = {};
    const nonCampaignSpend: Record<string, number> = {};
    const byCategory = new Map<string, { name: string | null; spend: Record<string, number> }>();
    for (const cost of costs) {
      addTo(totalSpend, cost);
      if (!cost.campaignId) addTo(nonCampaignSpend, cost);
      if (cost.categoryId) {
        const entry = byCategory.get(cost.categoryId) ?? { name: cost.categoryName, spend: {} };
        addTo(entry.spend, cost);
        byCategory.set(cost.categoryId, entry);
      }
    }
    const inScope = [...activities.values()].filter(
      (a) => (!filters.activityId || a.id === filters.activityId) && (!filters.campaignId || a.campaignId === filters.campaignId),
    );
    const withCost = new Set(costs.map((c) => c.activityId));
    const covered = inScope.filter((a) => withCost.has(a.id)).length;
    const largest = [...byCategory]
      .filter(([, c]) => (c.spend[currency] ?? 0) > 0)
      .sort(([ia, a], [ib, b]) => b.spend[currency]! - a.spend[currency]! || (a.name ?? '').localeCompare(b.name ?? '') || ia.localeCompare(ib))[0];
    return {
      ...ok({
        totalSpend: roundSpend(totalSpend),
        costsCount: costs.length,
        costCoverage: inScope.length ? covered / inScope.length : null,
        nonCampaignSpend: roundSpend(nonCampaignSpend),
        largestCategory: largest ? { categoryId: largest[0], name: largest[1].name, spend: roundSpend(largest[1].spend) } : null,
      }),
      meta: { currency, warnings: otherCurrencyWarnings(roundSpend(totalSpend), currency) },
    };
  },
});
