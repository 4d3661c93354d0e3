/**
 * A creator's metrics, one answer for GET /v1/reporting/creator/metrics and GET /v1/creators/metrics
 * (docs/spec/interface.md: the same figures): the creator item's stored aggregate in the organization's currency.
 */
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { spendOf } from '../../shared/domain/reporting/figures.ts';
import { aggregateOf, metricsReport } from './scope.ts';

export async function creatorMetrics(tenant: Tenant, creatorId: string) {
  const creator = await aggregateOf(tenant.id, { kind: 'creator', id: creatorId });
  const { figures, evidence } = metricsReport(creator, tenant);
  const currency = tenant.currency;
  const otherCurrencySpend = Object.fromEntries(Object.entries(spendOf(creator)).filter(([c]) => c !== currency));
  return {
    data: {
      creatorId,
      currency,
      activitiesCount: Number(creator.activitiesCount ?? 0),
      totalFollowersCount: Number(creator.totalFollowersCount ?? 0),
      ...figures,
      spend: figures.totalCosts,
      otherCurrencySpend,
      // No reach or conversion evidence is kept per creator (docs/decisions.md: null where there is none).
      reach: null,
      conversions: null,
      cpa: null,
    },
    evidence,
  };
}
