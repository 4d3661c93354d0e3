/**
 * The agency view (docs/decisions.md "Agency view"): an organization's own figures and its
 * workspaces', one row each in the row's own currency, as each tenant's organization metrics have
 * them, and totals in the organization's currency. A row's money is converted at the ECB's euro
 * reference rates of the last publication, crossed through EUR (one rate per currency, unrounded),
 * each converted amount rounded half away from zero to the organization currency's minor unit, and
 * sums add the rounded amounts (docs/decisions.md "Money and metrics"). The totals' CPM, CPE and
 * CPA divide the sums of the rows' converted bases, named in the evidence so that a reader can
 * recompute them. A row whose currency has no rate stays out of the totals, named in the warnings.
 * Pure: the caller hands over the rows' reports and the publication.
 */
import { crossRate, type ConversionBasis, type Quotes } from '../conversion.ts';
import { roundMoney } from '../currencies.ts';
import { formatCount } from '../words/index.ts';
import type { Basis, Evidence } from './figures.ts';

/** At most this many rows (tenants) are read, shown and counted. */
export const MAX_AGENCY_ROWS = 200;

/** One tenant's organization report, as `GET /v1/reporting/organization/metrics` has it. */
export interface TenantReport {
  tenant: { id: string; name: string; currency: string };
  figures: {
    totalCosts: number;
    impressions: number;
    engagement: number;
    cpm: number | null;
    cpe: number | null;
    conversions: number | null;
    cpa: number | null;
  };
  evidence: Evidence;
  /** Its campaigns whose derived status is `active` today. */
  activeCampaigns: number;
}

export interface AgencyRow {
  workspaceId: string;
  name: string;
  currency: string;
  totalCosts: number;
  impressions: number;
  engagement: number;
  cpm: number | null;
  cpe: number | null;
  conversions: number | null;
  cpa: number | null;
  activeCampaigns: number;
  freshness: string | null;
  warnings: string[];
  /** `totalCosts` in the organization's currency; null when its currency has no rate (then out of the totals). */
  convertedTotalCosts: number | null;
}

export interface AgencyTotals {
  totalCosts: number;
  impressions: number;
  engagement: number;
  cpm: number | null;
  cpe: number | null;
  conversions: number | null;
  cpa: number | null;
}

/** A rate a row was converted at: units of the organization's currency for one of `currency`. */
export interface ExchangeRate {
  currency: string;
  rate: number;
  rateDate: string;
  source: 'ecb';
}

export interface AgencyView {
  currency: string;
  totals: AgencyTotals;
  /** Every row, by name then id (the caller pages them). */
  rows: AgencyRow[];
  evidence: Evidence & { provenance: Evidence['provenance'] & { exchangeRates: ExchangeRate[] } };
}

/**
 * The view of `reports` (the tenants the caller may read, by name then id, at most
 * MAX_AGENCY_ROWS) in `currency`, the organization's, at `quotes` (the last publication, or
 * undefined when none is stored). `unread`: how many more tenants the caller may read than were read.
 */
