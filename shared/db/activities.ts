/**
 * Activities (Form B): single pieces of content on a platform. Each activity item keeps its stored
 * aggregates (linked creators, costs, spend per currency, impressions, engagement) as attributes.
 * Creator links are items of their own (`keys.activityCreator`), indexed by creator on gsi2.
 *
 * This module holds the record shape, creation (with the optional creator auto-link) and reads;
 * the Activities group extends it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { activityMetrics, contribution, contributionDelta, MANUAL_COUNT_FIELDS, withdrawn, type FetchedCounts, type ManualCounts } from '../domain/activity-metrics.ts';
import { roundSpend } from '../domain/currencies.ts';
import { localDate } from '../domain/dates.ts';
import type { ContentReading } from '../domain/metric-readings.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { aggregateUpdate, emptyAggregate, metricsUnchanged, present, tenantAggregateUpdate, withCondition } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { campaignCondition, campaignLeaveOnDelete } from './campaign-links.ts';
import { standingOf } from './cost-rollups.ts';
import { deleteCostsOfActivity } from './costs.ts';
import { metricDayWrites, placeMetricDays, readMetricDay, withdrawMetricDays } from './metric-days.ts';
import { keys, type OrderedIndex } from './keys.ts';
import { valueCounts, valueMove } from './value-counters.ts';
import { batchGet, cancellationReasons, isConditionFailure, queryIndex, queryPrefix, recordOf, transactWrite, transactWriteRetrying } from './operations.ts';
import { deleteFilesOf } from './files.ts';
import { deleteNotesOf } from './notes.ts';
import { deleteSnapshotsOf } from './snapshot-deletion.ts';
import { fetchedCounts } from './snapshots.ts';
import { trackingAttributes } from './metric-due.ts';
import { pointerDelete, pointerPut } from './records.ts';
import { indexPage, type PageRequest } from './paging.ts';

export const ACTIVITY_COUNTERS = ['creatorsCount', 'costsCount', 'impressions', 'engagement'] as const;

export interface Activity {
  id: string;
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  organizationId: string;
  workspaceId: string;
  channel: string;
  activity: string;
  name: string;
  startAt: string | null;
  endAt: string | null;
  contentHref: string | null;
  viewsCount: number | null;
  likeCount: number | null;
  replyCount: number | null;
  /** The campaign it belongs to (one at a time) and the id of that association; set by linking. */
  campaignId: string | null;
  campaignActivityId?: string | null;
  /** Set when a metric fetch of the content link is due (connect, link change); absent when not tracked. */
  metricsFetchDueAt?: string | null;
  creatorsCount: number;
  costsCount: number;
  impressions: number;
  engagement: number;
  spend: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export interface NewActivity {
  channel: string;
  activity: string;
  name: string;
  startAt?: string | null;
  endAt?: string | null;
  creatorId?: string;
}

/** An activity's stored metrics (what its creators and campaign count of it). */
export type StoredMetrics = Pick<Activity, 'impressions' | 'engagement'>;

const NO_METRICS: StoredMetrics = { impressions: 0, engagement: 0 };

/**
 * The writes that link a creator to an activity, with both records' counters: the creator counts
 * the activity's metrics as read (`metrics`), on the condition that they are still those.
 * `linksRevision` changes with every link and unlink, so a metric change can tell its links are current.
 */
