/**
 * One worker batch, whatever it holds: content readings and follower counts go to their own steps
 * and their outcomes are summed. Used by the Lambda worker and the local runner alike. It never
 * throws: each step reports the messages that failed and settles the others (one tenant's item
 * never holds back another's), and a step that throws all the same (a bug) fails its own messages.
 */
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';
import { logger } from '../../../shared/support/logger.ts';
import { refreshFollowers } from './followers.ts';
import {
  emptyCounts,
  errorText,
  refreshContent,
  settle,
  type QueuedMessage,
  type RefreshDeps,
  type RefreshOutcome,
  type RefreshStatus,
} from './refresh.ts';

const ofKind = <K extends RefreshMessage['kind']>(batch: readonly QueuedMessage[], kind: K) =>
  batch.filter((b): b is QueuedMessage<Extract<RefreshMessage, { kind: K }>> => b.message.kind === kind);

/** Every message of `part` failed, for a step that threw. */
export function failedOutcome(part: readonly QueuedMessage[], error: unknown): RefreshOutcome {
  if (part.length) logger.error('refresh-metrics: step failed', { messages: part.length, error: errorText(error) });
  const outcome: RefreshOutcome = { failed: [], counts: emptyCounts() };
  for (const { id } of part) settle(outcome, 'failed', [id]);
  return outcome;
}

export async function refreshBatch(batch: readonly QueuedMessage[], deps: RefreshDeps): Promise<RefreshOutcome> {
  const content = ofKind(batch, 'content');
  const followers = ofKind(batch, 'followers');
  const parts = await Promise.all([
    refreshContent(content, deps).catch((error: unknown) => failedOutcome(content, error)),
    refreshFollowers(followers, deps).catch((error: unknown) => failedOutcome(followers, error)),
  ]);
  const counts = emptyCounts();
  for (const part of parts) for (const [status, n] of Object.entries(part.counts)) counts[status as RefreshStatus] += n;
  const failed = parts.flatMap((p) => p.failed);
  logger.info('refresh-metrics', { messages: batch.length, ...counts });
  return { failed, counts };
}
