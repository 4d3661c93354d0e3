/**
 * The figures of a metrics report (DECISIONS.md "Report shapes", "Money and metrics", "Reporting
 * evidence") from one stored aggregate: the tenant's AGGREGATE item, a campaign's, a creator's or an
 * activity's counters (an activity's own `contribution`). Pure: the read layer hands the item over.
 * Money in the report currency only, rounded to its minor unit; other currencies are named in the
 * warnings, never converted; a ratio without its denominator is null.
 */
import { aggregateRatios } from '../activity-metrics.ts';
import { roundMoney, roundSpend } from '../currencies.ts';

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

/** One warning per currency other than the report's: its costs are shown per currency, never converted. */
export function otherCurrencyLines(spend: Record<string, number>, currency: string): string[] {
  return Object.entries(spend)
    .filter(([c, amount]) => c !== currency && amount !== 0)
    .map(([c, amount]) => `${amount} ${c} of costs is left out of the ${currency} figures (another currency; never converted).`);
}

/** Snapshots older than this make a report's figures stale (DECISIONS.md "Reporting evidence"). */
export const STALE_AFTER_DAYS = 7;

/** A type, not an interface: it is a `_meta` record (`Record<string, unknown>`). */
export type Evidence = {
  currency: string;
  freshness: string | null;
  provenance: { activitiesTotal: number; activitiesWithMetrics: number; sources: { api: number; manual: number }; costsCount: number };
  warnings: string[];
};

/**
 * The `_meta` evidence of a report over an aggregate: the newest snapshot read (`newestSnapshotAt`,
 * kept by the metrics pipeline), how many activities have metrics from which source, how many costs
 * it counts, and warnings that say what is missing and why. `spend` is the spend the report
 * covers (a history's: its window's), whose other currencies are named.
 */
export function evidenceOf(aggregate: Aggregate, currency: string, activitiesTotal: number, now: Date, spend = spendOf(aggregate)): Evidence {
  const freshness = typeof aggregate.newestSnapshotAt === 'string' ? aggregate.newestSnapshotAt : null;
  const withMetrics = num(aggregate.activitiesWithMetrics);
  const warnings: string[] = [];
  warnings.push(...otherCurrencyLines(spend, currency));
  if (activitiesTotal > withMetrics) {
    warnings.push(`${activitiesTotal - withMetrics} of ${activitiesTotal} activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.`);
  }
  if (freshness && now.getTime() - Date.parse(freshness) > STALE_AFTER_DAYS * 86_400_000) {
    warnings.push(`The newest metric snapshot is from ${freshness.slice(0, 10)}, more than ${STALE_AFTER_DAYS} days ago: figures may be stale.`);
  }
  return {
    currency,
    freshness,
    provenance: {
      activitiesTotal,
      activitiesWithMetrics: withMetrics,
      sources: { api: num(aggregate.activitiesWithApiMetrics), manual: num(aggregate.activitiesWithManualMetrics) },
      costsCount: num(aggregate.costsCount),
    },
    warnings,
  };
}

/** The evidence of several reports at once (a comparison): newest freshness, summed provenance, every warning once. */
export function mergeEvidence(currency: string, parts: readonly Evidence[]): Evidence {
  const sum = (pick: (e: Evidence) => number) => parts.reduce((total, e) => total + pick(e), 0);
  const fresh = parts.flatMap((e) => (e.freshness ? [e.freshness] : [])).sort();
  return {
    currency,
    freshness: fresh.at(-1) ?? null,
    provenance: {
      activitiesTotal: sum((e) => e.provenance.activitiesTotal),
      activitiesWithMetrics: sum((e) => e.provenance.activitiesWithMetrics),
      sources: { api: sum((e) => e.provenance.sources.api), manual: sum((e) => e.provenance.sources.manual) },
      costsCount: sum((e) => e.provenance.costsCount),
    },
    warnings: [...new Set(parts.flatMap((e) => e.warnings))],
  };
}
