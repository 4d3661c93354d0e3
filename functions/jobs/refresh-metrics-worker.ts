/**
 * SQS consumer of the metric refresh queue (infra/metric-refresh.ts): reads a batch of due
 * activities from their platforms and records the readings (metric-refresh/refresh.ts). Partial
 * batch responses: only the messages whose reading failed are delivered again, and dead-lettered
 * after their last delivery; the others, other tenants' above all, are settled whatever one of
 * them does. A message that is not a refresh message can never succeed: it is reported too, so it
 * ends in the dead-letter queue where it can be looked at.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { RefreshMessage } from '../../shared/integrations/refresh-queue/port.ts';
import { parseMessage } from '../../shared/support/queue-message.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { platformDeps } from './metric-refresh/platform-deps.ts';
import { failedOutcome, refreshBatch } from './metric-refresh/batch.ts';
import type { QueuedMessage } from './metric-refresh/refresh.ts';

export const handler = observedJob('refresh-metrics-worker', async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batch: QueuedMessage[] = [];
  const malformed: string[] = [];
  for (const record of event.Records) {
    const message = parseMessage(RefreshMessage, record.body);
    if (message) batch.push({ id: record.messageId, message });
    else malformed.push(record.messageId);
  }
  for (const messageId of malformed)
    logger.error('refresh-metrics-worker: not a refresh message', { messageId, outcome: 'malformed' });
  // refreshBatch fails only the messages that failed; without the platforms' credentials none can be read.
  const failed = batch.length
    ? (
        await platformDeps().then(
          (deps) => refreshBatch(batch, deps),
          (error: unknown) => failedOutcome(batch, error),
        )
      ).failed
    : [];
  return { batchItemFailures: [...malformed, ...failed].map((itemIdentifier) => ({ itemIdentifier })) };
});