export function linkCreatorItems(tenantId: string, activityId: string, creatorId: string, metrics: StoredMetrics = NO_METRICS) {
  const now = new Date().toISOString();
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.activityCreator(tenantId, activityId, creatorId),
          ...keys.activityOfCreator(tenantId, creatorId, activityId),
          activityId,
          creatorId,
          createdAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // createActivity leaves this one out (its Put starts the count at 1); elsewhere the activity must exist.
    withCondition(aggregateUpdate(keys.activity(tenantId, activityId), { counts: { creatorsCount: 1, linksRevision: 1 } })!, metricsUnchanged(metrics)),
    aggregateUpdate(keys.creator(tenantId, creatorId), { counts: { activitiesCount: 1, ...metrics } })!,
  ];
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
    ...(emptyAggregate(ACTIVITY_COUNTERS) as Pick<Activity, (typeof ACTIVITY_COUNTERS)[number] | 'spend'>),
    createdAt: now,
    updatedAt: now,
  };
  const key = keys.activity(tenantId, activity.id);
  const link = input.creatorId ? linkCreatorItems(tenantId, activity.id, input.creatorId) : [];
  await transactWrite([
    // The link's counter update on this new activity would conflict with its Put: start at 1 instead.
    {
      Put: {
        TableName: tableName(),
        Item: { ...key, ...indexKeys(tenantId, activity), ...activity, creatorsCount: link.length ? 1 : 0 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    pointerPut('activity', activity.id, tenantId, key),
    tenantAggregateUpdate(tenantId, { counts: { activitiesCount: 1 } })!,
    ...(link.length ? [link[0]!, link[2]!] : []),
    channelMove(tenantId, undefined, activity.channel)!,
  ], [
    [2, () => notFound('The organization')],
    [4, () => notFound('The creator')],
    [3, () => conflict('The creator is already linked.')],
  ]);
  return { ...activity, creatorsCount: link.length ? 1 : 0 };
}

/**
 * The index keys of an activity, written with it: gsi1 orders the tenant's activities by creation
 * (the list's default order), gsi2 by name, gsi3 those of its channel by creation, gsi5 its compact
 * entry. A change of the name or channel rewrites the keys it moves (`changeExpression`).
 */
function indexKeys(tenantId: string, activity: Pick<Activity, 'id' | 'name' | 'channel' | 'createdAt'>) {
  return {
    ...keys.activityByCreation(tenantId, activity.createdAt, activity.id),
    ...keys.activityByName(tenantId, activity.name, activity.id),
    ...keys.activityOfChannel(tenantId, activity.channel),
    ...keys.activityOfChannelOrder(activity.createdAt, activity.id),
    ...keys.activityCompact(tenantId, activity.id),
  };
}

/**
 * The change of the tenant's per-channel activity counters (`keys.activityChannels`) when an
 * activity arrives on `to`, leaves `from`, or moves between them; none when it stays. The counter
 * item comes into being with the first activity, so it need not exist.
 */
function channelMove(tenantId: string, from: string | undefined, to: string | undefined) {
  return valueMove(keys.activityChannels(tenantId), from, to);
}

/** The condition that an activity is still on the channel read, for a write that moves its channel counter. */
function onChannel(channel: string) {
  return { condition: '#channelRead = :channelRead', names: { '#channelRead': 'channel' }, values: { ':channelRead': channel } };
}

/**
 * The tenant's activities per channel (channels back at 0 left out), from the counters kept on
 * write: the list's channel facet and, summed, its total, without reading the activities.
 */
export function activityChannelCounts(tenantId: string): Promise<Record<string, number>> {
  return valueCounts(keys.activityChannels(tenantId));
}

/**
 * One page of the tenant's activities in an order kept in an index key (`keys.activitiesByCreation`,
 * `activitiesByName`, `activitiesOfChannel`), without reading the others (see `indexPage`).
 * Activities stored before an index existed are not in it (no production data predates them).
 */
export async function activityPage(order: OrderedIndex, page: PageRequest, direction: 'asc' | 'desc'): Promise<Activity[]> {
  return (await indexPage(order, page, direction)).map(activityFromItem);
}

/** The record as shown: spend rounded, currencies whose spend went back to 0 left out. */
export function activityFromItem(item: Record<string, unknown>): Activity {
  // linksRevision changes with every creator link and unlink: metric changes are conditioned on it.
  // costsRevision likewise with every cost write and start change: cost writes are conditioned on it.
  // contentConnectedAt is the refresh cadence's own anchor (metric-due.ts), not part of the record.
  const { linksRevision: _revision, costsRevision: _costs, contentConnectedAt: _connected, ...activity } = recordOf<
    Activity & { linksRevision?: number; costsRevision?: number; contentConnectedAt?: string }
  >(item);
  return { ...activity, spend: roundSpend(activity.spend) };
}

export async function getActivity(tenantId: string, activityId: string, { consistent = false } = {}): Promise<Activity | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId), ConsistentRead: consistent }),
  );
  return out.Item ? activityFromItem(out.Item) : undefined;
}

