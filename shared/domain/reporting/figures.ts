/**
 * The figures of a metrics report (docs/decisions.md "Report shapes", "Money and metrics", "Reporting
 * evidence") from one stored aggregate: the tenant's AGGREGATE item, a campaign's, a creator's or an
 * activity's counters (an activity's own `contribution`). Pure: the read layer hands the item over.
 * Money in the report currency only, rounded to its minor unit; costs in a currency with no rate
 * are named in the warnings (the others count converted: docs/money.md); a ratio without its denominator is null.
 */
import { aggregateBasis, aggregateRatios, UNAVAILABLE_COUNTER_PREFIX, type RatioBasis } from '../activity-metrics.ts';
import { roundMoney, roundSpend } from '../currencies.ts';
import type { CpaBasis } from './conversions.ts';
import { formatCount } from '../words/index.ts';
import { conversionsBasis, type ConversionBasis } from '../conversion.ts';

/** A stored aggregate as read: counters, `spend` per currency, and the evidence attributes the writers keep. */
export type Aggregate = Readonly<Record<string, unknown>>;

export interface MetricFigures {
  totalCosts: number;
  impressions: number;
  engagement: number;
  deliveryCoverage: number | null;
  cpm: number | null;
  cpe: number | null;
  reach: number | null;
  conversions: number | null;
  cpa: number | null;
}

const num = (value: unknown) => Number(value ?? 0);
const money = (amount: number | null, currency: string) => (amount === null ? null : roundMoney(amount, currency));

/** The spend of an aggregate per currency, rounded, zero sums left out. */
export const spendOf = (aggregate: Aggregate) => roundSpend(aggregate.spend as Record<string, number> | undefined);

/**
 * The report figures of an aggregate in `currency`. `activitiesCount` is how many activities it
 * counts (coverage's denominator: null with none). Reach is null: no stored evidence carries it yet.
 */
export function metricFigures(aggregate: Aggregate, currency: string, activitiesCount: number): MetricFigures {
  const { cpm, cpe } = aggregateRatios(aggregate, currency);
  return {
    totalCosts: spendOf(aggregate)[currency] ?? 0,
    impressions: num(aggregate.impressions),
    engagement: num(aggregate.engagement),
    deliveryCoverage: activitiesCount > 0 ? Math.min(1, num(aggregate.activitiesWithMetrics) / activitiesCount) : null,
    cpm: money(cpm, currency),
    cpe: money(cpe, currency),
    reach: null,
    conversions: null,
    cpa: null,
  };
}

/**
 * One warning per currency other than the report's still in the spend: costs with no rate (the
 * ECB publishes none and none was booked) or waiting to be converted again after a change of the
 * tenant's currency (docs/decisions.md "Money and metrics"); costs with a rate count converted.
 */
export function otherCurrencyLines(spend: Record<string, number>, currency: string): string[] {
  return Object.entries(spend)
    .filter(([c, amount]) => c !== currency && amount !== 0)
    .map(
      ([c, amount]) =>
        `${amount} ${c} of costs is left out of the ${currency} figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).`,
    );
}

/**
 * The activities of an aggregate without metrics per reason none can be fetched
 * (`activitiesUnavailable_<reason>`, kept by `contribution`), the reasons in a fixed order, zeros left out.
 */
