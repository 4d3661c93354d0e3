/**
 * The metric snapshot writer (docs/decisions.md "Metric snapshots and refresh"). Each reading of an
 * activity's public counts is kept as an immutable snapshot, at most one per activity and hour (a
 * repeat within the hour overwrites that hour's item: freshness without unbounded growth), and the
 * change it makes to the activity's metrics moves, in the same transaction, the day rollups of the
 * activity, its linked creators, its campaign and the tenant, and the contribution counters of
 * those aggregates (`contributionDelta`), with `newestSnapshotAt` (reporting's freshness). A
 * reading's increase counts on its own day, except an activity's first reading: a lifetime total, it
 * counts on the activity's publish date, as its spend does (first-reading.ts).
 *
 * A batch of a tenant's readings is written in as few transactions as DynamoDB's 100 items allow:
 * each activity's conditioned update (on everything its change was computed from: the previous
 * reading, stored metrics, manual counts, links, costs and campaign) and its snapshot appear once,
 * and each rollup item the transaction moves (the tenant's aggregate and day, a campaign's, a
 * creator's) appears once with its readings' changes summed. With the worker serializing a
 * tenant's batches (FIFO message group), a batch writes each of the tenant's rollup items once
 * rather than once per reading. A redelivered or older reading changes nothing; when a concurrent
 * change fails a condition, nothing of that transaction was written and its readings are read and
 * written again one by one.
 */
import * as z from 'zod/mini';
import {
  activityMetrics,
  contributionDelta,
  MANUAL_COUNT_FIELDS,
  type FetchedCounts,
  type ManualCounts,
} from '../../domain/activity-metrics.ts';
import { MAX_MINOR_UNITS } from '../../domain/currencies.ts';
import { firstReadingDay, localDate } from '../../domain/dates.ts';
import type { ContentReading, ReadingSource, UnavailableReason } from '../../domain/metric-readings.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import { linksOfActivity } from '../catalogue/creator-links.ts';
import { creatorStandingOf, standingOf } from '../catalogue/cost-rollups.ts';
import { Activities, standingUnchanged, type StoredActivity } from '../catalogue/activity-entity.ts';
import { dayRollupUpdate, mergeDayDeltas, type DayDelta, type RollupScope } from './day-rollups.ts';
import { conditionHeld, defineEntity, getRecord } from '../table/entity.ts';
import { all, asRead } from '../table/expressions.ts';
import type { Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { activityDaysWrites, countedScopes, readMetricDay, readMetricDays, type MetricDayRead } from './metric-days.ts';
import { MAX_TRANSACTION_ITEMS, transact, type TransactItem } from '../table/transact.ts';
import { getTenant } from '../tenancy/tenants.ts';
import { timeZoneOf } from '../../records/tenant.ts';

/** Rounds of re-reading after a concurrent change before giving up (the queue redelivers). */
const ROUNDS = 8;

/** Why an activity has no fetched number (shown as `metricsUnavailableReason`). */
export type UnavailableCause = UnavailableReason | 'content_not_found';

/** Likes and replies under each platform's own names; the rest of its engagement is "other". */
const LIKES = ['likeCount', 'like_count', 'ups'];
const REPLIES = ['commentCount', 'reply_count', 'comments_count', 'num_comments'];

/** A reading (or its snapshot) as the fetched counts the manual counts override field by field. */
export function fetchedCounts(reading: Pick<ContentReading, 'fields' | 'impressions' | 'engagement'>): FetchedCounts {
  const first = (names: string[]) => names.map((n) => reading.fields[n]).find((v) => typeof v === 'number') ?? 0;
  const likes = first(LIKES);
  const replies = first(REPLIES);
  return {
    impressions: reading.impressions,
    likes,
    replies,
    otherEngagement: Math.max(0, (reading.engagement ?? 0) - likes - replies),
  };
}

/** The hour a reading's snapshot is kept under (UTC, `YYYY-MM-DDTHH`). */
const hourOf = (instant: string) => new Date(instant).toISOString().slice(0, 13);

/** A snapshot item: one reading of an activity as the platform gave it, the last of its hour. */
export const Snapshots = defineEntity({
  name: 'The metric snapshot',
  schema: () =>
    z.object({
      activityId: z.string(),
      fields: z.custom<Record<string, number>>(),
      impressions: z.nullable(z.number()),
      engagement: z.nullable(z.number()),
      reach: z.nullable(z.number()),
      source: z.custom<ReadingSource>(),
      contentUrl: z.string(),
      fetchedAt: z.string(),
    }),
  key: keys.snapshot,
  nullableNumberKeys: ['impressions', 'engagement'],
  queries: {
    /** An activity's snapshots, oldest hour first. */
    ofActivity: collections.snapshotsOfActivity,
  },
});

/**
 * The activity as a move of its metrics read it: its standing (metrics, manual counts, last reading,
 * unavailable reason, costs), links and campaign, any of which changing meanwhile changes the move.
 */
const movedFromAsRead = (item: StoredActivity) =>
  all(standingUnchanged(item), asRead('linksRevision', item.linksRevision), asRead('campaignId', item.campaignId));

/** One reading of one activity, as the worker hands it over. */
export interface ActivityReading {
  activityId: string;
  reading: ContentReading;
}

/**
 * Records a tenant's readings: each rollup item of a transaction is written once with the sum of
 * its readings' changes. Readings of one activity go in turns (oldest first), since each is
 * conditioned on the one before; an activity deleted meanwhile is skipped.
 */
export async function recordReadings(tenantId: string, readings: readonly ActivityReading[]): Promise<void> {
  if (!readings.length) return;
  const timeZone = timeZoneOf(await getTenant(tenantId));
  for (const turn of turns(readings)) {
    const plans = await planned(tenantId, timeZone, turn);
    for (const chunk of chunksOf(plans)) {
      if (await written(chunk)) continue;
      // Something a reading was conditioned on changed (a cost, a link, a manual count, another
      // reading): nothing of the chunk was written; each of its readings again on its own.
      for (const plan of chunk) await recordAlone(tenantId, timeZone, plan.entry);
    }
  }
}

/** One reading in its own transaction, read again after each concurrent change. */
async function recordAlone(tenantId: string, timeZone: string, entry: ActivityReading): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const [plan] = await planned(tenantId, timeZone, [entry]);
    if (!plan || (await written([plan]))) return;
  }
  throw new Error(`The reading of activity ${entry.activityId} lost ${ROUNDS} rounds to concurrent changes`);
}

