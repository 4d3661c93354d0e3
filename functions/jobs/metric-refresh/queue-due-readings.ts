/**
 * Puts on the refresh queue each reading a change of the table made due at once (a content link
 * connected or changed, a social account added: due-at-once.ts), so it is read within seconds rather
 * than at the next dispatch. The stream consumer of tenant items runs it beside the webhook fan-out
 * (fan-out-webhook-events.ts): DynamoDB Streams serves at most two readers per shard without
 * throttling, and that consumer and the outbox's are the two. The routes that make those writes
 * used to send the reading themselves, which carried the SQS client into their bundles and an SQS
 * call into their requests. The due index stays the source of truth: a failed send is logged, and
 * the dispatcher finds the reading when it runs; a batch read again queues its readings again,
 * which the queue deduplicates (same item and due time).
 */
import type { StreamChange } from '../../../shared/domain/webhook-events.ts';
import { refreshSoon } from '../../../shared/integrations/refresh-queue/index.ts';
import { dueAtOnce } from './due-at-once.ts';

/** Queues the readings the stream's changes made due at once; answers how many. */
export async function queueReadingsDueAtOnce(changes: readonly StreamChange[]): Promise<number> {
  const due = changes.flatMap((change) => dueAtOnce(change) ?? []);
  if (due.length) await refreshSoon(due);
  return due.length;
}
