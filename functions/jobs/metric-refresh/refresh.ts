/**
 * One worker batch of the metric refresh: reads the due activities' content from their platforms
 * and records what came back. Shared by the Lambda worker (refresh-metrics-worker.ts) and the local
 * runner (infra/local/metric-refresh.ts); the adapters and the snapshot writer come in as `deps`,
 * so the same steps run against real APIs, the local fakes or a test's stand-in.
 *
 * Per outcome of a reading (shared/domain/metric-readings.ts):
 * - ok: one `recordReadings` call per tenant for the whole batch, then the next due time per the
 *   cadence. The writer puts the batch in as few transactions as fit 100 items, each writing each
 *   rollup item (the tenant's aggregate and day, a campaign's, a creator's) once with the readings'
 *   changes summed; with the queue's tenant message groups (FIFO) no two batches of one tenant run
 *   at once, and the refresh never contends with itself over them;
 * - missing / unavailable: the activity says why (`markUnavailable`); a platform without public
 *   metrics is never read again, the others go on at the cadence (credentials may be configured,
 *   content may come back);
 * - rate_limited: due again at the platform's reset time; the message succeeds (nothing to retry
 *   before then);
 * - failed: reported, so SQS delivers it again and finally dead-letters it.
 * A message whose due time has moved on (already read, link changed or disconnected: a redelivery
 * or a duplicate) reads and writes nothing.
 */
import type {
  ContentReading,
  PlatformAdapter,
  ReadResult,
  UnavailableReason,
} from '../../../shared/domain/metric-readings.ts';
import type { ChannelName } from '../../../shared/domain/activity-types.ts';
import { accountHandleOf } from '../../../shared/db/catalogue/index.ts';
import { moveDue, trackedActivities, type TrackedActivity } from '../../../shared/db/metrics/index.ts';
import { nextFetchAt } from '../../../shared/domain/refresh-cadence.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';

type ContentMessage = Extract<RefreshMessage, { kind: 'content' }>;
import { logger } from '../../../shared/support/logger.ts';
import { countReading } from '../../../shared/support/metrics.ts';

/** Why an activity has no number: the platform's reasons, or its content is gone. */
export type UnavailableCause = UnavailableReason | 'content_not_found';

export interface RefreshDeps {
  /** The platform's adapter; undefined when there is none for it (treated as unavailable). */
  adapterFor(platform: ChannelName): PlatformAdapter | undefined;
  recordReadings(tenantId: string, readings: { activityId: string; reading: ContentReading }[]): Promise<void>;
  markUnavailable(tenantId: string, activityId: string, reason: UnavailableCause): Promise<void>;
  now(): Date;
}

export interface QueuedMessage<M extends RefreshMessage = RefreshMessage> {
  /** The queue's id of this delivery (SQS messageId), reported back when it failed. */
  id: string;
  message: M;
}

export type RefreshStatus = ReadResult<unknown>['status'] | 'stale';

export interface RefreshOutcome {
  /** Ids of the messages to deliver again. */
  failed: string[];
  counts: Record<RefreshStatus, number>;
}

const keyOf = (m: { tenantId: string; activityId: string; dueAt: string }) =>
  `${m.tenantId}|${m.activityId}|${m.dueAt}`;

export const emptyCounts = (): Record<RefreshStatus, number> => ({
  ok: 0,
  missing: 0,
  unavailable: 0,
  rate_limited: 0,
  failed: 0,
  stale: 0,
});

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One item's outcome, settled: counted, its messages logged by id (outcome and platform only, never
 * what was read), the MetricReadings metric added, and its messages reported for redelivery when it failed.
 */
