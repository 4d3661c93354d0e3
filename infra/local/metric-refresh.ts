/**
 * The metric refresh on this machine: the cloud's dispatcher and worker steps (functions/jobs/
 * metric-refresh) run in-process over an in-process queue with the FIFO queue's semantics, so a
 * connected content link shows numbers within seconds under `npm start`.
 *
 * The queue keeps SQS FIFO's rules that matter here: a message with the deduplication id of one
 * sent in the last five minutes is dropped; messages are handed to the worker in batches of ten, one
 * batch at a time, so one tenant's writes never run concurrently (in-process, everything is
 * serialized); only the messages the worker reports failed (partial batch response) are delivered
 * again on the next run, and dead-lettered after their last delivery, as the stack's queue does.
 *
 * `POST /local/jobs/refresh-metrics` runs one refresh at once and answers what it did; with an
 * `activityId`, it reads that one activity at once instead, due or not.
 */
import { dispatchDue } from '../../functions/jobs/metric-refresh/dispatch.ts';
import { platformDeps } from '../../functions/jobs/metric-refresh/platform-deps.ts';
import { refreshBatch } from '../../functions/jobs/metric-refresh/batch.ts';
import {
  emptyCounts,
  errorText,
  type QueuedMessage,
  type RefreshDeps,
  type RefreshStatus,
} from '../../functions/jobs/metric-refresh/refresh.ts';
import { MAX_RECEIVES } from '../metric-refresh.ts';
import { useRefreshQueue } from '../../shared/integrations/refresh-queue/index.ts';
import {
  deduplicationId,
  type RefreshMessage,
  type RefreshQueue,
} from '../../shared/integrations/refresh-queue/port.ts';
import { getActivity } from '../../shared/db/catalogue/index.ts';
import { locate } from '../../shared/db/table/index.ts';
import { conflict, notFound } from '../../shared/domain/errors.ts';
import { logger } from '../../shared/support/logger.ts';
import { onInterval, oneAtATime } from './background.ts';

const DEDUPLICATION_WINDOW_MS = 5 * 60_000;
const BATCH = 10;

export class LocalRefreshQueue implements RefreshQueue {
  private pending: (QueuedMessage & { receives: number })[] = [];
  private sentAt = new Map<string, number>();
  private sequence = 0;
  readonly deadLetters: RefreshMessage[] = [];

  async send(messages: readonly RefreshMessage[]): Promise<void> {
    const now = Date.now();
    for (const [id, at] of this.sentAt) if (now - at >= DEDUPLICATION_WINDOW_MS) this.sentAt.delete(id);
    for (const message of messages) {
      const dedup = deduplicationId(message);
      if (this.sentAt.has(dedup)) continue;
      this.sentAt.set(dedup, now);
      this.pending.push({ id: String(++this.sequence), message, receives: 0 });
    }
  }

  /** Delivers what is queued now, batch by batch; failed messages wait for the next drain. */
  async drain(deps: RefreshDeps): Promise<Record<RefreshStatus, number>> {
    const counts = emptyCounts();
    const taken = this.pending.splice(0);
    const retry: typeof taken = [];
    for (let i = 0; i < taken.length; i += BATCH) {
      const batch = taken.slice(i, i + BATCH);
      for (const m of batch) m.receives++;
      const outcome = await refreshBatch(batch, deps);
      for (const [status, n] of Object.entries(outcome.counts)) counts[status as RefreshStatus] += n;
      const failed = new Set(outcome.failed);
      for (const m of batch.filter((b) => failed.has(b.id))) {
        if (m.receives >= MAX_RECEIVES) this.deadLetters.push(m.message);
        else retry.push(m);
      }
    }
    this.pending.unshift(...retry);
    return counts;
  }
}

/**
 * The message that reads an activity now: the one the dispatcher would send when it is due, with
 * its current due time, so the worker reads it, records the reading and plans the next one as
 * usual. Its tenant is the one its record pointer names.
 */
async function readNowMessage(activityId: string): Promise<QueuedMessage> {
  const location = await locate('activity', activityId);
  const activity = location && (await getActivity(location.tenantId, activityId, { consistent: true }));
  if (!location || !activity) throw notFound('The activity');
  // Not in the due index: no content link, or its platform publishes no metrics (never read again).
  if (!activity.metricsFetchDueAt)
    throw conflict(
      'The activity has no content link the refresh reads (none connected, or its platform publishes no metrics).',
    );
  return {
    id: `read-now-${activityId}`,
    message: { kind: 'content', tenantId: location.tenantId, activityId, dueAt: activity.metricsFetchDueAt },
  };
}

export interface RefreshRun {
  /** Messages handed to the worker: what was due, or the one activity read at once. */
  dispatched: number;
  counts: Record<RefreshStatus, number>;
}

export interface LocalMetricRefresh {
  /** Dispatches what is due and drains the queue once; runs never overlap. */
  runOnce(): Promise<RefreshRun>;
  /**
   * Reads one activity at once, due or not, past the queue (nothing else queued is read; a failed
   * reading is not retried, the activity stays due as it was). Never overlaps a run.
   */
  readActivity(activityId: string): Promise<RefreshRun>;
  stop(): void;
}

/** Plugs the in-process queue in; with `everyMs`, also runs a refresh on that interval (npm start). */
export function startLocalMetricRefresh(
  everyMs?: number,
  deps: () => Promise<RefreshDeps> = platformDeps,
): LocalMetricRefresh {
  const queue = new LocalRefreshQueue();
  useRefreshQueue(queue);
  // One tenant's writes never run concurrently: each run waits for the one before.
  const serialized = oneAtATime();
  const runOnce = () =>
    serialized(async () => {
      const dispatched = await dispatchDue(new Date(), queue);
      return { dispatched, counts: await queue.drain(await deps()) };
    });
  const readActivity = (activityId: string) =>
    serialized(async () => {
      const message = await readNowMessage(activityId);
      return { dispatched: 1, counts: (await refreshBatch([message], await deps())).counts };
    });
  const stopInterval = onInterval(everyMs, runOnce, (error) =>
    logger.error('local metric refresh failed', { error: errorText(error) }),
  );
  return {
    runOnce,
    readActivity,
    stop: () => {
      stopInterval();
      useRefreshQueue(undefined);
    },
  };
}
