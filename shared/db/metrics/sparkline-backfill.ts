/**
 * The backfill of sparkline buckets (sparkline-buckets.ts) for `npm run reindex` (reindex.ts): an
 * activity's buckets get, for every day, the figures its day item holds, as the writers would have
 * ADDed them had the buckets existed (days written before them have no bucket; a day item gone
 * leaves zeros). Only the figures that differ are SET, each bucket in a transaction conditioned on
 * those attributes as read and on the day items they are taken from as read: a writer in between
 * (which moves both) wins, and the bucket counts as skipped. Idempotent: a second run writes nothing.
 */
import * as z from 'zod/mini';
import { addDays, datesBetween } from '../../domain/reporting/days.ts';
import { DayRollups } from './day-rollups.ts';
import { conditionHeld, defineProjection } from '../table/entity.ts';
import { absent, all, asRead, exists } from '../table/expressions.ts';
import { queryItems } from '../table/query.ts';
import { BUCKET_DAYS, bucketStart, figureNames, SparklineBuckets } from './sparkline-buckets.ts';
import { transact, type TransactItem } from '../table/transact.ts';

type Item = Record<string, unknown>;

/** An activity's day item, as the backfill conditions on its figures. */
const ActivityDays = defineProjection(DayRollups, () =>
  z.object({ impressions: z.optional(z.number()), engagement: z.optional(z.number()) }),
);

export interface BucketCounts {
  /** Buckets compared (those the day items imply and those stored). */
  scanned: number;
  /** Written (or, in a dry run, to be written). */
  updated: number;
  /** Changed by a writer between the read and the write: left as that writer made it. */
  skipped: number;
}

/** What one day's figures are in its bucket: `figureNames` to numbers. */
const attributesOf = (date: string, day: Item | undefined): Record<string, number> => {
  const names = figureNames(date);
  return { [names.impressions]: Number(day?.impressions ?? 0), [names.engagement]: Number(day?.engagement ?? 0) };
};

/** Brings the activity's buckets to what its day items hold; the buckets compared, written and skipped. */
export async function backfillSparklineBuckets(
  tenantId: string,
  activityId: string,
  { dryRun = false } = {},
): Promise<BucketCounts> {
  const [days, buckets] = await Promise.all([
    queryItems(DayRollups.query.ofScope(tenantId, { kind: 'activity', id: activityId }), { consistent: true }),
    queryItems(SparklineBuckets.query.ofActivity(tenantId, activityId), { consistent: true }),
  ]);
  const dayByDate = new Map(days.map((day) => [String(day.sk).slice(-10), day]));
  const bucketByStart = new Map(buckets.map((bucket) => [String(bucket.sk).slice(-10), bucket]));
  const starts = new Set([...[...dayByDate.keys()].map(bucketStart), ...bucketByStart.keys()]);
  const counts: BucketCounts = { scanned: starts.size, updated: 0, skipped: 0 };
  for (const start of starts) {
    const stored = bucketByStart.get(start) ?? {};
    // Every date of the bucket: one with a day item gets its figures, one without zeros.
    const stale = datesBetween(start, addDays(start, BUCKET_DAYS - 1)).filter((date) =>
      Object.entries(attributesOf(date, dayByDate.get(date))).some(
        ([name, value]) => Number(stored[name] ?? 0) !== value,
      ),
    );
    if (!stale.length) continue;
    if (dryRun) {
      counts.updated++;
      continue;
    }
    const set = Object.assign({}, ...stale.map((date) => attributesOf(date, dayByDate.get(date)))) as Record<
      string,
      number
    >;
    const written = await conditionHeld((failure) =>
      transact([
        SparklineBuckets.tx.update(
          SparklineBuckets.key(tenantId, activityId, start),
          { set },
          {
            condition: all(...Object.keys(set).map((name) => asRead(name, stored[name]))),
            failure,
          },
        ),
        ...stale.map((date) => dayAsRead(tenantId, activityId, date, dayByDate.get(date), failure)),
      ]),
    );
    counts[written ? 'updated' : 'skipped']++;
  }
  return counts;
}

/** The condition that a day item is still as read: its figures, or absent. */
function dayAsRead(
  tenantId: string,
  activityId: string,
  date: string,
  day: Item | undefined,
  failure: () => Error,
): TransactItem {
  const condition = day
    ? all(exists, asRead('impressions', day.impressions), asRead('engagement', day.engagement))
    : absent;
  return ActivityDays.tx.check(ActivityDays.key(tenantId, { kind: 'activity', id: activityId }, date), {
    condition,
    failure,
  });
}
