/**
 * One worker batch of the metric refresh: reads the due activities' content from their platforms
 * and records what came back. Shared by the Lambda worker (refresh-metrics-worker.ts) and the local
 * runner (infra/local/metric-refresh.ts); the adapters and the snapshot writer come in as `deps`,
 * so the same steps run against real APIs, the local fakes or a test's stand-in.
 *
 * Per outcome of a reading (shared/domain/metric-readings.ts):
 * - ok: one `recordReadings` call per tenant for the whole batch (the writer sums each rollup
 *   item's changes once), then the next due time per the cadence;
 * - missing / unavailable: the activity says why (`markUnavailable`); a platform without public
 *   metrics is never read again, the others go on at the cadence (credentials may be configured,
 *   content may come back);
 * - rate_limited: due again at the platform's reset time; the message succeeds (nothing to retry
 *   before then);
 * - failed: reported, so SQS delivers it again and finally dead-letters it.
 * A message whose due time has moved on (already read, link changed or disconnected: a redelivery
 * or a duplicate) reads and writes nothing.
 */
import type { ContentReading, PlatformAdapter, ReadResult, UnavailableReason } from '../../../shared/domain/metric-readings.ts';
import type { ChannelName } from '../../../shared/domain/activity-types.ts';
import { moveDue, trackedActivities, type TrackedActivity } from '../../../shared/db/metric-due.ts';
import { nextFetchAt } from '../../../shared/domain/refresh-cadence.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue.ts';
import { logger } from '../../../shared/support/logger.ts';

/** Why an activity has no number: the platform's reasons, or its content is gone. */
export type UnavailableCause = UnavailableReason | 'content_not_found';

export interface RefreshDeps {
  /** The platform's adapter; undefined when there is none for it (treated as unavailable). */
  adapterFor(platform: ChannelName): PlatformAdapter | undefined;
  recordReadings(tenantId: string, readings: { activityId: string; reading: ContentReading }[]): Promise<void>;
  markUnavailable(tenantId: string, activityId: string, reason: UnavailableCause): Promise<void>;
  now(): Date;
}

export interface QueuedMessage {
  /** The queue's id of this delivery (SQS messageId), reported back when it failed. */
  id: string;
  message: RefreshMessage;
}

export type RefreshStatus = ReadResult<unknown>['status'] | 'stale';

export interface RefreshOutcome {
  /** Ids of the messages to deliver again. */
  failed: string[];
  counts: Record<RefreshStatus, number>;
}

const keyOf = (m: { tenantId: string; activityId: string; dueAt: string }) => `${m.tenantId}|${m.activityId}|${m.dueAt}`;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Reads each platform's activities through its adapter in chunks of its `maxIdsPerCall`. */
async function readAll(tracked: readonly TrackedActivity[], deps: RefreshDeps): Promise<{ activity: TrackedActivity; result: ReadResult<ContentReading> }[]> {
  const read: { activity: TrackedActivity; result: ReadResult<ContentReading> }[] = [];
  for (const [platform, group] of groupBy(tracked, (t) => t.channel)) {
    const adapter = deps.adapterFor(platform as ChannelName);
    if (!adapter) {
      for (const activity of group) read.push({ activity, result: { status: 'unavailable', reason: 'platform_has_no_public_metrics' } });
      continue;
    }
    for (let i = 0; i < group.length; i += adapter.maxIdsPerCall) {
      const chunk = group.slice(i, i + adapter.maxIdsPerCall);
      let results: ReadResult<ContentReading>[];
      try {
        results = await adapter.readContent(chunk.map((a) => ({ tenantId: a.tenantId, activityId: a.activityId, platform: platform as ChannelName, contentUrl: a.contentUrl })));
      } catch (error) {
        // An adapter answers failures as results; a throw is a bug or an outage: retry the chunk.
        results = chunk.map(() => ({ status: 'failed', message: error instanceof Error ? error.message : String(error) }));
      }
      chunk.forEach((activity, n) => read.push({ activity, result: results[n] ?? { status: 'failed', message: 'The adapter answered fewer results than refs.' } }));
    }
  }
  return read;
}

/** The next due time after a reading now; null: never again (no public metrics on this platform). */
function nextDue(activity: TrackedActivity, result: ReadResult<ContentReading>, now: Date): string | null {
  if (result.status === 'rate_limited') return result.retryAt;
  if (result.status === 'unavailable' && result.reason === 'platform_has_no_public_metrics') return null;
  return nextFetchAt({ publishedAt: activity.startAt, connectedAt: activity.contentConnectedAt, connected: true }, now)!.toISOString();
}

export async function refreshContent(batch: readonly QueuedMessage[], deps: RefreshDeps): Promise<RefreshOutcome> {
  const counts: Record<RefreshStatus, number> = { ok: 0, missing: 0, unavailable: 0, rate_limited: 0, failed: 0, stale: 0 };
  const idsOf = groupBy(batch, (b) => keyOf(b.message));
  // Duplicates within a batch read once.
  const tracked = await trackedActivities([...idsOf.values()].map((group) => group[0]!.message));
  counts.stale = batch.length - tracked.reduce((n, t) => n + idsOf.get(keyOf(t))!.length, 0);
  const failed: string[] = [];
  const fail = (activity: TrackedActivity) => failed.push(...idsOf.get(keyOf(activity))!.map((b) => b.id));
  const now = deps.now();

  for (const [tenantId, results] of groupBy(await readAll(tracked, deps), (r) => r.activity.tenantId)) {
    const ok = results.filter((r) => r.result.status === 'ok');
    let recorded = true;
    if (ok.length) {
      try {
        await deps.recordReadings(tenantId, ok.map((r) => ({ activityId: r.activity.activityId, reading: (r.result as { value: ContentReading }).value })));
      } catch (error) {
        recorded = false;
        logger.error('refresh-metrics: recording failed', { tenantId, readings: ok.length, error: error instanceof Error ? error.message : String(error) });
      }
    }
    for (const { activity, result } of results) {
      try {
        if (result.status === 'failed' || (result.status === 'ok' && !recorded)) {
          if (result.status === 'failed') logger.warn('refresh-metrics: read failed', { platform: activity.channel, activityId: activity.activityId, message: result.message });
          counts.failed++;
          fail(activity);
          continue;
        }
        if (result.status === 'missing') await deps.markUnavailable(tenantId, activity.activityId, 'content_not_found');
        if (result.status === 'unavailable') await deps.markUnavailable(tenantId, activity.activityId, result.reason);
        if (result.status === 'rate_limited') logger.warn('refresh-metrics: rate limited', { platform: activity.channel, activityId: activity.activityId, retryAt: result.retryAt });
        // False: the link changed meanwhile and has its own due time; nothing to move.
        await moveDue(tenantId, activity.activityId, activity.dueAt, nextDue(activity, result, now));
        counts[result.status]++;
      } catch (error) {
        logger.error('refresh-metrics: settling failed', { activityId: activity.activityId, error: error instanceof Error ? error.message : String(error) });
        counts.failed++;
        fail(activity);
      }
    }
  }
  logger.info('refresh-metrics', { messages: batch.length, ...counts });
  return { failed, counts };
}
