/**
 * What the metric reports of every scope share (organization, campaign, creator, activity): the
 * scope's stored aggregate (one GetItem) turned into the report's figures and `_meta` evidence, and
 * its history from the day rollups (one Query), in the tenant's currency and timezone.
 */
import { outcomeDefinitionsById, outcomeTotalsOf } from '../../shared/db/evidence/index.ts';
import { readDays } from '../../shared/db/metrics/index.ts';
import { readAggregate, readCampaigns } from '../../shared/db/reports/index.ts';
import type { RollupScope } from '../../shared/db/metrics/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { notFound } from '../../shared/http/problem.ts';
import { historyRows, lastDays } from '../../shared/domain/reporting/days.ts';
import { roundSpend } from '../../shared/domain/currencies.ts';
import {
  campaignConversions,
  conversionFigures,
  type CampaignConversions,
} from '../../shared/domain/reporting/conversions.ts';
import type { TenantReport } from '../../shared/domain/reporting/agency.ts';
import { campaignStatus } from '../../shared/domain/campaign-status.ts';
import {
  evidenceOf,
  metricFigures,
  spendOf,
  type Aggregate,
  type Evidence,
} from '../../shared/domain/reporting/figures.ts';
import { intInput } from '../../shared/schemas/common.ts';
import * as z from 'zod/mini';
import { droppable, lazySchema } from '../../shared/records/lazy-schema.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const DaysBack = /* @__PURE__ */ droppable(() => intInput(1, 365));
export const DEFAULT_DAYS_BACK = 30;

const NAMES = {
  tenant: 'The organization',
  campaign: 'The campaign',
  creator: 'The creator',
  activity: 'The activity',
} as const;

/** The stored aggregate of a scope of the tenant; 404 when there is none (another tenant's id included). */
export async function aggregateOf(tenantId: string, scope: RollupScope): Promise<Aggregate> {
  const aggregate = await readAggregate(tenantId, scope);
  if (!aggregate) throw notFound(NAMES[scope.kind]);
  return aggregate;
}

/** The figures and `_meta` evidence of an aggregate in the tenant's currency. */
export function metricsReport(aggregate: Aggregate, tenant: Tenant, now = new Date(), spend?: Record<string, number>) {
  const activitiesCount = Number(aggregate.activitiesCount ?? 0);
  return {
    figures: metricFigures(aggregate, tenant.currency, activitiesCount),
    evidence: evidenceOf(aggregate, tenant.currency, activitiesCount, now, spend),
  };
}

/**
 * Exactly `daysBack` daily rows ending today in the tenant's timezone, zero-filled, with the
 * scope's evidence; spend in other currencies over the window is named in the warnings.
 */
export async function historyReport(tenant: Tenant, scope: RollupScope, daysBack: number, now = new Date()) {
  const dates = lastDays(daysBack, timeZoneOf(tenant), now);
  const [aggregate, days] = await Promise.all([
    aggregateOf(tenant.id, scope),
    readDays(tenant.id, scope, dates[0]!, dates.at(-1)!),
  ]);
  return {
    rows: historyRows(dates, days, tenant.currency),
    meta: await scopeEvidence(tenant, scope, aggregate, now, { spend: windowSpend(days) }),
  };
}

/**
 * The `_meta` evidence of any report on a scope: the organization's and a campaign's with the basis
 * of their CPA and the definitions their conversions sum, as their metrics reports have them, so
 * every report of one scope names the same basis. `spend`: the spend the report covers (a window's),
 * whose other currencies are named; `campaigns`: the tenant's, when the caller has read them.
 */
export async function scopeEvidence(
  tenant: Tenant,
  scope: RollupScope,
  aggregate: Aggregate,
  now: Date,
  { spend, campaigns }: { spend?: Record<string, number>; campaigns?: readonly Aggregate[] } = {},
): Promise<Evidence> {
  if (scope.kind === 'activity' || scope.kind === 'creator')
    return metricsReport(aggregate, tenant, now, spend).evidence;
  const over = scope.kind === 'campaign' ? [aggregate] : (campaigns ?? (await readCampaigns(tenant.id)));
  return withConversions(aggregate, await conversionsOf(tenant, over), tenant, now, spend).evidence;
}

