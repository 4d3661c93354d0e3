/**
 * The dispatcher's step: every activity (and social account) due by now (the sparse due index, one query per shard)
 * becomes a message on the refresh queue. It moves nothing itself: an activity stays due until the
 * worker has read it, so a lost message is sent again by the next run, and a message sent twice is
 * deduplicated by SQS (same due time, within five minutes) or found stale by the worker.
 */
import { dueItems } from '../../../shared/db/metrics/index.ts';
import type { RefreshMessage, RefreshQueue } from '../../../shared/integrations/refresh-queue/port.ts';

export async function dispatchDue(now: Date, queue: RefreshQueue): Promise<number> {
  const messages: RefreshMessage[] = await dueItems(now);
  await queue.send(messages);
  return messages.length;
}
