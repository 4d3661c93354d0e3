/**
 * GET /v1/campaigns/stats — counts by derived status, budget and recorded spend over the campaigns
 * matching the filters, from their stored aggregates. Spend is per currency; `spendTotal` is the
 * organization's currency (costs converted at their stated rates included); currencies with no rate are named in `_meta.warnings`.
 */
import * as z from 'zod/mini';
import { otherCurrencyWarnings, roundMoney, roundSpend } from '../../shared/domain/currencies.ts';
import { statusCounts } from '../../shared/domain/campaign-status.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { ok } from '../../shared/http/result.ts';
import { filterCampaigns, filterFields } from './filters.ts';
import { CampaignStatsRecord } from '../../shared/schemas/records/campaign.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/campaigns/stats'),
  output: okReply(CampaignStatsRecord),
  input: z.strictObject(filterFields),
  run: async ({ input, tenant: scope }) => {
    const tenant = scope.details;
    const { matching } = await filterCampaigns(tenant, input);
    const sums: Record<string, number> = {};
    for (const c of matching) {
      for (const [currency, amount] of Object.entries(c.spend)) sums[currency] = (sums[currency] ?? 0) + amount;
    }
    const spendByCurrency = roundSpend(sums);
    return {
      ...ok({
        totalCount: matching.length,
        byStatus: statusCounts(matching.map((c) => c.status)),
        currency: tenant.currency,
        budgetTotal: roundMoney(
          matching.reduce((sum, c) => sum + (c.budget ?? 0), 0),
          tenant.currency,
        ),
        spendTotal: spendByCurrency[tenant.currency] ?? 0,
        spendByCurrency,
        activitiesCount: matching.reduce((sum, c) => sum + c.activitiesCount, 0),
        costsCount: matching.reduce((sum, c) => sum + c.costsCount, 0),
        overBudgetCount: matching.filter((c) => c.budget !== null && (c.spend[tenant.currency] ?? 0) > c.budget).length,
      }),
      meta: { currency: tenant.currency, warnings: otherCurrencyWarnings(spendByCurrency, tenant.currency) },
    };
  },
});
