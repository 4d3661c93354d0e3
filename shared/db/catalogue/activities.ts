/**
 * Activities (Form B): single pieces of content on a platform. Each activity item keeps its stored
 * aggregates (linked creators, costs, spend per currency, impressions, engagement) as attributes.
 * Creator links are items of their own (`keys.activityCreator`), indexed by creator on gsi2.
 *
 * This module holds the record shape, creation (with the optional creator auto-link) and reads;
 * the Activities group extends it.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  activityMetrics,
  contribution,
  contributionDelta,
  MANUAL_COUNT_FIELDS,
  withdrawn,
  type FetchedCounts,
  type ManualCounts,
} from '../../domain/activity-metrics.ts';
import { latestCountsOf } from '../../domain/latest-counts.ts';
import { roundSpend } from '../../domain/currencies.ts';
import { localDate } from '../../domain/dates.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { CONVERSION_PREFIX } from '../../domain/conversion.ts';
import { aggregateUpdate, present, tenantAggregateUpdate } from '../table/aggregates.ts';
import { campaignLeaveOnDelete } from '../campaigns/campaign-links.ts';
import { CREATOR_SPEND_PREFIX, creatorStandingOf, standingOf } from './cost-rollups.ts';
import { deleteCostsOfActivity } from './costs.ts';
import { Activities, standingUnchanged, type Activity, type StoredActivity } from './activity-entity.ts';
import { conditionHeld, defineProjection, getRecord, updateRecord, type Changes } from '../table/entity.ts';
import { TenantAggregates } from '../tenancy/tenant-entity.ts';
import { absent, all, asRead, equals, exists, type Condition } from '../table/expressions.ts';
import { transact as transactItems } from '../table/transact.ts';
import {
  metricDayWrites,
  noteFreshness,
  placeMetricDays,
  readMetricDay,
  withdrawMetricDays,
} from '../metrics/metric-days.ts';
import type { KeyCondition } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import { PerCurrency } from '../../records/fields.ts';
import { valueCounts, valueMove } from '../table/value-counters.ts';
import { batchGet } from '../table/operations.ts';
import { queryItems } from '../table/query.ts';
import { deleteFilesOf } from '../evidence/files.ts';
import { deleteNotesOf } from '../evidence/notes.ts';
import { deleteSnapshotsOf } from '../metrics/snapshot-deletion.ts';
import { fetchedCounts, Snapshots } from '../metrics/snapshots.ts';
import { trackingAttributes } from '../metrics/metric-due.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { CreatorLinks, linksOfActivity, type ActivityLink } from './creator-links.ts';
import { indexPage, type PageRequest } from '../table/paging.ts';
import { rounds } from '../table/retry.ts';

export interface NewActivity {
  channel: string;
  activity: string;
  name: string;
  startAt?: string | null;
  endAt?: string | null;
  creatorId?: string;
}

/**
 * The writes that link a creator to an activity, with both records' counters: the creator counts
 * the activity's whole contribution as read (`read`: metrics, coverage, provenance, CPM/CPE sums,
 * reasons for no metrics), on the condition that the activity's standing is still that.
 * `linksRevision` changes with every link and unlink, so a metric change can tell its links are current.
 * A new activity (createActivity: no `read`) contributes nothing yet.
 */
export function linkCreatorItems(tenantId: string, activityId: string, creatorId: string, read?: StoredActivity) {
  const record = { activityId, creatorId, createdAt: new Date().toISOString() };
  // The gsi2 entry is built from the tenant, which the link's record does not hold.
  const link = CreatorLinks.tx.put(
    CreatorLinks.key(tenantId, activityId, creatorId),
    record,
    { condition: absent },
    keys.activityOfCreator(tenantId, creatorId, activityId),
  );
  // createActivity leaves this one out (its Put starts the count at 1); elsewhere the activity must exist.
  const { Update } = Activities.tx.update(
    keys.activity(tenantId, activityId),
    { add: { creatorsCount: 1, linksRevision: 1 } },
    { condition: standingUnchanged(read) },
  );
  // The creator counts the activity's metrics with the spend of the costs attributed to it.
  const creator = aggregateUpdate(keys.creator(tenantId, creatorId), {
    counts: { activitiesCount: 1, ...(read ? contribution(creatorStandingOf(read, creatorId)) : {}) },
  })!;
  const items: [typeof link, { Update: typeof Update }, typeof creator] = [link, { Update }, creator];
  return items;
}

