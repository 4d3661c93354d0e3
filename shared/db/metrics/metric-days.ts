/**
 * Where an activity's daily metric increases are counted. Each day item of an activity
 * (`DAY#ACTIVITY#<id>#<date>`, day-rollups.ts) records `metricScopes`: the campaign and creators
 * whose day items of that date count its impressions and engagement (the tenant's always does).
 * A metric writer (a snapshot, a manual count) adds the day's increase to the scopes the day item
 * records, or, for a day not counted anywhere yet, to the activity's campaign and creators as read,
 * and records them; the write is conditioned on the day item's scopes as read. The activity's own
 * increases also go, in the same transaction, to its sparkline bucket (sparkline-buckets.ts).
 *
 * Linking, moving and unlinking (campaign or creator) leave the days where they are;
 * `placeMetricDays` then moves each day whose scopes differ from what the activity now implies (its
 * increases out of the old scopes' day items and into the new ones, conditioned on the day item's
 * figures and scopes as read), as many whole days per transaction as DynamoDB's 100 items hold, each
 * transaction conditioned on the activity's campaign and links as read, as `placeSpend` moves
 * costs (activity-spend-days.ts): any number of days moves, a crash midway leaves every day counted
 * exactly once, and running it again finishes. So a campaign's or creator's history always sums to
 * the metrics its aggregate counts.
 *
 * Days written before `metricScopes` existed were counted where the activity was then, which is
 * no longer known: they stay where they are.
 */