/** The readings in turns holding at most one reading of each activity, each activity's oldest first. */
function turns(readings: readonly ActivityReading[]): ActivityReading[][] {
  const out: ActivityReading[][] = [];
  const seen = new Map<string, number>();
  for (const entry of [...readings].sort((a, b) => a.reading.fetchedAt.localeCompare(b.reading.fetchedAt))) {
    const turn = seen.get(entry.activityId) ?? 0;
    seen.set(entry.activityId, turn + 1);
    let inTurn = out[turn];
    if (!inTurn) {
      inTurn = [];
      out[turn] = inTurn;
    }
    inTurn.push(entry);
  }
  return out;
}

/** What one reading writes, as read: its own items, and its changes to the shared rollup items. */
interface Plan {
  tenantId: string;
  entry: ActivityReading;
  campaignId: string | null;
  /** The snapshot put, the activity's conditioned update, and its own day item and sparkline bucket. */
  own: TransactItem[];
  /** The contribution counters it moves on each aggregate (tenant, creators, campaign). */
  aggregates: { key: Key; counts: Record<string, number> }[];
  /** Its day's increase on each scope (tenant, activity, creators, campaign). */
  days: { scope: RollupScope; date: string; delta: DayDelta }[];
}

/**
 * The plans of readings of distinct activities (read in parallel); readings already counted and deleted activities have none.
 * Each reading's day item is read with the activities, in one BatchGet: before its activity is read, any reading may move
 * metrics, so the day of one that turns out not to (redelivered, unchanged counts, its activity gone) is read for nothing,
 * one item of the batch, where reading only the days needed would wait for the activities first. An activity's first reading,
 * which counts on its publish date, reads that day once it knows it.
 */
async function planned(tenantId: string, timeZone: string, entries: readonly ActivityReading[]): Promise<Plan[]> {
  const dates = entries.map((entry) => localDate(entry.reading.fetchedAt, timeZone));
  const [activities, days] = await Promise.all([
    Promise.all(
      entries.map((entry) => getRecord(Activities, Activities.key(tenantId, entry.activityId), { consistent: true })),
    ),
    readMetricDays(
      tenantId,
      entries.map((entry, i) => ({ activityId: entry.activityId, date: dates[i]! })),
    ),
  ]);
  const plans = await Promise.all(
    entries.map((entry, i) =>
      plan(tenantId, timeZone, entry, { activity: activities[i], date: dates[i]!, day: days[i]! }),
    ),
  );
  return plans.filter((p): p is Plan => p !== undefined);
}

/** What a reading's plan is computed from: its activity (undefined: deleted), its local date and that day's item. */
interface Read {
  activity: StoredActivity | undefined;
  date: string;
  day: MetricDayRead;
}