export async function createActivity(tenantId: string, input: NewActivity): Promise<Activity> {
  const now = new Date().toISOString();
  const activity: Activity = {
    id: randomUUID(),
    organizationId: tenantId,
    workspaceId: tenantId,
    channel: input.channel,
    activity: input.activity,
    name: input.name,
    startAt: input.startAt ?? null,
    endAt: input.endAt ?? null,
    contentHref: null,
    viewsCount: null,
    likeCount: null,
    replyCount: null,
    campaignId: null,
    latestCounts: null,
    ...Activities.emptyCounters(),
    createdAt: now,
    updatedAt: now,
  };
  const key = Activities.key(tenantId, activity.id);
  const link = input.creatorId ? linkCreatorItems(tenantId, activity.id, input.creatorId) : [];
  const created = { ...activity, creatorsCount: link.length ? 1 : 0 };
  await transactItems([
    // The link's counter update on this new activity would conflict with its Put: start at 1 instead.
    Activities.tx.put(key, created, { condition: absent }),
    pointerPut('activity', activity.id, tenantId, key),
    {
      ...tenantAggregateUpdate(tenantId, { counts: { activitiesCount: 1 } })!,
      failure: () => notFound('The organization'),
    },
    ...(link.length
      ? [
          { ...link[0]!, failure: () => conflict('The creator is already linked.') },
          { ...link[2]!, failure: () => notFound('The creator') },
        ]
      : []),
    channelMove(tenantId, undefined, activity.channel)!,
  ]);
  return created;
}

/**
 * The change of the tenant's per-channel activity counters (`keys.activityChannels`) when an
 * activity arrives on `to`, leaves `from`, or moves between them; none when it stays. The counter
 * item comes into being with the first activity, so it need not exist.
 */
function channelMove(tenantId: string, from: string | undefined, to: string | undefined) {
  return valueMove(keys.activityChannels(tenantId), from, to);
}

/**
 * The tenant's activities per channel (channels back at 0 left out), from the counters kept on
 * write: the list's channel facet and, summed, its total, without reading the activities.
 */
export function activityChannelCounts(tenantId: string): Promise<Record<string, number>> {
  return valueCounts(keys.activityChannels(tenantId));
}

/** The statistics of all the tenant's activities (GET /v1/activities/stats unfiltered). */
export interface ActivityTotals {
  activitiesCount: number;
  byChannel: Record<string, number>;
  withContentLink: number;
  withMetrics: number;
  costsCount: number;
  spend: Record<string, number>;
}

/**
 * The statistics of all the tenant's activities from the counters kept on write (its aggregate
 * and its per-channel counters): two items read, whatever the number of activities.
 */
export async function activityTotals(tenantId: string): Promise<ActivityTotals> {
  const [aggregate, byChannel] = await Promise.all([
    getRecord(TenantActivityCounters, keys.tenantAggregate(tenantId), {
      attributes: ['activitiesWithContentLink', 'activitiesWithMetrics', 'costsCount', 'spend'],
    }),
    activityChannelCounts(tenantId),
  ]);
  return {
    activitiesCount: Object.values(byChannel).reduce((sum, n) => sum + n, 0),
    byChannel,
    withContentLink: aggregate?.activitiesWithContentLink ?? 0,
    withMetrics: aggregate?.activitiesWithMetrics ?? 0,
    costsCount: aggregate?.costsCount ?? 0,
    spend: roundSpend(aggregate?.spend),
  };
}

/** The tenant aggregate's counters of its activities (a view of the item: the counters the stats need). */
const TenantActivityCounters = defineProjection(TenantAggregates, () =>
  z.object({
    activitiesWithContentLink: z.optional(z.number()),
    activitiesWithMetrics: z.optional(z.number()),
    costsCount: z.optional(z.number()),
    spend: z.optional(PerCurrency),
  }),
);

/**
 * One page of the tenant's activities in an order kept in an index key (`collections.activitiesByCreation`,
 * `activitiesByName`, `activitiesOfChannel`), without reading the others (see `indexPage`).
 * Activities stored before an index existed are not in it (no production data predates them).
 */
export async function activityPage(
  order: KeyCondition,
  page: PageRequest,
  direction: 'asc' | 'desc',
): Promise<Activity[]> {
  return (await indexPage(order, page, direction)).map(activityFromItem);
}