import * as z from 'zod/mini';
import { conflict } from '../../domain/errors.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import { conditionHeld, defineEntity, defineProjection, getRecord, updateRecord } from '../table/entity.ts';
import { DayRollups, dayRollupUpdate, type DayDelta, type RollupScope } from './day-rollups.ts';
import { absent, all, any, asRead, compare, equals, exists, lacks } from '../table/expressions.ts';
import type { Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import { batchGet } from '../table/operations.ts';
import { queryItems } from '../table/query.ts';
import { Activities } from '../catalogue/activity-entity.ts';
import { bucketStart, bucketWrites } from './sparkline-buckets.ts';
import { transact, transactionsOf, type TransactItem } from '../table/transact.ts';

/** A campaign or creator whose day items count an activity's day: `CAMPAIGN#<id>` or `CREATOR#<id>`. */
export type MetricScope = `CAMPAIGN#${string}` | `CREATOR#${string}`;

/** The campaign and creators an activity's metrics count in now (its item's campaignId and its creator links). */
export interface MetricTarget {
  campaignId: string | null;
  creatorIds: readonly string[];
}

/** The scopes of a target, sorted (they are compared and stored as a list). */
export function scopesOf(target: MetricTarget): MetricScope[] {
  const scopes: MetricScope[] = [
    ...(target.campaignId ? [`CAMPAIGN#${target.campaignId}` as const] : []),
    ...target.creatorIds.map((id) => `CREATOR#${id}` as const),
  ];
  return [...new Set(scopes)].sort();
}

function rollupScope(scope: MetricScope): RollupScope {
  const [kind, id] = scope.split('#') as [string, string];
  return { kind: kind === 'CAMPAIGN' ? 'campaign' : 'creator', id };
}

/** An activity's day item, as the metric writers read and condition on it (its spend is cost-rollups.ts's). */
const MetricDays = defineProjection(DayRollups, () =>
  z.object({ impressions: z.number(), engagement: z.number(), metricScopes: z.optional(z.custom<MetricScope[]>()) }),
);

/** The activity item, as a move of its days reads and conditions on it: its campaign and links. */
const ActivityTargets = defineProjection(Activities, () =>
  z.object({ campaignId: z.nullable(z.string()), linksRevision: z.optional(z.number()) }),
);

/** Any campaign or creator item, as `goneScopes` asks whether it is there. */
const ScopeItems = defineEntity({ name: 'The record', schema: () => z.object({}), key: (key: Key) => key });

/** An item whose freshness `noteFreshness` moves (an aggregate: the tenant's, a campaign's, a creator's). */
const Freshness = defineEntity({
  name: 'The aggregate',
  schema: () => z.object({ newestSnapshotAt: z.optional(z.string()) }),
  key: (key: Key) => key,
});

/** What a metric writer read of an activity's day item: whether it exists and where it is counted. */
export interface MetricDayRead {
  exists: boolean;
  /** Undefined: never counted with scopes (a new day, a spend-only day, or one written before scopes). */
  scopes: MetricScope[] | undefined;
}

/** The key of an activity's own day item. */
const activityDayKey = (tenantId: string, activityId: string, date: string) =>
  MetricDays.key(tenantId, { kind: 'activity', id: activityId }, date);
const dayRead = (day: { metricScopes?: MetricScope[] } | undefined): MetricDayRead => ({
  exists: Boolean(day),
  scopes: day?.metricScopes,
});

/** The activity's day item of `date` as it stands (consistent read). */
export async function readMetricDay(tenantId: string, activityId: string, date: string): Promise<MetricDayRead> {
  return dayRead(
    await getRecord(MetricDays, activityDayKey(tenantId, activityId, date), {
      consistent: true,
      attributes: ['metricScopes'],
    }),
  );
}

/**
 * `readMetricDay` of many days (of the tenant's activities) in one consistent BatchGet, answered in
 * the order asked: a batch of readings reads its days in one round trip, not one GetItem each.
 */
export async function readMetricDays(
  tenantId: string,
  days: readonly { activityId: string; date: string }[],
): Promise<MetricDayRead[]> {
  const dayKeys = days.map(({ activityId, date }) => activityDayKey(tenantId, activityId, date));
  // One partition (the tenant's): the sort key names a day; batchGet reads a key listed twice once.
  const found = new Map(
    (await batchGet(dayKeys, { consistent: true })).map((item) => [item.sk as string, MetricDays.fromItem(item)]),
  );
  return dayKeys.map((key) => dayRead(found.get(key.sk)));
}

const sameScopes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * The scopes whose day items count a metric increase of the activity's day: the tenant's, and the
 * campaign and creators the day is counted in (`read`), or for a day not counted yet the target's.
 */
export function countedScopes(target: MetricTarget, read: MetricDayRead): RollupScope[] {
  return [{ kind: 'tenant' }, ...(read.scopes ?? scopesOf(target)).map(rollupScope)];
}

/**
 * The update of the activity's own day item for an increase: ADD it, recording the scopes it is
 * counted in when it has none, conditioned on what `read` saw (a move or another writer in between
 * sends the writer round again).
 */
function activityDayWrite(
  tenantId: string,
  activityId: string,
  date: string,
  delta: DayDelta,
  target: MetricTarget,
  read: MetricDayRead,
): TransactItem {
  const condition = !read.exists
    ? absent
    : read.scopes
      ? equals('metricScopes', read.scopes)
      : all(exists, lacks('metricScopes'));
  const { Update } = MetricDays.tx.update(
    activityDayKey(tenantId, activityId, date),
    {
      add: { impressions: delta.impressions ?? 0, engagement: delta.engagement ?? 0 },
      ...(read.scopes ? {} : { set: { metricScopes: scopesOf(target) } }),
    },
    { condition },
  );
  // No failure of its own: the writers name theirs for the whole transaction.
  return { Update };
}

/** An increase of one day of an activity, with what its writer read of that day's item. */
export interface MetricDayIncrease {
  date: string;
  delta: DayDelta;
  read: MetricDayRead;
}

const increaseOf = ({ date, delta }: MetricDayIncrease) => ({
  date,
  impressions: delta.impressions ?? 0,
  engagement: delta.engagement ?? 0,
});

/**
 * The activity's own writes for increases of its days (distinct dates): each day item
 * (`activityDayWrite`) and its sparkline buckets (sparkline-buckets.ts), each bucket once.
 */
export function activityDaysWrites(
  tenantId: string,
  activityId: string,
  target: MetricTarget,
  days: readonly MetricDayIncrease[],
): TransactItem[] {
  return [
    ...days.map(({ date, delta, read }) => activityDayWrite(tenantId, activityId, date, delta, target, read)),
    ...bucketWrites(tenantId, activityId, days.map(increaseOf)),
  ];
}

/**
 * The writes that add metric increases of an activity's days (distinct dates): its own
 * (`activityDaysWrites`) and the counted scopes' days; none for a day whose increase is zero.
 */
export function metricDaysWrites(
  tenantId: string,
  activityId: string,
  target: MetricTarget,
  days: readonly MetricDayIncrease[],
): TransactItem[] {
  const moving = days.filter(({ delta }) => delta.impressions || delta.engagement);
  return [
    ...activityDaysWrites(tenantId, activityId, target, moving),
    ...moving.flatMap(({ date, delta, read }) =>
      countedScopes(target, read).flatMap((scope) => dayRollupUpdate(tenantId, scope, date, delta) ?? []),
    ),
  ];
}

/** `metricDaysWrites` of one day. */
export function metricDayWrites(
  tenantId: string,
  activityId: string,
  date: string,
  delta: DayDelta,
  target: MetricTarget,
  read: MetricDayRead,
): TransactItem[] {
  return metricDaysWrites(tenantId, activityId, target, [{ date, delta, read }]);
}

/**
 * The activity's campaign and creator links as they stand, with what a move is conditioned on: one
 * consistent Query reads the activity item and its links together (their sort keys share a prefix).
 */
async function readTarget(
  tenantId: string,
  activityId: string,
): Promise<(MetricTarget & { linksRevision: number | undefined }) | undefined> {
  const items = await queryItems(Activities.query.withCreators(tenantId, activityId), {
    consistent: true,
    attributes: ['campaignId', 'linksRevision', 'creatorId'],
  });
  const activityKey = ActivityTargets.key(tenantId, activityId);
  const activityItem = items.find((item) => item.sk === activityKey.sk);
  if (!activityItem) return undefined;
  const activity = ActivityTargets.fromItem(activityItem);
  return {
    campaignId: typeof activity.campaignId === 'string' ? activity.campaignId : null,
    creatorIds: items.filter((item) => item !== activityItem).map((l) => l.creatorId as string),
    linksRevision: activity.linksRevision,
  };
}

class DayStale extends Error {}

/** The activity's own day items. */
const activityDays = (tenantId: string, activityId: string) =>
  DayRollups.query.ofScope(tenantId, { kind: 'activity', id: activityId });

/**
 * Moves each of the activity's counted days to the scopes it now implies (see above); returns how
 * many it moved. Idempotent: a second run moves none. An activity that is gone moves nothing.
 */
export async function placeMetricDays(tenantId: string, activityId: string): Promise<number> {
  let moved = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    const target = await readTarget(tenantId, activityId);
    if (!target) return moved;
    const scopes = scopesOf(target);
    const days = await queryItems(activityDays(tenantId, activityId), { consistent: true });
    const moving = days.filter((day) => day.metricScopes && !sameScopes(day.metricScopes as string[], scopes));
    const gone = await goneScopes(
      tenantId,
      moving.flatMap((day) => day.metricScopes as MetricScope[]),
    );
    try {
      // As many days per transaction as fit, each whole (a year of daily readings is a dozen transactions, not 365).
      for (const batch of transactionsOf(
        moving.map((day) => dayMove(tenantId, day, day.metricScopes as MetricScope[], scopes, gone)),
        1,
      )) {
        await transact([targetCheck(tenantId, activityId, target), ...batch.flat()]);
        moved += batch.length;
      }
      return moved;
    } catch (error) {
      // A day or the activity changed meanwhile (a reading, another link): start over from what it implies now.
      if (!(error instanceof DayStale)) throw error;
    }
  }
  throw conflict('The activity kept changing while its metric history was being moved; retry.');
}

