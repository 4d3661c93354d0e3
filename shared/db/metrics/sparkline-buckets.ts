/**
 * Sparkline buckets (GET /v1/activities/sparklines): an activity's daily increases of impressions
 * and engagement, as its own day items (`DAY#ACTIVITY#<aid>#<date>`, day-rollups.ts) hold them, kept
 * again in one item per 30 days (epoch days 0-29, 30-59, ...: `SPARKLINE#<aid>#<first date>`), so
 * that the last 30 days of an activity are at most 2 items and the sparklines of 100 activities a
 * few BatchGets, where the day items took one Query per activity (and a BatchGet of them, 30 keys
 * per activity, 30 BatchGets of 100 keys).
 *
 * A day's figures are flat number attributes `i<MM-DD>` and `e<MM-DD>` (a bucket spans less than a
 * year, so month and day name its date): an ADD creates them, and the item, with no map that must
 * exist first (as day-rollups.ts keeps spend), and a full bucket stays under 1 KB, one write unit
 * (with the whole date in each name it would not).
 *
 * Every writer of an activity day's figures ADDs the same increase to its bucket in the same
 * transaction (metric-days.ts `activityDaysWrites` and `withdrawMetricDays`), one update per bucket
 * item with its days summed: a transaction names an item once, and one can move two days of an
 * activity (a first reading moved to a new publish date). The buckets go with the activity
 * (snapshot-deletion.ts) and with its tenant's partition; `npm run reindex` builds them from the day
 * items written before them (sparkline-backfill.ts).
 */
import * as z from 'zod/mini';
import { defineEntity } from '../table/entity.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchGet } from '../table/operations.ts';
import type { TransactItem } from '../table/transact.ts';

const DAY_MS = 86_400_000;

/** Days per bucket: a sparkline's 30 consecutive days touch at most 2 buckets. */
export const BUCKET_DAYS = 30;

/** The first date of the bucket holding `date` (YYYY-MM-DD). */
export function bucketStart(date: string): string {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  const offset = ((day % BUCKET_DAYS) + BUCKET_DAYS) % BUCKET_DAYS;
  return new Date((day - offset) * DAY_MS).toISOString().slice(0, 10);
}

/** The attributes holding a day's impressions and engagement in its bucket. */
export const figureNames = (date: string) => ({ impressions: `i${date.slice(5)}`, engagement: `e${date.slice(5)}` });

/** A bucket item: figure attributes alone (`figureNames`). */
export const SparklineBuckets = defineEntity({
  name: 'The sparkline bucket',
  schema: () => z.record(z.string(), z.number()),
  key: keys.sparklineBucket,
  queries: {
    /** An activity's buckets, oldest first. */
    ofActivity: collections.sparklineBucketsOfActivity,
  },
});

/** One day's increase of an activity's figures. */
export interface DayIncrease {
  date: string;
  impressions: number;
  engagement: number;
}

/**
 * The updates adding increases of one activity's days to its buckets: one per bucket, its days'
 * increases summed, creating it when absent; none where nothing moves.
 */
export function bucketWrites(tenantId: string, activityId: string, days: readonly DayIncrease[]): TransactItem[] {
  const byBucket = new Map<string, Record<string, number>>();
  for (const day of days) {
    const start = bucketStart(day.date);
    const add = byBucket.get(start) ?? {};
    const names = figureNames(day.date);
    add[names.impressions] = (add[names.impressions] ?? 0) + day.impressions;
    add[names.engagement] = (add[names.engagement] ?? 0) + day.engagement;
    byBucket.set(start, add);
  }
  return [...byBucket].flatMap(([start, add]) => {
    const moving = Object.fromEntries(Object.entries(add).filter(([, by]) => by !== 0));
    if (!Object.keys(moving).length) return [];
    // No condition: the transaction's other items are conditioned on what the increase was computed from.
    const { Update } = SparklineBuckets.tx.update(
      SparklineBuckets.key(tenantId, activityId, start),
      { add: moving },
      { condition: null },
    );
    return [{ Update }];
  });
}

export interface Sparkline {
  activityId: string;
  points: DayIncrease[];
}

/**
 * The sparklines of the tenant's activities over `dates` (consecutive, at most BUCKET_DAYS + 1), in
 * the order asked, zero-filled; undefined when an id is not an activity of the tenant. One batchGet
 * reads the activity items (that they exist) and their buckets together: 100 activities are 3
 * BatchGets of 100 keys (2 when the dates fall in one bucket), read at once.
 */
export async function readSparklines(
  tenantId: string,
  activityIds: readonly string[],
  dates: readonly string[],
): Promise<Sparkline[] | undefined> {
  const starts = [...new Set(dates.map(bucketStart))];
  const activityKeys = activityIds.map((id) => keys.activity(tenantId, id));
  const bucketKeys = activityIds.flatMap((id) => starts.map((start) => SparklineBuckets.key(tenantId, id, start)));
  // One partition (the tenant's): a sort key names an item.
  const found = new Map((await batchGet([...activityKeys, ...bucketKeys])).map((item) => [item.sk as string, item]));
  if (activityKeys.some((key) => !found.has(key.sk))) return undefined;
  return activityIds.map((activityId) => ({
    activityId,
    points: dates.map((date) => {
      const bucket = found.get(SparklineBuckets.key(tenantId, activityId, bucketStart(date)).sk);
      const names = figureNames(date);
      return {
        date,
        impressions: Number(bucket?.[names.impressions] ?? 0),
        engagement: Number(bucket?.[names.engagement] ?? 0),
      };
    }),
  }));
}