export type { Activity };

/** The record as shown: spend rounded, currencies whose spend went back to 0 left out, the other writers' attributes left out. */
export function activityFromItem(item: Record<string, unknown>): Activity {
  return shown(Activities.fromItem(item));
}

function shown(stored: StoredActivity): Activity {
  const {
    linksRevision: _links,
    costsRevision: _costs,
    contentConnectedAt: _connected,
    firstReading: _first,
    firstReadingBackdated: _backdated,
    manualCountsAt,
    ...activity
  } = stored;
  // The spend attributed to each creator (cost-rollups.ts creatorSpendAttribute) and the conversion
  // counters (`conv_…`, which reports turn into `basis.conversions`, docs/money.md) are the costs'
  // bookkeeping, not the record's.
  for (const name of Object.keys(activity)) {
    if (name.startsWith(CREATOR_SPEND_PREFIX) || name.startsWith(CONVERSION_PREFIX))
      delete (activity as Record<string, unknown>)[name];
  }
  // The newest reading with the manual counts over it, as the metrics count them (an item written
  // before latestCounts existed has no reading until its next; one written before manualCountsAt, its last update).
  return {
    ...activity,
    spend: roundSpend(activity.spend),
    latestCounts: latestCountsOf(activity.latestCounts, activity, manualCountsAt ?? activity.updatedAt),
  };
}

export async function getActivity(
  tenantId: string,
  activityId: string,
  { consistent = false } = {},
): Promise<Activity | undefined> {
  const stored = await getRecord(Activities, Activities.key(tenantId, activityId), { consistent });
  return stored && shown(stored);
}

/** The fields of an activity in the compact projection (`COMPACT_ATTRIBUTES`): what lists and stats filter, search and sort by. */
export type CompactActivity = Pick<
  Activity,
  | 'id'
  | 'name'
  | 'createdAt'
  | 'channel'
  | 'startAt'
  | 'campaignId'
  | 'contentHref'
  | 'viewsCount'
  | 'likeCount'
  | 'replyCount'
  | 'costsCount'
  | 'spend'
  | 'impressions'
  | 'engagement'
>;

/**
 * Every activity of a tenant from the compact projection (gsi5): small entries, not the items,
 * for the lists and stats whose order, search or sums no key or counter holds.
 */
export async function compactActivitiesOfTenant(tenantId: string): Promise<CompactActivity[]> {
  return (await queryItems(Activities.query.compact(tenantId))).map(activityFromItem);
}

/** Every activity of a tenant. */
export async function activitiesOfTenant(tenantId: string): Promise<Activity[]> {
  return (await queryItems(Activities.query.ofTenant(tenantId))).map(activityFromItem);
}

export interface ActivitySummary {
  id: string;
  name: string;
  campaignId: string | null;
}

/** The tenant's activities, names and campaigns only. */
export async function activitySummaries(tenantId: string): Promise<Map<string, ActivitySummary>> {
  const items = await queryItems(Activities.query.ofTenant(tenantId), { attributes: ['id', 'name', 'campaignId'] });
  return new Map(
    items.map((a) => [
      a.id as string,
      { id: a.id as string, name: a.name as string, campaignId: (a.campaignId as string | null) ?? null },
    ]),
  );
}

/** The activities of a tenant with these ids (missing ones left out). */
export async function activitiesByIds(tenantId: string, activityIds: readonly string[]): Promise<Activity[]> {
  const items = await batchGet(activityIds.map((id) => keys.activity(tenantId, id)));
  return items.map(activityFromItem);
}

/** The ids of the activities a creator is linked to (gsi2). */
export async function activityIdsOfCreator(tenantId: string, creatorId: string): Promise<string[]> {
  const items = await queryItems(CreatorLinks.query.ofCreator(tenantId, creatorId), { attributes: ['activityId'] });
  return items.map((i) => i.activityId as string);
}

/** The start is not among them: it moves the activity's spend and its entry by run (activity-spend-days.ts `setStartAtMovingSpend`). */
export type ActivityChanges = Partial<
  Pick<Activity, 'name' | 'channel' | 'activity' | 'endAt' | 'contentHref' | 'viewsCount' | 'likeCount' | 'replyCount'>
>;

