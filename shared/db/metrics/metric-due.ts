/**
 * The metric refresh's due index (gsi4, keys.metricsDue): which tracked activities are due for a
 * reading and when. The keys live on the activity item itself, so deleting the activity (or its
 * tenant) removes its entry with it, and the index is sparse: an activity without a content link
 * has no entry and costs the dispatcher nothing.
 *
 * The activity's `metricsFetchDueAt` always equals the due time in its gsi4sk; a queued message
 * names the due time it was sent for, so a message whose due time has moved on (read already, link
 * changed or disconnected) is stale and does nothing.
 */
import * as z from 'zod/mini';
import { conditionHeld, defineEntity, updateRecord, type Changes } from '../table/entity.ts';
import { equals } from '../table/expressions.ts';
import { DUE_SHARDS, type Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchGet } from '../table/operations.ts';
import { queryItemsUpTo } from '../table/query.ts';

/** One tracked activity due for a reading, as the dispatcher finds it. */
export interface DueActivity {
  tenantId: string;
  activityId: string;
  /** The due time the entry had when found (the activity's `metricsFetchDueAt`). */
  dueAt: string;
}

/** One connected social account due for a follower count (daily). */
export interface DueAccount {
  tenantId: string;
  creatorId: string;
  accountId: string;
  /** The account's `followersFetchDueAt` when found. */
  dueAt: string;
}

export type DueItem = ({ kind: 'content' } & DueActivity) | ({ kind: 'followers' } & DueAccount);

/** What the worker needs of a tracked activity to read it and plan the next reading. */
export interface TrackedActivity extends DueActivity {
  channel: string;
  contentUrl: string;
  startAt: string | null;
  contentConnectedAt: string | null;
}

/**
 * The attributes a content link change sets or removes on the activity: connecting (or changing)
 * makes it due now and records when it was connected (the cadence's anchor without a publish
 * date); disconnecting takes it out of the index.
 */
export function trackingAttributes(
  tenantId: string,
  activityId: string,
  tracking: 'due' | 'stop',
  now: string,
): { sets: Record<string, string>; removes: ('metricsFetchDueAt' | 'contentConnectedAt' | 'gsi4pk' | 'gsi4sk')[] } {
  if (tracking === 'stop')
    return { sets: {}, removes: ['metricsFetchDueAt', 'contentConnectedAt', 'gsi4pk', 'gsi4sk'] };
  return {
    sets: { metricsFetchDueAt: now, contentConnectedAt: now, ...keys.metricsDue(tenantId, activityId, now) },
    removes: [],
  };
}

/** The reading an index entry (keys only: table keys and gsi4sk), or an item in the index, stands for. */
export function dueItem(item: Record<string, unknown>): DueItem | undefined {
  const tenantId = String(item.pk).slice('TENANT#'.length);
  const dueAt = String(item.gsi4sk).split('#')[0]!;
  const sk = String(item.sk);
  const activity = /^ACTIVITY#([^#]+)$/.exec(sk);
  if (activity) return { kind: 'content', tenantId, activityId: activity[1]!, dueAt };
  const account = /^CREATOR#([^#]+)#SOCIAL#([^#]+)$/.exec(sk);
  if (account) return { kind: 'followers', tenantId, creatorId: account[1]!, accountId: account[2]!, dueAt };
  return undefined;
}

/**
 * The entries of every shard due at or before `now` (activities and social accounts), oldest first
 * within a shard: one Query per shard on the sparse index (never a scan), at most `limit` entries
 * per shard so one run stays bounded; what is left is found by the next run.
 */
export async function dueItems(now: Date, limit = 5000): Promise<DueItem[]> {
  // `<iso>#...` sorts after `<iso>` and before `<iso>$`: everything due up to and including now.
  const bound = `${now.toISOString()}$`;
  const shards = await Promise.all(
    Array.from({ length: DUE_SHARDS }, (_, shard) => queryItemsUpTo(DueItems.query.dueBefore(shard, bound), limit)),
  );
  return shards.flat().flatMap((item) => dueItem(item) ?? []);
}

