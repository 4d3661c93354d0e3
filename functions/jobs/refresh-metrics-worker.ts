/**
 * SQS consumer of the metric refresh queue (infra/metric-refresh.ts): reads a batch of due
 * activities from their platforms and records the readings (metric-refresh/refresh.ts). Partial
 * batch responses: only the messages whose reading failed are delivered again, and dead-lettered
 * after their last delivery. A message that is not a refresh message can never succeed: it is
 * reported too, so it ends in the dead-letter queue where it can be looked at.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { RefreshMessage } from '../../shared/integrations/refresh-queue.ts';
import { logger } from '../../shared/support/logger.ts';
import { platformDeps } from './metric-refresh/platform-deps.ts';
import { refreshBatch } from './metric-refresh/batch.ts';
import type { QueuedMessage } from './metric-refresh/refresh.ts';

function parse(body: string): RefreshMessage | undefined {
  try {
    const parsed = RefreshMessage.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batch: QueuedMessage[] = [];
  const malformed: string[] = [];
  for (const record of event.Records) {
    const message = parse(record.body);
    if (message) batch.push({ id: record.messageId, message });
    else malformed.push(record.messageId);
  }
  if (malformed.length) logger.error('refresh-metrics-worker: not a refresh message', { messageIds: malformed.join(',') });
  let failed: string[];
  try {
    failed = batch.length ? (await refreshBatch(batch, await platformDeps())).failed : [];
  } catch (error) {
    // Reading the batch's activities failed (throttling, an outage): all of it goes round again.
    logger.error('refresh-metrics-worker: batch failed', { error: error instanceof Error ? error.message : String(error) });
    failed = batch.map((b) => b.id);
  }
  return { batchItemFailures: [...malformed, ...failed].map((itemIdentifier) => ({ itemIdentifier })) };
}