export interface UpdateOptions {
  /** 'due': a metric fetch of the (new) content link is due now; 'stop': no link, nothing to track. */
  tracking?: 'due' | 'stop';
  /** The channel and type the caller validated against: a concurrent change of either is a 409. */
  expected?: Pick<Activity, 'channel' | 'activity'>;
  /**
   * The tenant's timezone (IANA), from the caller that holds the tenant: a manual count change adds
   * its increase to today's day rollups in it. UTC when not given.
   */
  timeZone?: string;
}

/** What an activity update sets and removes: the changes, the time, the refresh tracking and the index keys they move. */
function changesOf(
  tenantId: string,
  activityId: string,
  changes: ActivityChanges,
  tracking: UpdateOptions['tracking'],
  now: string,
) {
  // A link change also moves the activity's entry in the metric refresh's due index.
  const track = tracking ? trackingAttributes(tenantId, activityId, tracking, now) : { sets: {}, removes: [] };
  const set: Changes<StoredActivity>['set'] = {
    ...changes,
    updatedAt: now,
    ...track.sets,
    // The list orders that hold the name or the channel in a key (the entity's `indexes`).
    ...(changes.name === undefined ? {} : keys.activityByName(tenantId, changes.name, activityId)),
    ...(changes.channel === undefined ? {} : keys.activityOfChannel(tenantId, changes.channel)),
  };
  return { set, remove: track.removes };
}

/** The conditions of an update on the channel and type the caller validated against. */
const expectedConditions = (expected: UpdateOptions['expected']): Condition[] =>
  expected ? [equals('channel', expected.channel), equals('activity', expected.activity)] : [];

/** The activity's update failed its condition: gone (404), or its channel or type changed (409). */
class UpdateRefused extends Error {}

const staleType = () => conflict("The activity's channel or type changed meanwhile; read it again and retry.");

/**
 * Changes the fields given. A change of the manual counts moves the activity's metrics and, in the
 * same transaction, every aggregate that counts them (see `writeWithMetrics`). Earlier metric
 * snapshots are separate items and stay whatever the link does.
 */
export async function updateActivity(
  tenantId: string,
  activityId: string,
  changes: ActivityChanges,
  { tracking, expected, timeZone }: UpdateOptions = {},
): Promise<Activity> {
  if (MANUAL_COUNT_FIELDS.some((field) => changes[field] !== undefined))
    return writeWithMetrics(tenantId, activityId, changes, { tracking, expected, timeZone });
  const key = Activities.key(tenantId, activityId);
  const update = changesOf(tenantId, activityId, changes, tracking, new Date().toISOString());
  const guard = { condition: all(exists, ...expectedConditions(expected)), failure: () => new UpdateRefused() };
  const movesCounters =
    (changes.channel !== undefined && changes.channel !== expected?.channel) || changes.contentHref !== undefined;
  try {
    if (!movesCounters) return shown(await updateRecord(Activities, key, update, guard));
    // A change of the channel or the content link moves the tenant's counters of them (per channel,
    // with a link) in the same transaction, from what the activity holds as read.
    for await (const _round of rounds()) {
      const current = await getActivity(tenantId, activityId, { consistent: true });
      if (!current) throw notFound('The activity');
      if (expected && (current.channel !== expected.channel || current.activity !== expected.activity))
        throw staleType();
      const condition = all(
        guard.condition,
        equals('channel', current.channel),
        asRead('contentHref', current.contentHref),
      );
      const written = await conditionHeld((failure) =>
        transactItems([
          Activities.tx.update(key, update, { condition, failure }),
          ...present([
            channelMove(tenantId, current.channel, changes.channel ?? current.channel),
            contentLinkMove(tenantId, current.contentHref, changes.contentHref),
          ]),
        ]),
      );
      if (!written) continue;
      const after = await getActivity(tenantId, activityId, { consistent: true });
      if (!after) throw notFound('The activity');
      return after;
    }
    throw busy();
  } catch (error) {
    if (!(error instanceof UpdateRefused)) throw error;
    if (!(await getActivity(tenantId, activityId, { consistent: true }))) throw notFound('The activity');
    throw staleType();
  }
}

/** How a link set or cleared (`to`; undefined: unchanged) moves the tenant's count of activities with a content link. */
const contentLinkBy = (from: string | null, to: string | null | undefined) =>
  to === undefined ? 0 : Number(Boolean(to)) - Number(Boolean(from));