/** The spend of some days per currency, rounded. */
export function windowSpend(days: readonly { spend: Record<string, number> }[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const day of days) for (const [c, amount] of Object.entries(day.spend)) sums[c] = (sums[c] ?? 0) + amount;
  return roundSpend(sums);
}

/** The inputs of a history route besides its scope. */
export const historyInput = /* @__PURE__ */ lazySchema(() => ({ daysBack: z.optional(DaysBack) }));

/**
 * A campaign's report: its aggregate's figures with its conversions and CPA (its spend over the
 * conversions of its active outcome measurements of kind count, from the totals kept on its item),
 * and the evidence naming the definitions summed and the CPA's basis. 404 for a campaign that is not
 * the tenant's.
 */
export async function campaignReport(tenant: Tenant, campaignId: string, now = new Date()) {
  const campaign = await aggregateOf(tenant.id, { kind: 'campaign', id: campaignId });
  return { campaign, ...withConversions(campaign, await conversionsOf(tenant, [campaign]), tenant, now) };
}

/**
 * The organization's report: its aggregate's figures with conversions and CPA over its campaigns
 * (the sum of theirs; the spend of those with conversions over those conversions). `campaigns`: its
 * live campaigns when the caller has read them already.
 */
export async function organizationReport(tenant: Tenant, now = new Date(), campaigns?: readonly Aggregate[]) {
  const [aggregate, live] = await Promise.all([
    aggregateOf(tenant.id, { kind: 'tenant' }),
    campaigns ?? readCampaigns(tenant.id),
  ]);
  return withConversions(aggregate, await conversionsOf(tenant, live), tenant, now);
}

/**
 * A tenant's row of the agency view (docs/decisions.md "Agency view"): its organization report,
 * the same figures and evidence as its `GET /v1/reporting/organization/metrics`, and how many of its
 * campaigns are active today in its timezone, from the one read of its campaigns both need. Reads
 * what that report reads (its aggregate, its campaigns, the definitions its conversions count),
 * whatever the number of its activities and costs.
 */
export async function tenantReport(tenant: Tenant, now = new Date()): Promise<TenantReport> {
  const campaigns = await readCampaigns(tenant.id);
  const { figures, evidence } = await organizationReport(tenant, now, campaigns);
  const activeCampaigns = campaigns.filter((c) => campaignStatus(c, timeZoneOf(tenant), now) === 'active').length;
  return { tenant, figures, evidence, activeCampaigns };
}

/**
 * Each campaign's conversions and spend in the tenant's currency, from the totals of its active
 * outcome measurements per definition kept on its item (outcome-totals.ts): only the definitions
 * counted are read besides them (one request), never a measurement.
 */
export async function conversionsOf(tenant: Tenant, campaigns: readonly Aggregate[]): Promise<CampaignConversions[]> {
  const totals = campaigns.map((c) => outcomeTotalsOf(c));
  const definitions = await outcomeDefinitionsById(
    tenant.id,
    totals.flat().map((t) => t.definitionId),
  );
  return campaigns.map((campaign, i) =>
    campaignConversions(
      totals[i]!.map((t) => ({ value: t.value, definition: definitions.get(t.definitionId) ?? null })),
      spendOf(campaign)[tenant.currency] ?? 0,
    ),
  );
}

/** An aggregate's figures and evidence with the conversions and CPA of these campaigns, their basis and the definitions summed named. */
export function withConversions(
  aggregate: Aggregate,
  campaigns: readonly CampaignConversions[],
  tenant: Tenant,
  now: Date,
  spend?: Record<string, number>,
) {
  const { figures, evidence } = metricsReport(aggregate, tenant, now, spend);
  const { definitions, warnings, basis, ...outcomes } = conversionFigures(campaigns, tenant.currency);
  const provenance = {
    ...evidence.provenance,
    basis: { ...evidence.provenance.basis, cpa: basis },
    conversionDefinitions: definitions,
  };
  return {
    outcomes,
    figures: { ...figures, ...outcomes },
    evidence: { ...evidence, provenance, warnings: [...evidence.warnings, ...warnings] },
  };
}