/** The activities due at or before `now` (dueItems, activities only). */
export async function dueActivities(now: Date, limit?: number): Promise<DueActivity[]> {
  return (await dueItems(now, limit)).flatMap(({ kind, ...item }) => (kind === 'content' ? [item as DueActivity] : []));
}

/**
 * The activities named, as they are now, for those still due at the time named: an activity gone,
 * disconnected, or whose due time moved on since the message was sent is left out (a redelivered
 * or stale message reads nothing).
 */
export async function trackedActivities(due: readonly DueActivity[]): Promise<TrackedActivity[]> {
  const items = await batchGet(due.map((d) => keys.activity(d.tenantId, d.activityId)));
  const byKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
  return due.flatMap((d) => {
    const key = keys.activity(d.tenantId, d.activityId);
    const item = byKey.get(`${key.pk}|${key.sk}`);
    if (!item || typeof item.contentHref !== 'string' || item.metricsFetchDueAt !== d.dueAt) return [];
    return [
      {
        ...d,
        channel: String(item.channel),
        contentUrl: item.contentHref,
        startAt: (item.startAt as string | null | undefined) ?? null,
        contentConnectedAt: (item.contentConnectedAt as string | null | undefined) ?? null,
      },
    ];
  });
}

/**
 * Moves an activity's due time from `from` to `next` (null: never again, out of the index), on the
 * condition that it is still `from`: a link changed or disconnected meanwhile keeps its own due
 * time. Answers false when that condition failed (or the activity is gone).
 */
export function moveDue(tenantId: string, activityId: string, from: string, next: string | null): Promise<boolean> {
  return moveDueOf(keys.activity(tenantId, activityId), 'metricsFetchDueAt', tenantId, activityId, from, next);
}

/** The same for an account's follower count (`followersFetchDueAt`). */
export function moveAccountDue(account: DueAccount, next: string | null): Promise<boolean> {
  return moveDueOf(
    keys.socialAccount(account.tenantId, account.creatorId, account.accountId),
    'followersFetchDueAt',
    account.tenantId,
    account.accountId,
    account.dueAt,
    next,
  );
}

/** The attribute an item keeps its due time in: an activity's content reading, a social account's follower count. */
export type DueAttribute = 'metricsFetchDueAt' | 'followersFetchDueAt';

/** An item the refresh reads (an activity, a social account), as moving its due time sees it; its key is the caller's. */
const DueItems = defineEntity({
  name: 'The tracked item',
  schema: () => z.object({ metricsFetchDueAt: z.optional(z.string()), followersFetchDueAt: z.optional(z.string()) }),
  key: (key: Key) => key,
  queries: {
    /** One shard's entries of the due index (gsi4, keys only) due before `bound`, oldest first. */
    dueBefore: collections.metricsDueBefore,
  },
});

/** What makes the item due at `next`: its due time and its index entry (set by `moveDue`, and by a follower count's reading with the count). */
export function dueAt<A extends DueAttribute>(attribute: A, tenantId: string, itemId: string, next: string) {
  return { [attribute]: next, ...keys.metricsDue(tenantId, itemId, next) } as Record<A, string> & {
    gsi4pk: string;
    gsi4sk: string;
  };
}

/** The changes of `moveDue`: due at `next`, or with null out of the index. */
function dueChanges(
  attribute: DueAttribute,
  tenantId: string,
  itemId: string,
  next: string | null,
): Changes<Partial<Record<DueAttribute, string>>> {
  return next === null
    ? { remove: [attribute, 'gsi4pk', 'gsi4sk'] }
    : { set: dueAt(attribute, tenantId, itemId, next) };
}

/** The condition that the item's due time is still the one a message was sent for. */
export const stillDue = (attribute: DueAttribute, from: string) => equals(attribute, from);

function moveDueOf(
  key: Key,
  attribute: DueAttribute,
  tenantId: string,
  itemId: string,
  from: string,
  next: string | null,
): Promise<boolean> {
  return conditionHeld((failure) =>
    updateRecord(DueItems, key, dueChanges(attribute, tenantId, itemId, next), {
      condition: stillDue(attribute, from),
      failure,
    }),
  );
}