/** The fields of an activity in the compact projection (`COMPACT_ATTRIBUTES`): what lists and stats filter, search and sort by. */
export type CompactActivity = Pick<
  Activity,
  'id' | 'name' | 'createdAt' | 'channel' | 'startAt' | 'campaignId' | 'contentHref' | 'viewsCount' | 'likeCount' | 'replyCount' | 'costsCount' | 'spend' | 'impressions' | 'engagement'
>;

/**
 * Every activity of a tenant from the compact projection (gsi5): small entries, not the items,
 * for the lists and stats whose order, search or sums no key or counter holds.
 */
export async function compactActivitiesOfTenant(tenantId: string): Promise<CompactActivity[]> {
  return (await queryIndex(keys.activitiesCompact(tenantId))).map(activityFromItem);
}

/** Every activity of a tenant. */
export async function activitiesOfTenant(tenantId: string): Promise<Activity[]> {
  return (await queryPrefix(keys.activitiesOfTenant(tenantId))).map(activityFromItem);
}

export interface ActivitySummary {
  id: string;
  name: string;
  campaignId: string | null;
}

/** The tenant's activities, names and campaigns only. */
export async function activitySummaries(tenantId: string): Promise<Map<string, ActivitySummary>> {
  const items = await queryPrefix(keys.activitiesOfTenant(tenantId), {
    ProjectionExpression: 'id, #name, campaignId',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  return new Map(
    items.map((a) => [a.id as string, { id: a.id as string, name: a.name as string, campaignId: (a.campaignId as string | null) ?? null }]),
  );
}

/** The activities of a tenant with these ids (missing ones left out). */
export async function activitiesByIds(tenantId: string, activityIds: readonly string[]): Promise<Activity[]> {
  const items = await batchGet([...new Set(activityIds)].map((id) => keys.activity(tenantId, id)));
  return items.map(activityFromItem);
}

export interface ActivityLink {
  activityId: string;
  creatorId: string;
  createdAt: string;
}

/** The creator links of one activity, in key order. */
export async function linksOfActivity(tenantId: string, activityId: string): Promise<ActivityLink[]> {
  const items = await queryPrefix(keys.creatorsOfActivity(tenantId, activityId));
  return items.map((i) => ({ activityId: i.activityId as string, creatorId: i.creatorId as string, createdAt: i.createdAt as string }));
}

/** The ids of the activities a creator is linked to (gsi2). */
export async function activityIdsOfCreator(tenantId: string, creatorId: string): Promise<string[]> {
  const items = await queryIndex(keys.activitiesOfCreator(tenantId, creatorId), { ProjectionExpression: 'activityId' });
  return items.map((i) => i.activityId as string);
}

export type ActivityChanges = Partial<
  Pick<Activity, 'name' | 'channel' | 'activity' | 'startAt' | 'endAt' | 'contentHref' | 'viewsCount' | 'likeCount' | 'replyCount'>
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

/** The SET / REMOVE expression of an activity update, with its names and values. */
function changeExpression(tenantId: string, activityId: string, changes: ActivityChanges, tracking: UpdateOptions['tracking'], now: string) {
  // A link change also moves the activity's entry in the metric refresh's due index.
  const track = tracking ? trackingAttributes(tenantId, activityId, tracking, now) : { sets: {}, removes: [] };
  const sets: Record<string, unknown> = {
    ...changes,
    updatedAt: now,
    ...track.sets,
    // The list orders that hold the name or the channel in a key (`indexKeys`).
    ...(changes.name === undefined ? {} : keys.activityByName(tenantId, changes.name, activityId)),
    ...(changes.channel === undefined ? {} : keys.activityOfChannel(tenantId, changes.channel)),
  };
  const removes: string[] = [...track.removes];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const setParts = Object.entries(sets).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const removeParts = removes.map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  return { sets, removes, setParts, removeParts, names, values };
}

/** The condition on the channel and type the caller validated against. */
function expectedCondition(expected: UpdateOptions['expected']): { condition: string; names: Record<string, string>; values: Record<string, unknown> } {
  if (!expected) return { condition: '', names: {}, values: {} };
  return { condition: ' AND #xc = :xc AND #xa = :xa', names: { '#xc': 'channel', '#xa': 'activity' }, values: { ':xc': expected.channel, ':xa': expected.activity } };
}

const staleType = () => conflict('The activity\'s channel or type changed meanwhile; read it again and retry.');

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
  if (MANUAL_COUNT_FIELDS.some((field) => changes[field] !== undefined)) return writeWithMetrics(tenantId, activityId, changes, { tracking, expected, timeZone });
  const { setParts, removeParts, names, values } = changeExpression(tenantId, activityId, changes, tracking, new Date().toISOString());
  const check = expectedCondition(expected);
  const update = {
    TableName: tableName(),
    Key: keys.activity(tenantId, activityId),
    UpdateExpression: `SET ${setParts.join(', ')}${removeParts.length ? ` REMOVE ${removeParts.join(', ')}` : ''}`,
    ConditionExpression: `attribute_exists(pk)${check.condition}`,
    ExpressionAttributeNames: { ...names, ...check.names },
    ExpressionAttributeValues: { ...values, ...check.values },
  };
  try {
    if (changes.channel === undefined || changes.channel === expected?.channel) {
      const out = await documentClient().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return activityFromItem(out.Attributes!);
    }
    // A channel change moves the tenant's channel counters in the same transaction, from the channel it leaves.
    const from = expected?.channel ?? (await getActivity(tenantId, activityId, { consistent: true }))?.channel;
    if (from === undefined) throw notFound('The activity');
    await transactWriteRetrying(present([withCondition({ Update: update }, onChannel(from)), channelMove(tenantId, from, changes.channel)]) as never);
    const after = await getActivity(tenantId, activityId, { consistent: true });
    if (!after) throw notFound('The activity');
    return after;
  } catch (error) {
    if (!isConditionFailure(error) && cancellationReasons(error)?.[0] !== 'ConditionalCheckFailed') throw error;
    if (!(await getActivity(tenantId, activityId, { consistent: true }))) throw notFound('The activity');
    throw staleType();
  }
}

/** The condition that a manual count is still `value` (null: unset). */
function countCondition(field: string, value: number | null, i: number, names: Record<string, string>, values: Record<string, unknown>): string {
  names[`#m${i}`] = field;
  if (value === null || value === undefined) {
    values[':nullType'] = 'NULL';
    return `(attribute_not_exists(#m${i}) OR attribute_type(#m${i}, :nullType))`;
  }
  values[`:m${i}`] = value;
  return `#m${i} = :m${i}`;
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
async function writeWithMetrics(tenantId: string, activityId: string, changes: ActivityChanges, { tracking, expected, timeZone = 'UTC' }: UpdateOptions): Promise<Activity> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const got = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId), ConsistentRead: true }));
    if (!got.Item) throw notFound('The activity');
    const read = activityFromItem(got.Item);
    if (expected && (read.channel !== expected.channel || read.activity !== expected.activity)) throw staleType();
    const stored = { impressions: Number(read.impressions ?? 0), engagement: Number(read.engagement ?? 0) };
    const counts = Object.fromEntries(MANUAL_COUNT_FIELDS.map((f) => [f, changes[f] === undefined ? (read[f] ?? null) : changes[f]])) as unknown as ManualCounts;
    // Manual counts override the latest reading field by field; cleared, its values count again.
    const lastFetchedAt = typeof got.Item.lastFetchedAt === 'string' ? got.Item.lastFetchedAt : undefined;
    const next = activityMetrics(counts, await latestFetched(tenantId, activityId, lastFetchedAt));
    // The whole contribution moves: metrics, coverage, and the CPM/CPE sums its spend makes with them.
    const delta = contributionDelta(standingOf(got.Item), standingOf({ ...got.Item, ...counts, ...next }));
    const dayDelta = { impressions: next.impressions - stored.impressions, engagement: next.engagement - stored.engagement };
    const moved = Object.keys(delta).length > 0 || dayDelta.impressions !== 0 || dayDelta.engagement !== 0;
    const links = moved ? await linksOfActivity(tenantId, activityId) : [];
    const now = new Date().toISOString();
    const day = localDate(now, timeZone);
    // The day's increase counts where that day of the activity is counted (metric-days.ts).
    const dayRead = dayDelta.impressions || dayDelta.engagement ? await readMetricDay(tenantId, activityId, day) : undefined;
    const target = { campaignId: read.campaignId ?? null, creatorIds: links.map((l) => l.creatorId) };
    const { sets, removes, setParts, removeParts, names, values } = changeExpression(tenantId, activityId, changes, tracking, now);
    const check = expectedCondition(expected);
    const unchanged = metricsUnchanged(stored);
    const revision = got.Item.linksRevision as number | undefined;
    // Its spend as read (cost writes bump costsRevision): the CPM/CPE sums depend on it.
    const costsRevision = got.Item.costsRevision as number | undefined;
    const move = channelMove(tenantId, read.channel, changes.channel ?? read.channel);
    const channel = onChannel(read.channel);
    const conditions = [
      ...(move ? [channel.condition] : []),
      'attribute_exists(pk)',
      unchanged.condition,
      ...MANUAL_COUNT_FIELDS.map((f, i) => countCondition(f, read[f] ?? null, i, names, values)),
      revision === undefined ? 'attribute_not_exists(linksRevision)' : 'linksRevision = :revision',
      costsRevision === undefined ? 'attribute_not_exists(costsRevision)' : 'costsRevision = :costsRevision',
      campaignCondition(read.campaignId ?? null),
      // The reading it counted is still the latest.
      lastFetchedAt === undefined ? 'attribute_not_exists(lastFetchedAt)' : 'lastFetchedAt = :lastFetchedAt',
    ];
    const activityItem = {
      Update: {
        TableName: tableName(),
        Key: keys.activity(tenantId, activityId),
        UpdateExpression: `SET ${[...setParts, '#imp = :nextImp', '#eng = :nextEng'].join(', ')}${removeParts.length ? ` REMOVE ${removeParts.join(', ')}` : ''}`,
        ConditionExpression: `${conditions.join(' AND ')}${check.condition}`,
        ExpressionAttributeNames: { ...names, ...unchanged.names, ...check.names, ...(move ? channel.names : {}) },
        ExpressionAttributeValues: {
          ...(move ? channel.values : {}),
          ...values,
          ...unchanged.values,
          ...check.values,
          ':nextImp': next.impressions,
          ':nextEng': next.engagement,
          ...(revision === undefined ? {} : { ':revision': revision }),
          ...(costsRevision === undefined ? {} : { ':costsRevision': costsRevision }),
          ...(lastFetchedAt === undefined ? {} : { ':lastFetchedAt': lastFetchedAt }),
          ...(read.campaignId ? { ':campaign': read.campaignId } : { ':null': 'NULL' }),
        },
      },
    };
    const counters = { counts: delta };
    try {
      await transactWriteRetrying(
        present([
          activityItem,
          ...links.map((l) => aggregateUpdate(keys.creator(tenantId, l.creatorId), counters)),
          read.campaignId ? aggregateUpdate(keys.campaign(tenantId, read.campaignId), counters) : undefined,
          tenantAggregateUpdate(tenantId, counters),
          move,
          ...(dayRead ? metricDayWrites(tenantId, activityId, day, dayDelta, target, dayRead) : []),
        ]) as never,
      );
    } catch (error) {
      // Something it read changed (or a record went): read again.
      if (cancellationReasons(error)?.includes('ConditionalCheckFailed')) continue;
      throw error;
    }
    const after: Record<string, unknown> = { ...got.Item, ...sets, ...next };
    for (const field of removes) delete after[field];
    return activityFromItem(after);
  }
  throw busy();
}

