/**
 * The metric snapshot writer (DECISIONS.md "Metric snapshots and refresh"). Each reading of an
 * activity's public counts is kept as an immutable snapshot, at most one per activity and hour (a
 * repeat within the hour overwrites that hour's item: freshness without unbounded growth), and the
 * change it makes to the activity's metrics moves, in the same transaction, the day rollups of the
 * activity, its linked creators, its campaign and the tenant, and the contribution counters of
 * those aggregates (`contributionDelta`), with `newestSnapshotAt` (reporting's freshness).
 *
 * One transaction per reading, conditioned on everything it read (the previous reading, stored
 * metrics, manual counts, links, costs and campaign): a redelivered or older reading changes
 * nothing, and a concurrent write sends it round again. A batch's readings are not summed per
 * rollup item: the worker serializes a tenant's readings (FIFO message group), so they never
 * contend, at the price of one write of each rollup item per reading.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { activityMetrics, contributionDelta, MANUAL_COUNT_FIELDS, type FetchedCounts, type ManualCounts } from '../domain/activity-metrics.ts';
import { localDate } from '../domain/dates.ts';
import type { ContentReading, UnavailableReason } from '../domain/metric-readings.ts';
import { aggregateUpdate } from './aggregates.ts';
import { linksOfActivity } from './activities.ts';
import { documentClient, tableName } from './client.ts';
import { standingOf } from './cost-rollups.ts';
import { dayRollupUpdate, type RollupScope } from './day-rollups.ts';
import { keys, type Key } from './keys.ts';
import { cancellationReasons, transactWriteRetrying } from './operations.ts';
import { getTenant } from './tenants.ts';

/** Rounds of re-reading after a concurrent change before giving up (the queue redelivers). */
const ROUNDS = 8;

/** Why an activity has no fetched number (shown as `metricsUnavailableReason`). */
export type UnavailableCause = UnavailableReason | 'content_not_found';

/** Likes and replies under each platform's own names; the rest of its engagement is "other". */
const LIKES = ['likeCount', 'like_count', 'ups'];
const REPLIES = ['commentCount', 'reply_count', 'comments_count', 'num_comments'];

/** A reading as the fetched counts the manual counts override field by field. */
export function fetchedCounts(reading: ContentReading): FetchedCounts {
  const first = (names: string[]) => names.map((n) => reading.fields[n]).find((v) => typeof v === 'number') ?? 0;
  const likes = first(LIKES);
  const replies = first(REPLIES);
  return { impressions: reading.impressions, likes, replies, otherEngagement: Math.max(0, (reading.engagement ?? 0) - likes - replies) };
}

/** The hour a reading's snapshot is kept under (UTC, `YYYY-MM-DDTHH`). */
const hourOf = (instant: string) => new Date(instant).toISOString().slice(0, 13);

/** Records a tenant's readings, one activity at a time; an activity deleted meanwhile is skipped. */
export async function recordReadings(tenantId: string, readings: readonly { activityId: string; reading: ContentReading }[]): Promise<void> {
  if (!readings.length) return;
  const timeZone = (await getTenant(tenantId))?.ianaTimezone ?? 'UTC';
  for (const { activityId, reading } of readings) await recordReading(tenantId, timeZone, activityId, reading);
}

