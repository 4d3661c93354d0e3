/**
 * Aggregates the stats and metrics routes answer (Creators, Activities, Costs). Money is per ISO
 * 4217 currency, in major units; `_meta` carries `currency` and `warnings` where the route adds them.
 */
import * as z from 'zod/mini';
import { PerCurrency } from './common.ts';
import { named } from './reply.ts';

const Counts = z.record(z.string(), z.int());

export const ActivityStatsRecord = named(
  'ActivityStats',
  z.object({ activitiesCount: z.int(), byChannel: Counts, withContentLink: z.int(), withMetrics: z.int(), costsCount: z.int(), spend: PerCurrency }),
);

export const MetricsConfidenceRecord = named(
  'MetricsConfidence',
  z.object({
    level: z.enum(['none', 'low', 'medium', 'high']),
    activitiesConsidered: z.int(),
    activitiesWithSnapshots: z.int(),
    snapshotsCount: z.int(),
    /** Share of the activities with snapshots, 0..1; null with no activity. */
    coverage: z.nullable(z.number()),
    newestSnapshotAt: z.nullable(z.string()),
    /** The range considered (YYYY-MM-DD, inclusive, at most 366 days): as asked, an open end filled. */
    startDate: z.string(),
    endDate: z.string(),
  }),
);

/** One activity's metric points over time (empty until metric snapshots are recorded). */
export const SparklineRecord = named(
  'Sparkline',
  z.object({ activityId: z.uuid(), points: z.array(z.object({ date: z.string(), impressions: z.number(), engagement: z.number() })) }),
);

export const CostStatsRecord = named(
  'CostStats',
  z.object({
    totalSpend: PerCurrency,
    costsCount: z.int(),
    /** Share of the activities in scope with at least one cost, 0..1; null with none in scope. */
    costCoverage: z.nullable(z.number()),
    nonCampaignSpend: PerCurrency,
    largestCategory: z.nullable(z.object({ categoryId: z.string(), name: z.nullable(z.string()), spend: PerCurrency })),
  }),
);

export const CreatorStatsRecord = named(
  'CreatorStats',
  z.object({
    creatorsCount: z.int(),
    byRole: Counts,
    totalFollowersCount: z.number(),
    impressions: z.number(),
    engagement: z.number(),
    spend: PerCurrency,
    activitiesCount: z.int(),
  }),
);

export const CreatorMetricsRecord = named(
  'CreatorMetrics',
  z.object({
    creatorId: z.uuid(),
    currency: z.string(),
    activitiesCount: z.int(),
    totalFollowersCount: z.number(),
    impressions: z.number(),
    engagement: z.number(),
    /** In the tenant's currency. */
    spend: z.number(),
    totalCosts: z.number(),
    /** Spend in other currencies, left out of spend, CPM and CPE. */
    otherCurrencySpend: PerCurrency,
    /** Share of its activities with metrics, 0..1; null with none. */
    deliveryCoverage: z.nullable(z.number()),
    cpm: z.nullable(z.number()),
    cpe: z.nullable(z.number()),
    /** No conversion evidence is recorded for creators yet. */
    reach: z.null(),
    conversions: z.null(),
    cpa: z.null(),
  }),
);

export const CreatorMetricsDayRecord = named(
  'CreatorMetricsDay',
  z.object({ date: z.string(), impressions: z.number(), engagement: z.number(), spend: z.number() }),
);