/**
 * The fetched counts of the activity's latest reading, kept as that hour's snapshot (snapshots.ts);
 * undefined when it was never read.
 */
async function latestFetched(tenantId: string, activityId: string, lastFetchedAt: string | undefined): Promise<FetchedCounts | undefined> {
  if (lastFetchedAt === undefined) return undefined;
  const hour = new Date(lastFetchedAt).toISOString().slice(0, 13);
  const got = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.snapshot(tenantId, activityId, hour), ConsistentRead: true }));
  return got.Item ? fetchedCounts(got.Item as ContentReading) : undefined;
}

/** Links a creator of the tenant: 409 when already linked, 404 when either record is missing. */
export async function linkCreator(tenantId: string, activityId: string, creatorId: string): Promise<ActivityLink> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const metrics = await storedMetrics(tenantId, activityId);
    if (!metrics) throw notFound('The activity');
    const items = linkCreatorItems(tenantId, activityId, creatorId, metrics);
    try {
      await transact(items);
      // Its metric history counts for the creator too (metric-days.ts).
      await placeMetricDays(tenantId, activityId);
      return { activityId, creatorId, createdAt: (items[0] as { Put: { Item: { createdAt: string } } }).Put.Item.createdAt };
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons?.[0] === 'ConditionalCheckFailed') throw conflict('The creator is already linked to this activity.');
      if (reasons?.[2] === 'ConditionalCheckFailed') throw notFound('The creator');
      // The activity's metrics changed since they were read (or it went): read it again.
      if (reasons?.[1] !== 'ConditionalCheckFailed') throw error;
    }
  }
  throw busy();
}