/** The tenant's count of activities with a content link, moved (none when it stays). */
function contentLinkMove(tenantId: string, from: string | null, to: string | null | undefined) {
  const by = contentLinkBy(from, to);
  return by ? tenantAggregateUpdate(tenantId, { counts: { activitiesWithContentLink: by } }) : undefined;
}

/**
 * An update that changes manual counts: the activity's metrics become those of its new counts, and
 * the difference of its contribution (`contributionDelta`: metrics, coverage, CPM/CPE sums) is added
 * to its linked creators, its campaign and the tenant in the same transaction, and the change of its
 * impressions and engagement (negative when they go down) to today's day rollups, in the tenant's
 * timezone, of the activity, those creators, the campaign and the tenant (what histories show). The
 * write is conditioned on what it read — the counts, the stored metrics, the links (`linksRevision`), its
 * costs (`costsRevision`) and the campaign — so a concurrent change sends it round again instead of
 * being counted twice or missed.
 */
async function writeWithMetrics(
  tenantId: string,
  activityId: string,
  changes: ActivityChanges,
  { tracking, expected, timeZone = 'UTC' }: UpdateOptions,
): Promise<Activity> {
  for await (const _round of rounds()) {
    const key = Activities.key(tenantId, activityId);
    const item = await getRecord(Activities, key, { consistent: true });
    if (!item) throw notFound('The activity');
    const read = shown(item);
    if (expected && (read.channel !== expected.channel || read.activity !== expected.activity)) throw staleType();
    const stored = { impressions: read.impressions, engagement: read.engagement };
    const counts: ManualCounts = {
      viewsCount: changes.viewsCount === undefined ? read.viewsCount : changes.viewsCount,
      likeCount: changes.likeCount === undefined ? read.likeCount : changes.likeCount,
      replyCount: changes.replyCount === undefined ? read.replyCount : changes.replyCount,
    };
    // Manual counts override the latest reading field by field; cleared, its values count again.
    const next = activityMetrics(counts, await latestFetched(tenantId, activityId, item.lastFetchedAt));
    // The whole contribution moves: metrics, coverage, and the CPM/CPE sums its spend makes with them.
    const delta = contributionDelta(standingOf(item), standingOf({ ...item, ...counts, ...next }));
    const dayDelta = {
      impressions: next.impressions - stored.impressions,
      engagement: next.engagement - stored.engagement,
    };
    const moved = Object.keys(delta).length > 0 || dayDelta.impressions !== 0 || dayDelta.engagement !== 0;
    const links = moved ? await linksOfActivity(tenantId, activityId) : [];
    const now = new Date().toISOString();
    const day = localDate(now, timeZone);
    // The day's increase counts where that day of the activity is counted (metric-days.ts).
    const dayRead =
      dayDelta.impressions || dayDelta.engagement ? await readMetricDay(tenantId, activityId, day) : undefined;
    const target = { campaignId: read.campaignId ?? null, creatorIds: links.map((l) => l.creatorId) };
    const update = changesOf(tenantId, activityId, changes, tracking, now);
    const move = channelMove(tenantId, read.channel, changes.channel ?? read.channel);
    // Everything the deltas were computed from, as read: a concurrent change sends it round again.
    const condition = all(
      // Its standing: metrics, manual counts, the latest reading it counted, its reason for none, and
      // its spend (cost writes bump costsRevision), which the CPM/CPE sums depend on.
      standingUnchanged(item),
      ...(move ? [equals('channel', read.channel)] : []),
      ...expectedConditions(expected),
      asRead('linksRevision', item.linksRevision),
      asRead('campaignId', read.campaignId),
      asRead('contentHref', read.contentHref),
    );
    const counters = { counts: delta };
    // Each creator's with the spend attributed to it (the costs, hence those attributes, are as read: costsRevision).
    const creatorDelta = (creatorId: string) =>
      contributionDelta(
        creatorStandingOf(item, creatorId),
        creatorStandingOf({ ...item, ...counts, ...next }, creatorId),
      );
    const written = await conditionHeld((failure) =>
      transactItems(
        present([
          Activities.tx.update(
            key,
            {
              ...update,
              set: { ...update.set, impressions: next.impressions, engagement: next.engagement, manualCountsAt: now },
            },
            { condition },
          ),
          ...links.map((l) =>
            aggregateUpdate(keys.creator(tenantId, l.creatorId), { counts: creatorDelta(l.creatorId) }),
          ),
          read.campaignId ? aggregateUpdate(keys.campaign(tenantId, read.campaignId), counters) : undefined,
          // One update of the tenant's item: the contribution and its count of linked activities.
          tenantAggregateUpdate(tenantId, {
            counts: { ...delta, activitiesWithContentLink: contentLinkBy(read.contentHref, changes.contentHref) },
          }),
          move,
          ...(dayRead ? metricDayWrites(tenantId, activityId, day, dayDelta, target, dayRead) : []),
        ]).map((write) => ({ ...write, failure })),
      ),
    );
    // Something it read changed (or a record went): read again.
    if (!written) continue;
    const after: Record<string, unknown> = { ...item, ...update.set, ...next, manualCountsAt: now };
    for (const field of update.remove) delete after[field];
    return activityFromItem(after);
  }
  throw busy();
}

