/**
 * Aggregates the stats and metrics routes answer (Creators, Activities, Costs). Money is per ISO
 * 4217 currency, in major units; `_meta` carries `currency` and `warnings` where the route adds them.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { PerCurrency } from './common.ts';
import { count, dayFields, described, int, metricFields, money, numberOrNull, SPEND_IN_CURRENCY } from './figures.ts';
import { named } from './reply.ts';

const Counts = /* @__PURE__ */ lazySchema(() => z.record(z.string(), z.int()));

export const ActivityStatsRecord = named(
  'ActivityStats',
  lazySchema(() =>
    z.object({
      activitiesCount: z.int(),
      byChannel: Counts,
      withContentLink: z.int(),
      withMetrics: z.int(),
      costsCount: z.int(),
      spend: PerCurrency,
    }),
  ),
);

export const MetricsConfidenceRecord = named(
  'MetricsConfidence',
  lazySchema(() =>
    z.object({
      level: described(
        z.enum(['none', 'low', 'medium', 'high']),
        'The first that holds: `none` when no activity considered has a snapshot; `high` when at least 80% have one, each of those at least 3, and every newest snapshot is at most 2 days old; `medium` when at least 50% have one and every newest is at most 7 days old; `low` otherwise.',
      ),
      activitiesConsidered: int(
        "The organization's activities whose day is in startDate..endDate (inclusive): an activity's day is its `startAt` in the organization's timezone, else the day it was created.",
      ),
      activitiesWithSnapshots: int('Of them, those with at least one metric snapshot (a platform reading).'),
      snapshotsCount: int('Their snapshots in all.'),
      coverage: numberOrNull('activitiesWithSnapshots / activitiesConsidered, 0 to 1; null with no activity.'),
      newestSnapshotAt: described(
        z.nullable(z.string()),
        'When the newest of their snapshots was read (ISO 8601); null without one.',
      ),
      startDate: described(z.string(), 'The first day considered (YYYY-MM-DD): as asked, or filled to make 366 days.'),
      endDate: described(
        z.string(),
        'The last day considered (YYYY-MM-DD, inclusive; startDate to endDate covers at most 366 days): as asked, or filled.',
      ),
    }),
  ),
);

/** One activity's last 30 days of daily increases, zero-filled (the days of its metric history). */
export const SparklineRecord = named(
  'Sparkline',
  lazySchema(() =>
    z.object({
      activityId: z.uuid(),
      points: z.array(
        z.object({ date: dayFields.date, impressions: dayFields.impressions, engagement: dayFields.engagement }),
      ),
    }),
  ),
);

export const CostStatsRecord = named(
  'CostStats',
  lazySchema(() =>
    z.object({
      totalSpend: PerCurrency,
      costsCount: z.int(),
      costCoverage: numberOrNull(
        'The share of the activities in scope with at least one matching cost, 0 to 1; null with none in scope.',
      ),
      nonCampaignSpend: PerCurrency,
      largestCategory: z.nullable(
        z.object({ categoryId: z.string(), name: z.nullable(z.string()), spend: PerCurrency }),
      ),
    }),
  ),
);

export const CreatorStatsRecord = named(
  'CreatorStats',
  lazySchema(() =>
    z.object({
      creatorsCount: z.int(),
      byRole: Counts,
      totalFollowersCount: z.number(),
      impressions: z.number(),
      engagement: z.number(),
      spend: PerCurrency,
      activitiesCount: z.int(),
    }),
  ),
);

export const CreatorMetricsRecord = named(
  'CreatorMetrics',
  lazySchema(() =>
    z.object({
      creatorId: z.uuid(),
      currency: z.string(),
      activitiesCount: int(
        'Activities linked to the creator: the scope of the figures below, with the costs attributed to the creator.',
      ),
      totalFollowersCount: count("The sum of the latest follower counts of the creator's connected social accounts."),
      impressions: metricFields.impressions,
      engagement: metricFields.engagement,
      spend: money(
        `Spend attributed to the creator in the report currency (the same as totalCosts). ${SPEND_IN_CURRENCY}`,
      ),
      totalCosts: metricFields.totalCosts,
      otherCurrencySpend: described(
        PerCurrency,
        'Spend in each other currency that has no rate (the ECB publishes none and none was booked) or waits to be converted again, rounded to its minor unit: left out of spend, CPM and CPE.',
      ),
      deliveryCoverage: metricFields.deliveryCoverage,
      cpm: metricFields.cpm,
      cpe: metricFields.cpe,
      reach: described(z.null(), 'Null: no reach evidence is kept per creator.'),
      conversions: described(z.null(), 'Null: conversions are outcome measurements of campaigns, not of creators.'),
      cpa: described(z.null(), 'Null: without conversions there is no CPA.'),
    }),
  ),
);

/** A creator's metric history row: the same figures as every metric history's. */
export const CreatorMetricsDayRecord = named(
  'CreatorMetricsDay',
  /* @__PURE__ */ lazySchema(() => z.object(dayFields)),
);
