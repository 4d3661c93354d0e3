/**
 * The refresh queue of this environment: SQS when `METRICS_QUEUE_URL` is set (read from the
 * environment directly: only the functions the stack gives the queue, the dispatcher and the
 * stream consumer of tenant items, have it), else none, and sending does nothing: the item waits in
 * the due index for the dispatcher (handler tests). `useRefreshQueue` puts another implementation in its place: `npm
 * start` plugs in its in-process queue (infra/local/metric-refresh.ts), a test a recorder;
 * `useRefreshQueue(undefined)` goes back to the configured one.
 */
import { logger } from '../../support/logger.ts';
import { configuredQueue } from '../sqs/configured-queue.ts';
import { SqsRefreshQueue } from './cloud.ts';
import type { RefreshMessage, RefreshQueue } from './port.ts';

const queue = configuredQueue<RefreshQueue, SqsRefreshQueue>('METRICS_QUEUE_URL', (url) => new SqsRefreshQueue(url));

/** The queue of this environment, or undefined when there is none. */
export const getRefreshQueue = queue.get;
export const useRefreshQueue = queue.use;

/** Sends when there is a queue; answers whether it did. */
export async function requestRefresh(messages: readonly RefreshMessage[]): Promise<boolean> {
  const queue = getRefreshQueue();
  if (!queue || !messages.length) return false;
  await queue.send(messages);
  return true;
}

/**
 * Asks for readings at once after a write made them due (a content link connected, an account
 * added: functions/jobs/metric-refresh/queue-due-readings.ts). The due index stays the source of
 * truth, so a failed send only delays the reading to the next dispatch: it is logged, never retried.
 */
export async function refreshSoon(messages: readonly RefreshMessage[]): Promise<void> {
  try {
    await requestRefresh(messages);
  } catch (error) {
    logger.warn('refresh-soon: not queued, the next dispatch reads it', {
      messages: messages.length,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