/**
 * The fetched counts of the activity's latest reading, kept as that hour's snapshot (snapshots.ts);
 * undefined when it was never read.
 */
async function latestFetched(
  tenantId: string,
  activityId: string,
  lastFetchedAt: string | undefined,
): Promise<FetchedCounts | undefined> {
  if (lastFetchedAt === undefined) return undefined;
  const hour = new Date(lastFetchedAt).toISOString().slice(0, 13);
  const snapshot = await getRecord(Snapshots, Snapshots.key(tenantId, activityId, hour), { consistent: true });
  return snapshot && fetchedCounts(snapshot);
}

/** Links a creator of the tenant: 409 when already linked, 404 when either record is missing. */
export async function linkCreator(tenantId: string, activityId: string, creatorId: string): Promise<ActivityLink> {
  for await (const _round of rounds()) {
    const read = await getRecord(Activities, Activities.key(tenantId, activityId), { consistent: true });
    if (!read) throw notFound('The activity');
    const [link, activity, creator] = linkCreatorItems(tenantId, activityId, creatorId, read);
    const written = await conditionHeld((changed) =>
      transactItems([
        { ...link, failure: () => conflict('The creator is already linked to this activity.') },
        // The activity's standing changed since it was read (or it went): read it again.
        { ...activity, failure: changed },
        { ...creator, failure: () => notFound('The creator') },
      ]),
    );
    if (!written) continue;
    // Its metric history counts for the creator too (metric-days.ts), and so does its newest reading (the creator's freshness), as for a campaign link.
    await placeMetricDays(tenantId, activityId);
    if (read.lastFetchedAt) await noteFreshness(keys.creator(tenantId, creatorId), read.lastFetchedAt);
    return { activityId, creatorId, createdAt: link.Put.Item.createdAt };
  }
  throw busy();
}

const busy = () => conflict('The activity kept changing meanwhile; retry.');

/** Removes a link with both counters; 404 when there is no such link. */
export async function unlinkCreator(tenantId: string, activityId: string, creatorId: string): Promise<void> {
  if (!(await sendUnlink(tenantId, activityId, creatorId))) throw notFound('The creator link');
  await placeMetricDays(tenantId, activityId);
}

/** The writes that remove a link: the item, and the counters (the activity's unless it goes too). */
function unlinkItems(
  tenantId: string,
  activityId: string,
  creatorId: string,
  read: StoredActivity,
  creatorExists = true,
) {
  return present([
    CreatorLinks.tx.delete(CreatorLinks.key(tenantId, activityId, creatorId)),
    Activities.tx.update(
      keys.activity(tenantId, activityId),
      { add: { creatorsCount: -1, linksRevision: 1 } },
      { condition: standingUnchanged(read) },
    ),
    // Its whole contribution leaves the creator. Never ADD to a missing creator (that would create a stray item); see `sendUnlink`.
    creatorExists
      ? aggregateUpdate(keys.creator(tenantId, creatorId), {
          counts: { activitiesCount: -1, ...withdrawn(contribution(creatorStandingOf(read, creatorId))) },
        })
      : undefined,
  ]);
}

/**
 * Sends an unlink (the creator stops counting the activity's metrics as read); when only the
 * creator is gone (a half-finished creator delete), drops the link alone. False when there is no
 * such link (never made, or gone meanwhile); 404 when the activity is gone.
 */