export function settle(
  outcome: RefreshOutcome,
  status: Exclude<RefreshStatus, 'stale'>,
  messageIds: readonly string[],
  platform?: string,
): void {
  outcome.counts[status]++;
  if (status === 'failed') outcome.failed.push(...messageIds);
  for (const messageId of messageIds) logger.info('refresh-metrics: message', { messageId, outcome: status, platform });
  countReading(status, platform);
}

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Reads items through their platform's adapter (`read`: readContent or readFollowers) in chunks of
 * its `maxIdsPerCall`, one result per item. A platform with no adapter has no public metrics. A
 * chunk that fails as a whole — the adapter throws (a bug or an outage), or answers every item
 * failed (a call whose answer one id broke, a malformed body) — may hold several tenants' items:
 * they are then read one by one, so only an item that fails alone fails.
 */
export async function readPerPlatform<I, T>(
  items: readonly I[],
  platformOf: (item: I) => string,
  read: (adapter: PlatformAdapter, platform: ChannelName, chunk: I[]) => Promise<ReadResult<T>[]>,
  deps: RefreshDeps,
): Promise<{ item: I; result: ReadResult<T> }[]> {
  const out: { item: I; result: ReadResult<T> }[] = [];
  for (const [platform, group] of groupBy(items, platformOf)) {
    const adapter = deps.adapterFor(platform as ChannelName);
    if (!adapter) {
      for (const item of group)
        out.push({ item, result: { status: 'unavailable', reason: 'platform_has_no_public_metrics' } });
      continue;
    }
    const oneByOne = async (chunk: I[]) => (await Promise.all(chunk.map((item) => readChunk([item])))).flat();
    const readChunk = async (chunk: I[]): Promise<ReadResult<T>[]> => {
      let results: ReadResult<T>[];
      try {
        results = await read(adapter, platform as ChannelName, chunk);
      } catch (error) {
        if (chunk.length === 1) return [{ status: 'failed', message: errorText(error) }];
        return oneByOne(chunk);
      }
      return chunk.length > 1 && failedWhole(results, chunk.length) ? oneByOne(chunk) : results;
    };
    for (let i = 0; i < group.length; i += adapter.maxIdsPerCall) {
      const chunk = group.slice(i, i + adapter.maxIdsPerCall);
      const results = await readChunk(chunk);
      chunk.forEach((item, n) => {
        out.push({
          item,
          result: results[n] ?? { status: 'failed', message: 'The adapter answered fewer results than refs.' },
        });
      });
    }
  }
  return out;
}

/** Every item of a chunk failed: the call failed as a whole, whichever item broke it. */
const failedWhole = (results: readonly ReadResult<unknown>[], items: number) =>
  Array.from({ length: items }, (_, n) => results[n]).every(
    (result) => result === undefined || result.status === 'failed',
  );

/** Instagram finds a post only through its account (business discovery): the linked creator's handle there. */
async function handleOf(activity: TrackedActivity, platform: ChannelName): Promise<{ accountHandle?: string }> {
  if (platform !== 'instagram') return {};
  const accountHandle = await accountHandleOf(activity.tenantId, activity.activityId, platform);
  return accountHandle ? { accountHandle } : {};
}

/** The next due time after a reading now; null: never again (no public metrics on this platform). */
function nextDue(activity: TrackedActivity, result: ReadResult<ContentReading>, now: Date): string | null {
  if (result.status === 'rate_limited') return result.retryAt;
  if (result.status === 'unavailable' && result.reason === 'platform_has_no_public_metrics') return null;
  return nextFetchAt(
    { publishedAt: activity.startAt, connectedAt: activity.contentConnectedAt, connected: true },
    now,
  )!.toISOString();
}

/**
 * The batch's items that are still due, as `load` reads them (duplicates within the batch read
 * once), the others counted stale, and the delivery ids standing for each item (to report failed).
 * The batch is one read; when it throws, each item is read alone, so an item that cannot be read
 * (one bad key makes DynamoDB refuse the whole request) fails only its own messages (`failed`).
 */