async function recordReading(tenantId: string, timeZone: string, activityId: string, reading: ContentReading): Promise<void> {
  const key = keys.activity(tenantId, activityId);
  for (let round = 0; round < ROUNDS; round++) {
    const item = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    if (!item) return;
    const previous = typeof item.lastFetchedAt === 'string' ? item.lastFetchedAt : undefined;
    // Redelivered, or older than what is stored: already counted.
    if (previous !== undefined && previous >= reading.fetchedAt) return;
    const manual = Object.fromEntries(MANUAL_COUNT_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as ManualCounts;
    const next = activityMetrics(manual, fetchedCounts(reading));
    const stored = { impressions: Number(item.impressions ?? 0), engagement: Number(item.engagement ?? 0) };
    const counters = contributionDelta(standingOf(item), standingOf({ ...item, ...next, lastFetchedAt: reading.fetchedAt }));
    const day = localDate(reading.fetchedAt, timeZone);
    const dayDelta = { impressions: next.impressions - stored.impressions, engagement: next.engagement - stored.engagement };
    const links = await linksOfActivity(tenantId, activityId);
    const campaignId = typeof item.campaignId === 'string' ? item.campaignId : null;
    const scopes: RollupScope[] = [
      { kind: 'tenant' },
      { kind: 'activity', id: activityId },
      ...links.map((l) => ({ kind: 'creator' as const, id: l.creatorId })),
      ...(campaignId ? [{ kind: 'campaign' as const, id: campaignId }] : []),
    ];
    const aggregates: Key[] = [
      keys.tenantAggregate(tenantId),
      ...links.map((l) => keys.creator(tenantId, l.creatorId)),
      ...(campaignId ? [keys.campaign(tenantId, campaignId)] : []),
    ];
    const names: Record<string, string> = { '#imp': 'impressions', '#eng': 'engagement', '#last': 'lastFetchedAt', '#links': 'linksRevision', '#costs': 'costsRevision', '#campaign': 'campaignId' };
    const values: Record<string, unknown> = {
      ':imp': stored.impressions,
      ':eng': stored.engagement,
      ':nextImp': next.impressions,
      ':nextEng': next.engagement,
      ':at': reading.fetchedAt,
      ':latest': { ...reading.fields },
      ':one': previous !== undefined && hourOf(previous) === hourOf(reading.fetchedAt) ? 0 : 1,
    };
    const conditions = [
      'attribute_exists(pk)',
      previous === undefined ? 'attribute_not_exists(#last)' : '#last = :previous',
      '(attribute_not_exists(#imp) OR #imp = :imp)',
      '(attribute_not_exists(#eng) OR #eng = :eng)',
      item.linksRevision === undefined ? 'attribute_not_exists(#links)' : '#links = :links',
      item.costsRevision === undefined ? 'attribute_not_exists(#costs)' : '#costs = :costs',
      campaignId === null ? '(attribute_not_exists(#campaign) OR attribute_type(#campaign, :nullType))' : '#campaign = :campaign',
      ...MANUAL_COUNT_FIELDS.map((field, i) => {
        names[`#m${i}`] = field;
        if (manual[field] === null) return `(attribute_not_exists(#m${i}) OR attribute_type(#m${i}, :nullType))`;
        values[`:m${i}`] = manual[field];
        return `#m${i} = :m${i}`;
      }),
    ];
    if (previous !== undefined) values[':previous'] = previous;
    if (item.linksRevision !== undefined) values[':links'] = item.linksRevision;
    if (item.costsRevision !== undefined) values[':costs'] = item.costsRevision;
    if (campaignId !== null) values[':campaign'] = campaignId;
    if (campaignId === null || MANUAL_COUNT_FIELDS.some((f) => manual[f] === null)) values[':nullType'] = 'NULL';
    names['#latest'] = 'latest';
    names['#count'] = 'snapshotsCount';
    names['#reason'] = 'metricsUnavailableReason';
    const activityUpdate = {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #imp = :nextImp, #eng = :nextEng, #last = :at, #latest = :latest REMOVE #reason ADD #count :one',
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
    const snapshot = {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.snapshot(tenantId, activityId, hourOf(reading.fetchedAt)),
          activityId,
          fields: reading.fields,
          impressions: reading.impressions,
          engagement: reading.engagement,
          reach: reading.reach,
          source: reading.source,
          contentUrl: reading.contentUrl,
          fetchedAt: reading.fetchedAt,
        },
      },
    };
    const items = [
      snapshot,
      activityUpdate,
      ...aggregates.map((k) => withNewest(aggregateUpdate(k, { counts: counters }), k, reading.fetchedAt)),
      ...scopes.flatMap((scope) => dayRollupUpdate(tenantId, scope, day, dayDelta) ?? []),
    ];
    try {
      await transactWriteRetrying(items as never);
      return;
    } catch (error) {
      // Something it read changed (a cost, a link, a manual count, another reading): read again.
      if (cancellationReasons(error)?.includes('ConditionalCheckFailed')) continue;
      throw error;
    }
  }
  throw new Error(`The reading of activity ${activityId} lost ${ROUNDS} rounds to concurrent changes`);
}

/** An aggregate's counter update that also names the newest reading (freshness); a SET alone when no counter moves. */
function withNewest(update: ReturnType<typeof aggregateUpdate>, key: Key, fetchedAt: string) {
  if (!update) {
    return {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #newest = :newest',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#newest': 'newestSnapshotAt' },
        ExpressionAttributeValues: { ':newest': fetchedAt },
      },
    };
  }
  const { Update } = update;
  return {
    Update: {
      ...Update,
      UpdateExpression: `${Update.UpdateExpression} SET #newest = :newest`,
      ExpressionAttributeNames: { ...Update.ExpressionAttributeNames, '#newest': 'newestSnapshotAt' },
      ExpressionAttributeValues: { ...Update.ExpressionAttributeValues, ':newest': fetchedAt },
    },
  };
}

/** Says why the activity has no fetched number; the next successful reading clears it. */
export async function markUnavailable(tenantId: string, activityId: string, reason: UnavailableCause): Promise<void> {
  try {
    await transactWriteRetrying([
      {
        Update: {
          TableName: tableName(),
          Key: keys.activity(tenantId, activityId),
          UpdateExpression: 'SET #reason = :reason',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#reason': 'metricsUnavailableReason' },
          ExpressionAttributeValues: { ':reason': reason },
        },
      },
    ] as never);
  } catch (error) {
    // The activity was deleted meanwhile: nothing to mark.
    if (!cancellationReasons(error)?.includes('ConditionalCheckFailed')) throw error;
  }
}
