/**
 * One worker batch, whatever it holds: content readings and follower counts go to their own steps
 * and their outcomes are summed. Used by the Lambda worker and the local runner alike.
 */
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue.ts';
import { logger } from '../../../shared/support/logger.ts';
import { refreshFollowers } from './followers.ts';
import { emptyCounts, refreshContent, type QueuedMessage, type RefreshDeps, type RefreshOutcome, type RefreshStatus } from './refresh.ts';

const ofKind = <K extends RefreshMessage['kind']>(batch: readonly QueuedMessage[], kind: K) =>
  batch.filter((b): b is QueuedMessage<Extract<RefreshMessage, { kind: K }>> => b.message.kind === kind);

export async function refreshBatch(batch: readonly QueuedMessage[], deps: RefreshDeps): Promise<RefreshOutcome> {
  const parts = await Promise.all([refreshContent(ofKind(batch, 'content'), deps), refreshFollowers(ofKind(batch, 'followers'), deps)]);
  const counts = emptyCounts();
  for (const part of parts) for (const [status, n] of Object.entries(part.counts)) counts[status as RefreshStatus] += n;
  const failed = parts.flatMap((p) => p.failed);
  logger.info('refresh-metrics', { messages: batch.length, ...counts });
  return { failed, counts };
}