/** The condition, once per transaction, that the activity's campaign and links are still those the moves go to. */
const targetCheck = (
  tenantId: string,
  activityId: string,
  target: MetricTarget & { linksRevision: number | undefined },
): TransactItem =>
  ActivityTargets.tx.check(ActivityTargets.key(tenantId, activityId), {
    condition: all(
      asRead('campaignId', target.campaignId),
      target.linksRevision === undefined ? lacks('linksRevision') : equals('linksRevision', target.linksRevision),
    ),
    failure: () => new DayStale(),
  });

/** One day's move from its scopes to `to`: its own item (conditioned on its scopes and figures as read) and the scopes' day items. */
function dayMove(
  tenantId: string,
  day: Record<string, unknown>,
  from: MetricScope[],
  to: MetricScope[],
  gone: ReadonlySet<MetricScope>,
): TransactItem[] {
  const date = dateOf(day);
  const figures = { impressions: Number(day.impressions ?? 0), engagement: Number(day.engagement ?? 0) };
  // A deleted campaign or creator has no history left to correct (an ADD would make a stray item of it).
  const leaving = from.filter((s) => !to.includes(s) && !gone.has(s));
  const arriving = to.filter((s) => !from.includes(s));
  return [
    MetricDays.tx.update(
      dayKey(day),
      { set: { metricScopes: to } },
      {
        condition: all(equals('metricScopes', from), figuresAsRead(figures)),
        failure: () => new DayStale(),
      },
    ),
    ...(figures.impressions || figures.engagement
      ? [
          ...leaving.map((s) => scopeDayAdd(tenantId, s, date, -figures.impressions, -figures.engagement)),
          ...arriving.map((s) => scopeDayAdd(tenantId, s, date, figures.impressions, figures.engagement)),
        ]
      : []),
  ];
}

/** The key of a day item as queried. */
const dayKey = (day: Record<string, unknown>): Key => ({ pk: day.pk as string, sk: day.sk as string });

/** The condition that a day item's figures are still those read. */
const figuresAsRead = (figures: { impressions: number; engagement: number }) =>
  all(equals('impressions', figures.impressions), equals('engagement', figures.engagement));