async function plan(tenantId: string, timeZone: string, entry: ActivityReading, own: Read): Promise<Plan | undefined> {
  const { activityId, reading } = entry;
  const item = own.activity;
  if (!item) return undefined;
  const previous = item.lastFetchedAt;
  // Redelivered, or older than what is stored: already counted.
  if (previous !== undefined && previous >= reading.fetchedAt) return undefined;
  // A reading is a lifetime total: the first counts on the activity's publish date (as read: its
  // write is conditioned on startAt), later ones their increase on their own day.
  const first = previous === undefined ? firstReadingDay(item.startAt, reading.fetchedAt, timeZone) : undefined;
  const date = first?.day ?? own.date;
  const day = date === own.date ? own.day : await readMetricDay(tenantId, activityId, date);
  const manual = Object.fromEntries(MANUAL_COUNT_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as ManualCounts;
  const next = activityMetrics(manual, fetchedCounts(reading));
  // Items written before the activity kept metrics have neither attribute: they count as 0.
  const stored = { impressions: Number(item.impressions ?? 0), engagement: Number(item.engagement ?? 0) };
  // A reading clears the unavailable reason (its counter leaves the aggregates with it).
  const after = {
    ...item,
    ...next,
    lastFetchedAt: reading.fetchedAt,
    metricsUnavailableReason: undefined,
    ...(first ? { firstReadingBackdated: first.backdated } : {}),
  };
  const counts = contributionDelta(standingOf(item), standingOf(after));
  // A linked creator's, with the spend attributed to it (the costs are as read: costsRevision).
  const creatorCounts = (creatorId: string) =>
    contributionDelta(creatorStandingOf(item, creatorId), creatorStandingOf(after, creatorId));
  const delta = { impressions: next.impressions - stored.impressions, engagement: next.engagement - stored.engagement };
  const links = await linksOfActivity(tenantId, activityId);
  const campaignId = item.campaignId ?? null;
  // The day's increase counts where that day of the activity is counted (metric-days.ts).
  const target = { campaignId, creatorIds: links.map((l) => l.creatorId) };
  const moves = delta.impressions !== 0 || delta.engagement !== 0;
  const aggregates = [
    { key: keys.tenantAggregate(tenantId), counts },
    ...links.map((l) => ({ key: keys.creator(tenantId, l.creatorId), counts: creatorCounts(l.creatorId) })),
    ...(campaignId ? [{ key: keys.campaign(tenantId, campaignId), counts }] : []),
  ];
  // Conditioned on everything its change was computed from; its failure is the transaction's (`written`).
  const activityUpdate = Activities.tx.update(
    Activities.key(tenantId, activityId),
    {
      set: {
        impressions: next.impressions,
        engagement: next.engagement,
        lastFetchedAt: reading.fetchedAt,
        latest: { ...reading.fields },
        latestCounts: { ...reading.counts, fetchedAt: reading.fetchedAt, source: reading.source.kind },
        // Where the first reading's increase counts, so that it can follow a new start (first-reading.ts).
        ...(first
          ? {
              firstReading: { fetchedAt: reading.fetchedAt, day: date, ...delta },
              firstReadingBackdated: first.backdated,
            }
          : {}),
      },
      remove: ['metricsUnavailableReason'],
      // A repeat within the hour overwrites that hour's snapshot: no new one to count.
      add: { snapshotsCount: previous !== undefined && hourOf(previous) === hourOf(reading.fetchedAt) ? 0 : 1 },
    },
    { condition: first ? all(movedFromAsRead(item), asRead('startAt', item.startAt)) : movedFromAsRead(item) },
  );
  const snapshot = Snapshots.tx.put(Snapshots.key(tenantId, activityId, hourOf(reading.fetchedAt)), {
    activityId,
    fields: reading.fields,
    impressions: reading.impressions,
    engagement: reading.engagement,
    reach: reading.reach,
    source: reading.source,
    contentUrl: reading.contentUrl,
    fetchedAt: reading.fetchedAt,
  });
  return {
    tenantId,
    entry,
    campaignId,
    own: [
      snapshot,
      activityUpdate,
      ...(moves ? activityDaysWrites(tenantId, activityId, target, [{ date, delta, read: day }]) : []),
    ],
    aggregates,
    days: moves ? countedScopes(target, day).map((scope) => ({ scope, date, delta })) : [],
  };
}

/** A rollup item's identity in a transaction. */
const keyText = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** The rollup items a plan moves. */
const rollupKeys = (plan: Plan) => [
  ...plan.aggregates.map((a) => keyText(a.key)),
  ...plan.days.map((d) => keyText(keys.dayRollup(plan.tenantId, d.scope, d.date))),
];

/**
 * The plans in transactions of at most 100 items: each plan's own items (snapshot, activity, its day and sparkline bucket), plus each rollup item
 * its chunk moves once. A campaign's readings go together, so that they share its items.
 */
function chunksOf(plans: readonly Plan[]): Plan[][] {
  const chunks: Plan[][] = [];
  let chunk: Plan[] = [];
  let own = 0;
  let rollups = new Set<string>();
  for (const p of [...plans].sort((a, b) => (a.campaignId ?? '').localeCompare(b.campaignId ?? ''))) {
    const moved = rollupKeys(p);
    const added = moved.filter((k) => !rollups.has(k)).length;
    if (chunk.length && own + p.own.length + rollups.size + added > MAX_TRANSACTION_ITEMS) {
      chunks.push(chunk);
      chunk = [];
      own = 0;
      rollups = new Set();
    }
    own += p.own.length;
    chunk.push(p);
    for (const k of moved) rollups.add(k);
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/**
 * Writes a chunk's readings in one transaction, each rollup item once with its readings' changes
 * summed; false when a condition failed (nothing written).
 */
function written(chunk: readonly Plan[]): Promise<boolean> {
  const aggregates = new Map<string, { key: Key; counts: Record<string, number>; newest: string }>();
  const days = new Map<string, { scope: RollupScope; date: string; delta: DayDelta }>();
  for (const p of chunk) {
    const at = p.entry.reading.fetchedAt;
    for (const { key, counts } of p.aggregates) {
      const merged = aggregates.get(keyText(key));
      if (!merged) aggregates.set(keyText(key), { key, counts: { ...counts }, newest: at });
      else {
        for (const [name, by] of Object.entries(counts)) merged.counts[name] = addExact(merged.counts[name] ?? 0, by);
        if (at > merged.newest) merged.newest = at;
      }
    }
    for (const day of p.days) {
      const name = keyText(keys.dayRollup(p.tenantId, day.scope, day.date));
      const merged = days.get(name);
      days.set(name, merged ? { ...merged, delta: mergeDayDeltas(merged.delta, day.delta) } : day);
    }
  }
  const tenantId = chunk[0]!.tenantId;
  const items = [
    ...chunk.flatMap((p) => p.own),
    // Each aggregate's counters with the newest reading it now counts (freshness): a SET alone when no counter moves.
    ...[...aggregates.values()].map(
      ({ key, counts, newest }) => aggregateUpdate(key, { counts }, { set: { newestSnapshotAt: newest } })!,
    ),
    ...[...days.values()].flatMap(({ scope, date, delta }) => dayRollupUpdate(tenantId, scope, date, delta) ?? []),
  ];
  return conditionHeld((failure) => transact(items.map((item) => ({ ...item, failure }))));
}

/** A sum of counters, exact for money (major units never have more than MAX_MINOR_UNITS decimals). */
const addExact = (a: number, b: number) => Number((a + b).toFixed(MAX_MINOR_UNITS));

/**
 * Says why the activity has no fetched number; the next successful reading clears it. While the
 * activity has no metrics from either source, the reason is counted on the aggregates of its tenant,
 * campaign and linked creators (`activitiesUnavailable_<reason>`, activity-metrics.ts
 * `contribution`), moved in the same transaction; the write is conditioned on everything the move
 * was computed from (its standing, links and campaign) and read again after a concurrent change.
 */
export async function markUnavailable(tenantId: string, activityId: string, reason: UnavailableCause): Promise<void> {
  const key = Activities.key(tenantId, activityId);
  for (let round = 0; round < ROUNDS; round++) {
    const item = await getRecord(Activities, key, { consistent: true });
    // The activity was deleted meanwhile, or already says so: nothing to mark.
    if (!item || item.metricsUnavailableReason === reason) return;
    const counts = contributionDelta(standingOf(item), standingOf({ ...item, metricsUnavailableReason: reason }));
    const moves = Object.keys(counts).length > 0;
    const links = moves ? await linksOfActivity(tenantId, activityId) : [];
    const campaignId = item.campaignId ?? null;
    const aggregates: Key[] = moves
      ? [
          keys.tenantAggregate(tenantId),
          ...(campaignId ? [keys.campaign(tenantId, campaignId)] : []),
          ...links.map((l) => keys.creator(tenantId, l.creatorId)),
        ]
      : [];
    // Something it read changed (a reading, a manual count, a link, a delete): read again.
    const written = await conditionHeld((failure) =>
      transact([
        Activities.tx.update(
          key,
          { set: { metricsUnavailableReason: reason } },
          { condition: movedFromAsRead(item), failure },
        ),
        ...aggregates.flatMap((k) => aggregateUpdate(k, { counts }) ?? []).map((update) => ({ ...update, failure })),
      ]),
    );
    if (written) return;
  }
  throw new Error(`Marking activity ${activityId} unavailable lost ${ROUNDS} rounds to concurrent changes`);
}