const ATTEMPTS = 6;
const busy = () => conflict('The activity kept changing meanwhile; retry.');

/** The activity's stored metrics, read consistently; undefined when it does not exist. */
async function storedMetrics(tenantId: string, activityId: string): Promise<StoredMetrics | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId), ConsistentRead: true, ProjectionExpression: 'impressions, engagement' }),
  );
  return out.Item && { impressions: Number(out.Item.impressions ?? 0), engagement: Number(out.Item.engagement ?? 0) };
}

/** Removes a link with both counters; 404 when there is no such link. */
export async function unlinkCreator(tenantId: string, activityId: string, creatorId: string): Promise<void> {
  try {
    await sendUnlink(tenantId, activityId, creatorId);
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') throw notFound('The creator link');
    throw error;
  }
  await placeMetricDays(tenantId, activityId);
}

/** The writes that remove a link: the item, and the counters (the activity's unless it goes too). */
function unlinkItems(tenantId: string, activityId: string, creatorId: string, metrics: StoredMetrics, creatorExists = true) {
  return present([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.activityCreator(tenantId, activityId, creatorId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    withCondition(aggregateUpdate(keys.activity(tenantId, activityId), { counts: { creatorsCount: -1, linksRevision: 1 } })!, metricsUnchanged(metrics)),
    // Never ADD to a missing creator (that would create a stray item); see `sendUnlink`.
    creatorExists
      ? aggregateUpdate(keys.creator(tenantId, creatorId), { counts: { activitiesCount: -1, impressions: -metrics.impressions, engagement: -metrics.engagement } })
      : undefined,
  ]);
}

/** TransactWriteItems, retried while another transaction holds one of its items (shared counters). */
const transact = (items: unknown[]) => transactWriteRetrying(items as never);

/**
 * Sends an unlink (the creator stops counting the activity's metrics as read); when only the
 * creator is gone (a half-finished creator delete), drops the link alone. 404 when the activity is gone.
 */
async function sendUnlink(tenantId: string, activityId: string, creatorId: string): Promise<void> {
  let creatorExists = true;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const metrics = await storedMetrics(tenantId, activityId);
    if (!metrics) throw notFound('The activity');
    try {
      await transact(unlinkItems(tenantId, activityId, creatorId, metrics, creatorExists));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons || reasons[0] === 'ConditionalCheckFailed') throw error;
      if (reasons[2] === 'ConditionalCheckFailed') creatorExists = false;
      // Otherwise the activity's metrics changed since they were read: read them again.
      else if (reasons[1] !== 'ConditionalCheckFailed') throw error;
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
    for (const link of await linksOfActivity(tenantId, activityId)) {
      try {
        await sendUnlink(tenantId, activityId, link.creatorId);
      } catch (error) {
        const reasons = cancellationReasons(error);
        // The link went meanwhile (an unlink): nothing left to do for it.
        if (reasons?.[0] === 'ConditionalCheckFailed') continue;
        throw error;
      }
    }
    // Its metric days leave the histories (again after it is gone, for a reading landed in between).
    await withdrawMetricDays(tenantId, activityId);
    const current = await getActivity(tenantId, activityId, { consistent: true });
    if (!current) throw notFound('The activity');
    const campaignId = current.campaignId ?? null;
    const metrics = metricsUnchanged(current);
    const channel = onChannel(current.channel);
    try {
      await transact([
        {
          Delete: {
            TableName: tableName(),
            Key: keys.activity(tenantId, activityId),
            // The campaign and metrics as read, so that its count and metrics leave with the activity.
            // ...and the channel as read, so that its channel counter goes down with it.
            ConditionExpression: `attribute_exists(pk) AND creatorsCount = :zero AND costsCount = :zero AND ${campaignCondition(campaignId)} AND ${metrics.condition} AND ${channel.condition}`,
            ExpressionAttributeNames: { ...metrics.names, ...channel.names },
            ExpressionAttributeValues: { ':zero': 0, ...(campaignId ? { ':campaign': campaignId } : { ':null': 'NULL' }), ...metrics.values, ...channel.values },
          },
        },
        channelMove(tenantId, current.channel, undefined)!,
        pointerDelete(activityId),
        // Its whole contribution leaves the tenant (metrics, coverage, provenance; its costs are gone already).
        tenantAggregateUpdate(tenantId, { counts: { activitiesCount: -1, ...withdrawn(contribution(standingOf({ ...current }))) } })!,
        ...(campaignId ? campaignLeaveOnDelete(tenantId, activityId, { campaignId, campaignActivityId: current.campaignActivityId ?? null }, current) : []),
      ]);
      await deleteNotesOf(tenantId, 'activity', activityId);
      await deleteFilesOf(tenantId, 'activity', activityId);
      // No reading can be written once the activity is gone (the writer is conditioned on it).
      await withdrawMetricDays(tenantId, activityId);
      await deleteSnapshotsOf(tenantId, activityId);
      return;
    } catch (error) {
      if (cancellationReasons(error)?.[0] !== 'ConditionalCheckFailed') throw error;
      if (!(await getActivity(tenantId, activityId, { consistent: true }))) throw notFound('The activity');
    }
  }
  throw conflict('The activity kept changing while it was being deleted; retry.');
}
