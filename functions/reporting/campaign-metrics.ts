/**
 * GET /v1/reporting/campaign/metrics — reads a campaign's totals from its stored aggregate:
 * costs in the organization's currency, budget, impressions, engagement, delivery coverage,
 * denominator-aware CPM and CPE, conversions (its active outcome measurements of kind count) and
 * CPA; freshness, provenance (with the conversion definitions summed) and warnings in `_meta`.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { roundMoney } from '../../shared/domain/currencies.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CampaignMetricsRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { campaignReport } from './scope.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/campaign/metrics'),
  output: okReply(CampaignMetricsRecord),
  input: z.strictObject({ organizationId: Uuid, campaignId: Uuid }),
  run: async ({ input, tenant }) => {
    const { campaign, figures, evidence } = await campaignReport(tenant.details, input.campaignId);
    const currency = tenant.details.currency;
    const budget = typeof campaign.budget === 'number' ? roundMoney(campaign.budget, currency) : null;
    return { ...ok({ campaignId: input.campaignId, currency, budget, ...figures }), meta: evidence };
  },
});