export function unavailableCounts(aggregate: Aggregate): [reason: string, count: number][] {
  return Object.entries(aggregate)
    .filter(([name]) => name.startsWith(UNAVAILABLE_COUNTER_PREFIX))
    .map(([name, count]): [string, number] => [name.slice(UNAVAILABLE_COUNTER_PREFIX.length), num(count)])
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Why no metrics could be fetched, per `metricsUnavailableReason`, and what can be done. */
const UNAVAILABLE_WHY: Record<string, string> = {
  platform_has_no_public_metrics:
    "are on platforms that publish no metrics of other people's content (TikTok, LinkedIn): only manual counts can record them.",
  platform_credentials_missing:
    "have no metrics because their platform's API credentials are not configured: they are read once the credentials are set, or can be counted manually.",
  content_not_found:
    'have no metrics because their content was not found at its link: check the link or enter manual counts.',
};

/** The warning for `count` of `total` activities without metrics for `reason`. */
export function unavailableLine(reason: string, count: number, total: number): string {
  return `${formatCount(count)} of ${formatCount(total)} activities ${UNAVAILABLE_WHY[reason] ?? `have no metrics (${reason}): impressions and engagement do not include them.`}`;
}

/** Snapshots older than this make a report's figures stale (docs/decisions.md "Reporting evidence"). */
export const STALE_AFTER_DAYS = 7;

/**
 * What each CPM, CPE and CPA of a report was computed over (`_meta.provenance.basis`, money rounded in
 * the report currency), so that a reader can recompute it: CPM = cpm.spend / cpm.impressions x 1000
 * over `cpm.activities`, CPE = cpe.spend / cpe.engagement, CPA = cpa.spend / cpa.conversions over
 * `cpa.campaigns`.
 */
export type Basis = RatioBasis & { cpa: CpaBasis; conversions: ConversionBasis[] };

/** The CPA basis of a report without conversions (an activity's, a creator's, or no measurement of kind count). */
export const NO_CPA_BASIS: CpaBasis = { spend: 0, conversions: 0, campaigns: 0 };

/** The CPM and CPE basis of an aggregate in `currency`, money rounded to its minor unit. */
export function ratioBasis(aggregate: Aggregate, currency: string): RatioBasis {
  const { cpm, cpe } = aggregateBasis(aggregate, currency);
  return {
    cpm: { ...cpm, spend: roundMoney(cpm.spend, currency) },
    cpe: { ...cpe, spend: roundMoney(cpe.spend, currency) },
  };
}

/** A type, not an interface: it is a `_meta` record (`Record<string, unknown>`). */
export type Evidence = {
  currency: string;
  freshness: string | null;
  provenance: {
    activitiesTotal: number;
    activitiesWithMetrics: number;
    sources: { api: number; manual: number };
    costsCount: number;
    basis: Basis;
    /** The outcome definitions whose measurements the conversions add up (reports with conversions). */
    conversionDefinitions?: { id: string; name: string }[];
  };
  warnings: string[];
};

/**
 * The `_meta` evidence of a report over an aggregate: the newest snapshot read (`newestSnapshotAt`,
 * kept by the metrics pipeline), how many activities have metrics from which source, how many costs
 * it counts, and warnings that say what is missing and why: other currencies, activities whose
 * platform publishes no metrics or cannot be read (per reason), those not read yet, a web analytics
 * connection needing reconnection (`analyticsStatus`, which the tenant's aggregate is read with) and
 * stale snapshots. `spend` is the spend the report covers (a history's: its window's), whose other
 * currencies are named.
 */
export function evidenceOf(
  aggregate: Aggregate,
  currency: string,
  activitiesTotal: number,
  now: Date,
  spend = spendOf(aggregate),
): Evidence {
  const freshness = typeof aggregate.newestSnapshotAt === 'string' ? aggregate.newestSnapshotAt : null;
  const withMetrics = num(aggregate.activitiesWithMetrics);
  const warnings: string[] = [];
  warnings.push(...otherCurrencyLines(spend, currency));
  // After a change of the tenant's currency, until every cost is converted again (docs/decisions.md "Money and metrics").
  const awaiting = num(aggregate.costsAwaitingConversion);
  if (awaiting > 0)
    warnings.push(
      `${awaiting} costs still wait to be converted into ${currency} after the change of currency; until then they count as costs without a rate.`,
    );
  // Each activity without metrics once: first under the reason none can be fetched, the rest not read yet.
  let pending = activitiesTotal - withMetrics;
  for (const [reason, count] of unavailableCounts(aggregate)) {
    const named = Math.min(count, pending);
    if (named <= 0) continue;
    warnings.push(unavailableLine(reason, named, activitiesTotal));
    pending -= named;
  }
  if (pending > 0) {
    warnings.push(
      `${formatCount(pending)} of ${formatCount(activitiesTotal)} activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.`,
    );
  }
  // A reading is a lifetime total: a first reading counts on the publish date (`activitiesBackdated`, kept by `contribution`).
  const backdated = num(aggregate.activitiesBackdated);
  if (backdated > 0)
    warnings.push(
      `${formatCount(backdated)} of ${formatCount(activitiesTotal)} activities' totals before their first reading are counted on their publish date.`,
    );
  if (aggregate.analyticsStatus === 'needs_reconnect') {
    warnings.push(
      'The web analytics connection needs reconnecting: Google refused the stored grant, so analytics figures stop at the last import until an owner connects again.',
    );
  }
  if (freshness && now.getTime() - Date.parse(freshness) > STALE_AFTER_DAYS * 86_400_000) {
    warnings.push(
      `The newest metric snapshot is from ${freshness.slice(0, 10)}, more than ${STALE_AFTER_DAYS} days ago: figures may be stale.`,
    );
  }
  return {
    currency,
    freshness,
    provenance: {
      activitiesTotal,
      activitiesWithMetrics: withMetrics,
      sources: { api: num(aggregate.activitiesWithApiMetrics), manual: num(aggregate.activitiesWithManualMetrics) },
      costsCount: num(aggregate.costsCount),
      basis: {
        ...ratioBasis(aggregate, currency),
        cpa: NO_CPA_BASIS,
        conversions: conversionsBasis(aggregate, currency),
      },
    },
    warnings,
  };
}

/** The evidence of several reports at once (a comparison): newest freshness, summed provenance, every definition and warning once. */
export function mergeEvidence(currency: string, parts: readonly Evidence[]): Evidence {
  const sum = (pick: (e: Evidence) => number) => parts.reduce((total, e) => total + pick(e), 0);
  const fresh = parts.flatMap((e) => (e.freshness ? [e.freshness] : [])).sort();
  const definitions = new Map(parts.flatMap((e) => e.provenance.conversionDefinitions ?? []).map((d) => [d.id, d]));
  return {
    currency,
    freshness: fresh.at(-1) ?? null,
    provenance: {
      activitiesTotal: sum((e) => e.provenance.activitiesTotal),
      activitiesWithMetrics: sum((e) => e.provenance.activitiesWithMetrics),
      sources: { api: sum((e) => e.provenance.sources.api), manual: sum((e) => e.provenance.sources.manual) },
      costsCount: sum((e) => e.provenance.costsCount),
      basis: sumBasis(
        parts.map((e) => e.provenance.basis),
        currency,
      ),
      ...(parts.some((e) => e.provenance.conversionDefinitions)
        ? {
            conversionDefinitions: [...definitions.values()].sort(
              (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
            ),
          }
        : {}),
    },
    warnings: [...new Set(parts.flatMap((e) => e.warnings))],
  };
}

/** The basis of several reports' figures taken together (their sums; money rounded again). */
export function sumBasis(parts: readonly Basis[], currency: string): Basis {
  const sum = (pick: (b: Basis) => number) => parts.reduce((total, b) => total + pick(b), 0);
  const money = (pick: (b: Basis) => number) => roundMoney(sum(pick), currency);
  return {
    cpm: {
      spend: money((b) => b.cpm.spend),
      impressions: sum((b) => b.cpm.impressions),
      activities: sum((b) => b.cpm.activities),
    },
    cpe: {
      spend: money((b) => b.cpe.spend),
      engagement: sum((b) => b.cpe.engagement),
      activities: sum((b) => b.cpe.activities),
    },
    cpa: {
      spend: money((b) => b.cpa.spend),
      conversions: sum((b) => b.cpa.conversions),
      campaigns: sum((b) => b.cpa.campaigns),
    },
    conversions: mergeConversions(
      parts.flatMap((b) => b.conversions),
      currency,
    ),
  };
}

/** Conversion entries of several reports taken together: one per currency, amounts summed, sources and rate days joined. */
export function mergeConversions(entries: readonly ConversionBasis[], currency: string): ConversionBasis[] {
  const byCurrency = new Map<string, ConversionBasis>();
  for (const e of entries) {
    const seen = byCurrency.get(e.currency);
    byCurrency.set(
      e.currency,
      seen
        ? {
            currency: e.currency,
            amount: roundMoney(seen.amount + e.amount, e.currency),
            converted: roundMoney(seen.converted + e.converted, currency),
            source: seen.source === e.source ? e.source : 'mixed',
            firstRateDate: seen.firstRateDate < e.firstRateDate ? seen.firstRateDate : e.firstRateDate,
            lastRateDate: seen.lastRateDate > e.lastRateDate ? seen.lastRateDate : e.lastRateDate,
          }
        : { ...e },
    );
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