export function agencyView(
  currency: string,
  reports: readonly TenantReport[],
  quotes: Quotes | undefined,
  unread = 0,
): AgencyView {
  const rateOf = (from: string) => (from === currency ? 1 : quotes ? crossRate(quotes, from, currency) : undefined);
  const convert = (amount: number, rate: number) => roundMoney(amount * rate, currency);
  const money = (amount: number) => roundMoney(amount, currency);

  const rows: AgencyRow[] = [];
  const counted: { report: TenantReport; rate: number }[] = [];
  const leftOut: string[] = [];
  for (const report of reports) {
    const { tenant, figures, evidence } = report;
    const rate = rateOf(tenant.currency);
    rows.push({
      workspaceId: tenant.id,
      name: tenant.name,
      currency: tenant.currency,
      totalCosts: figures.totalCosts,
      impressions: figures.impressions,
      engagement: figures.engagement,
      cpm: figures.cpm,
      cpe: figures.cpe,
      conversions: figures.conversions,
      cpa: figures.cpa,
      activeCampaigns: report.activeCampaigns,
      freshness: evidence.freshness,
      warnings: evidence.warnings,
      convertedTotalCosts: rate === undefined ? null : convert(figures.totalCosts, rate),
    });
    if (rate === undefined) {
      const why = quotes
        ? `the ECB's last publication (${quotes.date}) quotes no ${tenant.currency}`
        : 'no ECB publication is stored yet';
      leftOut.push(
        `"${tenant.name}" (${tenant.currency}) is left out of the ${currency} totals: ${why}. Its ${figures.totalCosts} ${tenant.currency} of costs, ${formatCount(figures.impressions)} impressions and ${formatCount(figures.engagement)} engagement are in its row only.`,
      );
    } else counted.push({ report, rate });
  }

  const sum = (pick: (c: { report: TenantReport; rate: number }) => number) =>
    counted.reduce((total, c) => total + pick(c), 0);
  const basisOf = (c: { report: TenantReport }) => c.report.evidence.provenance.basis;
  const basis: Basis = {
    cpm: {
      spend: money(sum((c) => convert(basisOf(c).cpm.spend, c.rate))),
      impressions: sum((c) => basisOf(c).cpm.impressions),
      activities: sum((c) => basisOf(c).cpm.activities),
    },
    cpe: {
      spend: money(sum((c) => convert(basisOf(c).cpe.spend, c.rate))),
      engagement: sum((c) => basisOf(c).cpe.engagement),
      activities: sum((c) => basisOf(c).cpe.activities),
    },
    cpa: {
      spend: money(sum((c) => convert(basisOf(c).cpa.spend, c.rate))),
      conversions: sum((c) => basisOf(c).cpa.conversions),
      campaigns: sum((c) => basisOf(c).cpa.campaigns),
    },
    conversions: conversionsOf(counted, currency, quotes?.date ?? ''),
  };
  const measured = counted.filter((c) => c.report.figures.conversions !== null);
  const totals: AgencyTotals = {
    totalCosts: money(sum((c) => convert(c.report.figures.totalCosts, c.rate))),
    impressions: sum((c) => c.report.figures.impressions),
    engagement: sum((c) => c.report.figures.engagement),
    cpm: basis.cpm.impressions > 0 ? money((basis.cpm.spend / basis.cpm.impressions) * 1000) : null,
    cpe: basis.cpe.engagement > 0 ? money(basis.cpe.spend / basis.cpe.engagement) : null,
    conversions: measured.length ? measured.reduce((total, c) => total + c.report.figures.conversions!, 0) : null,
    cpa: basis.cpa.conversions > 0 ? money(basis.cpa.spend / basis.cpa.conversions) : null,
  };

  const definitions = new Map(
    counted.flatMap((c) => c.report.evidence.provenance.conversionDefinitions ?? []).map((d) => [d.id, d]),
  );
  const named = [...definitions.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const warnings = [
    ...leftOut,
    ...(unread > 0
      ? [
          `${formatCount(unread)} more of the organization's workspaces you can read are neither shown nor counted: the view covers the first ${MAX_AGENCY_ROWS} by name.`,
        ]
      : []),
    ...(named.length > 1 && counted.length > 1
      ? [
          `The total conversions add up the measurements of ${named.length} outcome definitions across workspaces: ${named.map((d) => d.name).join(', ')}.`,
        ]
      : []),
    // Each counted row's own warnings, named by its row: the totals rest on its figures.
    ...counted.flatMap((c) => c.report.evidence.warnings.map((w) => `"${c.report.tenant.name}": ${w}`)),
  ];
  const fresh = counted.flatMap((c) => (c.report.evidence.freshness ? [c.report.evidence.freshness] : [])).sort();
  const exchangeRates = [
    ...new Map(
      counted.filter((c) => c.report.tenant.currency !== currency).map((c) => [c.report.tenant.currency, c.rate]),
    ),
  ]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, rate]): ExchangeRate => ({ currency: from, rate, rateDate: quotes!.date, source: 'ecb' }));
  const provenance = (pick: (e: Evidence['provenance']) => number) => sum((c) => pick(c.report.evidence.provenance));
  return {
    currency,
    totals,
    rows,
    evidence: {
      currency,
      freshness: fresh.at(-1) ?? null,
      provenance: {
        activitiesTotal: provenance((p) => p.activitiesTotal),
        activitiesWithMetrics: provenance((p) => p.activitiesWithMetrics),
        sources: { api: provenance((p) => p.sources.api), manual: provenance((p) => p.sources.manual) },
        costsCount: provenance((p) => p.costsCount),
        basis,
        conversionDefinitions: named,
        exchangeRates,
      },
      warnings,
    },
  };
}

/** One entry per other currency of the rows counted: their total costs in it, converted, at the one rate day. */
function conversionsOf(
  counted: readonly { report: TenantReport; rate: number }[],
  currency: string,
  rateDate: string,
): ConversionBasis[] {
  const byCurrency = new Map<string, ConversionBasis>();
  for (const { report, rate } of counted) {
    const from = report.tenant.currency;
    if (from === currency) continue;
    const seen = byCurrency.get(from) ?? {
      currency: from,
      amount: 0,
      converted: 0,
      source: 'ecb',
      firstRateDate: rateDate,
      lastRateDate: rateDate,
    };
    byCurrency.set(from, {
      ...seen,
      amount: roundMoney(seen.amount + report.figures.totalCosts, from),
      converted: roundMoney(seen.converted + roundMoney(report.figures.totalCosts * rate, currency), currency),
    });
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
