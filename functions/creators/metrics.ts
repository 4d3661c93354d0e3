/**
 * GET /v1/creators/metrics — the creator's stored aggregates: spend in the workspace currency
 * (spend in other currencies listed separately and named in `_meta.warnings`, never converted),
 * CPM and CPE over it denominator-aware (only activities with both spend and the denominator), null without one.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { roundMoney } from '../../shared/domain/currencies.ts';
import { creatorFigures, creatorRatios } from './figures.ts';
import { creatorInWorkspace } from './views.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CreatorMetricsRecord } from '../../shared/schemas/records/stats.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators/metrics'),
  output: okReply(CreatorMetricsRecord),
  input: z.strictObject({ workspaceId: Uuid, creatorId: Uuid }),
  run: async ({ input, tenant }) => {
    const creator = await creatorInWorkspace(input.workspaceId, input.creatorId);
    const currency = tenant.details.currency;
    const figures = creatorFigures(creator, currency);
    const { cpm, cpe } = await creatorRatios(input.workspaceId, creator.id, currency);
    const otherCurrencySpend = Object.fromEntries(
      Object.entries(creator.spend ?? {})
        .filter(([cur, amount]) => cur !== currency && amount !== 0)
        .map(([cur, amount]) => [cur, roundMoney(amount, cur)]),
    );
    const warnings = Object.entries(otherCurrencySpend).map(
      ([cur, amount]) => `Spend of ${amount} ${cur} is in another currency than ${currency} and is left out of spend, CPM and CPE.`,
    );
    const data = {
      creatorId: creator.id,
      currency,
      activitiesCount: creator.activitiesCount,
      totalFollowersCount: creator.totalFollowersCount,
      impressions: creator.impressions,
      engagement: creator.engagement,
      spend: figures.spend,
      totalCosts: figures.spend,
      otherCurrencySpend,
      cpm,
      cpe,
      // No conversion evidence is recorded for creators yet (DECISIONS.md: null where there is none).
      reach: null,
      conversions: null,
      cpa: null,
    };
    // No metric snapshots exist yet (the metrics pipeline is not built): nothing to date the figures by.
    return { ...ok(data), meta: { currency, freshness: null, warnings } };
  },
});
