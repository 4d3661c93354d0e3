/**
 * The metric refresh on this machine: the cloud's dispatcher and worker steps (functions/jobs/
 * metric-refresh) run in-process over an in-process queue with the FIFO queue's semantics, so a
 * connected content link shows numbers within seconds under `npm start`.
 *
 * The queue keeps SQS FIFO's rules that matter here: a message with the deduplication id of one
 * sent in the last five minutes is dropped; messages are handed to the worker in batches of ten, one
 * batch at a time, so one tenant's writes never run concurrently (in-process, everything is
 * serialized); a failed message is delivered again on the next run and dead-lettered after its
 * last delivery, as the stack's queue does.
 *
 * `POST /local/jobs/refresh-metrics` runs one refresh at once and answers what it did.
 */
import { dispatchDue } from '../../functions/jobs/metric-refresh/dispatch.ts';
import { platformDeps } from '../../functions/jobs/metric-refresh/platform-deps.ts';
import { refreshBatch } from '../../functions/jobs/metric-refresh/batch.ts';
import { emptyCounts, type QueuedMessage, type RefreshDeps, type RefreshStatus } from '../../functions/jobs/metric-refresh/refresh.ts';
import { MAX_RECEIVES } from '../metric-refresh.ts';
import { deduplicationId, useLocalRefreshQueue, type RefreshMessage, type RefreshQueue } from '../../shared/integrations/refresh-queue.ts';
import { logger } from '../../shared/support/logger.ts';

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
      let failed: Set<string>;
      try {
        const outcome = await refreshBatch(batch, deps);
        for (const [status, n] of Object.entries(outcome.counts)) counts[status as RefreshStatus] += n;
        failed = new Set(outcome.failed);
      } catch (error) {
        logger.error('local metric refresh: batch failed', { error: error instanceof Error ? error.message : String(error) });
        counts.failed += batch.length;
        failed = new Set(batch.map((m) => m.id));
      }
      for (const m of batch.filter((b) => failed.has(b.id))) {
        if (m.receives >= MAX_RECEIVES) this.deadLetters.push(m.message);
        else retry.push(m);
      }
    }
    this.pending.unshift(...retry);
    return counts;
  }
}

export interface LocalMetricRefresh {
  /** Dispatches what is due and drains the queue once; runs never overlap. */
  runOnce(): Promise<{ dispatched: number; counts: Record<RefreshStatus, number> }>;
  stop(): void;
}

/** Plugs the in-process queue in; with `everyMs`, also runs a refresh on that interval (npm start). */
export function startLocalMetricRefresh(everyMs?: number, deps: () => Promise<RefreshDeps> = platformDeps): LocalMetricRefresh {
  const queue = new LocalRefreshQueue();
  useLocalRefreshQueue(queue);
  let last: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    const run = last.then(async () => {
      const dispatched = await dispatchDue(new Date(), queue);
      return { dispatched, counts: await queue.drain(await deps()) };
    });
    last = run.catch(() => undefined);
    return run;
  };
  const timer = everyMs
    ? setInterval(() => {
        runOnce().catch((error) => logger.error('local metric refresh failed', { error: error instanceof Error ? error.message : String(error) }));
      }, everyMs)
    : undefined;
  timer?.unref();
  return {
    runOnce,
    stop: () => {
      if (timer) clearInterval(timer);
      useLocalRefreshQueue(undefined);
    },
  };
}