async function sendUnlink(tenantId: string, activityId: string, creatorId: string): Promise<boolean> {
  let creatorExists = true;
  const linkGone = new Error('The link went meanwhile.');
  const standingChanged = new Error('The activity changed meanwhile.');
  const creatorGone = new Error('The creator went meanwhile.');
  for await (const _round of rounds()) {
    const read = await getRecord(Activities, Activities.key(tenantId, activityId), { consistent: true });
    if (!read) throw notFound('The activity');
    const [link, activity, creator] = unlinkItems(tenantId, activityId, creatorId, read, creatorExists);
    try {
      // Listed first, a link gone wins over the rest.
      await transactItems([
        { ...link!, failure: () => linkGone },
        { ...activity!, failure: () => standingChanged },
        ...(creator ? [{ ...creator, failure: () => creatorGone }] : []),
      ]);
      return true;
    } catch (error) {
      // The activity's standing changed since it was read: read it again; the creator went: unlink without it.
      if (error === linkGone) return false;
      if (error === creatorGone) creatorExists = false;
      else if (error !== standingChanged) throw error;
    }
  }
  throw busy();
}

/**
 * Permanent delete: the costs (through the Costs module, which owns their aggregates), the creator
 * links (each with both counters), then the activity, its pointer and the tenant's count in one
 * transaction that only succeeds once the activity's own counters say no cost or link is left; a
 * cost or link added meanwhile sends it round again. Each step is atomic with its counters, so an
 * interrupted delete leaves correct aggregates and can be repeated. Notes and files go before the
 * activity (so a retry finds them) and are swept once more after it (one written in between; none
 * can be written once the activity is gone); its metric snapshots go after it.
 */
export async function deleteActivity(tenantId: string, activityId: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await deleteCostsOfActivity(tenantId, activityId);
    await deleteNotesOf(tenantId, 'activity', activityId);
    await deleteFilesOf(tenantId, 'activity', activityId);
    // A link gone meanwhile (an unlink) leaves nothing to do for it.
    for (const link of await linksOfActivity(tenantId, activityId))
      await sendUnlink(tenantId, activityId, link.creatorId);
    // Its metric days leave the histories (again after it is gone, for a reading landed in between).
    await withdrawMetricDays(tenantId, activityId);
    // The stored item: the condition below checks the attributes the record leaves out (costsRevision).
    const stored = await getRecord(Activities, Activities.key(tenantId, activityId), { consistent: true });
    if (!stored) throw notFound('The activity');
    const current = shown(stored);
    const campaignId = current.campaignId ?? null;
    const gone = new Error('The activity changed meanwhile.');
    try {
      await transactItems([
        Activities.tx.delete(Activities.key(tenantId, activityId), {
          // No cost or link left; the campaign and metrics as read, so that its count and metrics
          // leave with the activity, and the channel as read, so that its channel counter goes down with it.
          condition: all(
            standingUnchanged(stored),
            equals('creatorsCount', 0),
            equals('costsCount', 0),
            asRead('campaignId', campaignId),
            equals('channel', current.channel),
            asRead('contentHref', current.contentHref),
          ),
          failure: () => gone,
        }),
        channelMove(tenantId, current.channel, undefined)!,
        pointerDelete(activityId),
        // Its whole contribution leaves the tenant (metrics, coverage, provenance; its costs are gone already).
        tenantAggregateUpdate(tenantId, {
          // From the stored item: its standing includes what the record leaves out (firstReadingBackdated).
          counts: {
            activitiesCount: -1,
            activitiesWithContentLink: current.contentHref ? -1 : 0,
            ...withdrawn(contribution(standingOf(stored))),
          },
        })!,
        ...(campaignId
          ? campaignLeaveOnDelete(
              tenantId,
              activityId,
              { campaignId, campaignActivityId: current.campaignActivityId ?? null },
              stored,
            )
          : []),
      ]);
      await deleteNotesOf(tenantId, 'activity', activityId);
      await deleteFilesOf(tenantId, 'activity', activityId);
      // No reading can be written once the activity is gone (the writer is conditioned on it).
      await withdrawMetricDays(tenantId, activityId);
      await deleteSnapshotsOf(tenantId, activityId);
      return;
    } catch (error) {
      if (error !== gone) throw error;
      if (!(await getActivity(tenantId, activityId, { consistent: true }))) throw notFound('The activity');
    }
  }
  throw conflict('The activity kept changing while it was being deleted; retry.');
}