export async function stillDue<M extends RefreshMessage, T>(
  batch: readonly QueuedMessage<M>[],
  keyOf: (m: M | T) => string,
  load: (due: M[]) => Promise<T[]>,
) {
  const outcome: RefreshOutcome = { failed: [], counts: emptyCounts() };
  const byKey = groupBy(batch, (b) => keyOf(b.message));
  const idsOf = (item: M | T) => byKey.get(keyOf(item))!.map((b) => b.id);
  const due = [...byKey.values()].map((group) => group[0]!.message);
  const tracked = await load(due).catch(async () => {
    const alone = await Promise.all(
      due.map((message) =>
        load([message]).catch((error: unknown) => {
          logger.error('refresh-metrics: reading the item failed', {
            tenantId: message.tenantId,
            error: errorText(error),
          });
          settle(outcome, 'failed', idsOf(message));
          return [];
        }),
      ),
    );
    return alone.flat();
  });
  const settledIds = new Set([...outcome.failed, ...tracked.flatMap(idsOf)]);
  for (const { id } of batch.filter((b) => !settledIds.has(b.id)))
    logger.info('refresh-metrics: message', { messageId: id, outcome: 'stale' });
  outcome.counts.stale = batch.length - settledIds.size;
  return { tracked, outcome, idsOf };
}

/** A batch's content readings (`refreshBatch` hands each kind to its own step). */
export async function refreshContent(
  batch: readonly QueuedMessage<ContentMessage>[],
  deps: RefreshDeps,
): Promise<RefreshOutcome> {
  const { tracked, outcome, idsOf } = await stillDue(batch, keyOf, trackedActivities);
  const now = deps.now();

  const read = await readPerPlatform(
    tracked,
    (t) => t.channel,
    async (adapter, platform, chunk) =>
      adapter.readContent(
        await Promise.all(
          chunk.map(async (a) => ({
            tenantId: a.tenantId,
            activityId: a.activityId,
            platform,
            contentUrl: a.contentUrl,
            ...(await handleOf(a, platform)),
          })),
        ),
      ),
    deps,
  );
  for (const [tenantId, results] of groupBy(
    read.map(({ item, result }) => ({ activity: item, result })),
    (r) => r.activity.tenantId,
  )) {
    const ok = results.filter((r) => r.result.status === 'ok');
    let recorded = true;
    if (ok.length) {
      try {
        await deps.recordReadings(
          tenantId,
          ok.map((r) => ({
            activityId: r.activity.activityId,
            reading: (r.result as { value: ContentReading }).value,
          })),
        );
      } catch (error) {
        recorded = false;
        logger.error('refresh-metrics: recording failed', { tenantId, readings: ok.length, error: errorText(error) });
      }
    }
    for (const { activity, result } of results) {
      try {
        if (result.status === 'failed' || (result.status === 'ok' && !recorded)) {
          if (result.status === 'failed')
            logger.warn('refresh-metrics: read failed', {
              platform: activity.channel,
              activityId: activity.activityId,
              message: result.message,
            });
          settle(outcome, 'failed', idsOf(activity), activity.channel);
          continue;
        }
        if (result.status === 'missing') await deps.markUnavailable(tenantId, activity.activityId, 'content_not_found');
        if (result.status === 'unavailable') await deps.markUnavailable(tenantId, activity.activityId, result.reason);
        if (result.status === 'rate_limited')
          logger.warn('refresh-metrics: rate limited', {
            platform: activity.channel,
            activityId: activity.activityId,
            retryAt: result.retryAt,
          });
        // False: the link changed meanwhile and has its own due time; nothing to move.
        await moveDue(tenantId, activity.activityId, activity.dueAt, nextDue(activity, result, now));
        settle(outcome, result.status, idsOf(activity), activity.channel);
      } catch (error) {
        logger.error('refresh-metrics: settling failed', { activityId: activity.activityId, error: errorText(error) });
        settle(outcome, 'failed', idsOf(activity), activity.channel);
      }
    }
  }
  return outcome;
}