const scopeDayAdd = (
  tenantId: string,
  scope: MetricScope,
  date: string,
  impressions: number,
  engagement: number,
): TransactItem =>
  aggregateUpdate(
    keys.dayRollup(tenantId, rollupScope(scope), date),
    { counts: { impressions, engagement } },
    { mustExist: false },
  )!;

/** The scopes among these whose campaign or creator no longer exists. */
async function goneScopes(tenantId: string, scopes: readonly MetricScope[]): Promise<Set<MetricScope>> {
  const distinct = [...new Set(scopes)];
  const found = await Promise.all(
    distinct.map(async (scope) => {
      const { kind, id } = rollupScope(scope) as { kind: 'campaign' | 'creator'; id: string };
      const found = await getRecord(
        ScopeItems,
        kind === 'campaign' ? keys.campaign(tenantId, id) : keys.creator(tenantId, id),
        { attributes: [] },
      );
      return found ? undefined : scope;
    }),
  );
  return new Set(found.filter((s): s is MetricScope => s !== undefined));
}

/**
 * An aggregate's freshness (`newestSnapshotAt`) takes the newest reading of an activity it gains,
 * unless it has a newer one already, so that a report names the evidence it counts.
 */
export async function noteFreshness(key: Key, fetchedAt: string): Promise<void> {
  await conditionHeld((failure) =>
    updateRecord(
      Freshness,
      key,
      { set: { newestSnapshotAt: fetchedAt } },
      {
        condition: all(exists, any(lacks('newestSnapshotAt'), compare('newestSnapshotAt', '<', fetchedAt))),
        failure,
      },
    ),
  );
}

/**
 * Takes a deleted activity's metric days out of the histories: each day item with figures goes with
 * its increases taken off the tenant's day and the days of the scopes it is counted in (conditioned
 * on its figures as read: a reading in between sends it round again) and off its sparkline bucket
 * (sparkline-buckets.ts), as many whole days of one bucket per transaction as 100 items hold. Run
 * before and after the activity itself goes (a reading can land in between; none after), so that
 * every history still sums to what the aggregates count. Days written before `metricScopes` come
 * off the tenant's day only (where else they counted is not known).
 */
export async function withdrawMetricDays(tenantId: string, activityId: string): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const days = (await queryItems(activityDays(tenantId, activityId), { consistent: true })).filter(
      (d) => Number(d.impressions ?? 0) || Number(d.engagement ?? 0),
    );
    if (!days.length) return;
    const gone = await goneScopes(
      tenantId,
      days.flatMap((d) => (d.metricScopes as MetricScope[] | undefined) ?? []),
    );
    try {
      // A bucket's days together, so that each transaction takes their figures off their sparkline bucket in one update (the item kept for it).
      for (const bucketDays of byBucket(days)) {
        let next = 0;
        for (const batch of transactionsOf(
          bucketDays.map((day) => dayWithdrawal(tenantId, day, gone)),
          1,
        )) {
          const from = next;
          next += batch.length;
          const withdrawn = bucketDays.slice(from, next).map((day) => ({
            date: dateOf(day),
            impressions: -Number(day.impressions ?? 0),
            engagement: -Number(day.engagement ?? 0),
          }));
          await transact([...batch.flat(), ...bucketWrites(tenantId, activityId, withdrawn)]);
        }
      }
      return;
    } catch (error) {
      if (!(error instanceof DayStale)) throw error;
    }
  }
  throw conflict('The activity kept changing while its metric history was being removed; retry.');
}

/** The date of a day item as queried. */
const dateOf = (day: Record<string, unknown>) => String(day.sk).slice(-10);

/** Day items grouped by their sparkline bucket, in the order given. */
function byBucket(days: readonly Record<string, unknown>[]): Record<string, unknown>[][] {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const day of days) {
    const start = bucketStart(dateOf(day));
    groups.set(start, [...(groups.get(start) ?? []), day]);
  }
  return [...groups.values()];
}

function dayWithdrawal(tenantId: string, day: Record<string, unknown>, gone: ReadonlySet<MetricScope>): TransactItem[] {
  const date = dateOf(day);
  const impressions = Number(day.impressions ?? 0);
  const engagement = Number(day.engagement ?? 0);
  const scopes = ((day.metricScopes as MetricScope[] | undefined) ?? []).filter((s) => !gone.has(s));
  return [
    MetricDays.tx.delete(dayKey(day), {
      condition: figuresAsRead({ impressions, engagement }),
      failure: () => new DayStale(),
    }),
    dayRollupUpdate(tenantId, { kind: 'tenant' }, date, { impressions: -impressions, engagement: -engagement })!,
    ...scopes.map((s) => scopeDayAdd(tenantId, s, date, -impressions, -engagement)),
  ];
}
