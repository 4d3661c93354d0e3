/**
 * SQS consumer of the exports queue (infra/exports.ts): runs each export it names
 * (functions/exports/run.ts). One message a batch (an export can take the whole timeout); a failure
 * is reported as the message's (partial batch response), delivered again, and after its last
 * delivery the export is marked failed and the message dead-lettered. A redelivered message of an
 * export already done does nothing (the claim). A message that is not an export message can never
 * succeed: it is reported too, so it ends in the dead-letter queue where it can be looked at.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ExportMessage } from '../../shared/integrations/export-queue/port.ts';
import { parseMessage } from '../../shared/support/queue-message.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { runExport } from '../exports/run.ts';

/** Deliveries of a message before it is dead-lettered (infra/exports.ts reads it). */
export const EXPORT_MAX_RECEIVES = 3;

export const handler = observedJob('run-export', async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failed: string[] = [];
  for (const record of event.Records) {
    const message = parseMessage(ExportMessage, record.body);
    if (!message) {
      logger.error('run-export: not an export message', { messageId: record.messageId, outcome: 'malformed' });
      failed.push(record.messageId);
      continue;
    }
    const lastDelivery = Number(record.attributes.ApproximateReceiveCount) >= EXPORT_MAX_RECEIVES;
    try {
      await runExport(message, { lastDelivery });
    } catch {
      // runExport logged it; the queue delivers it again.
      failed.push(record.messageId);
    }
  }
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
});
