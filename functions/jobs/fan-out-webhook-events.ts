/**
 * Stream consumer of tenant items (infra/webhook-delivery.ts): turns each change of a tenant's items
 * into its webhook events and their deliveries (webhooks/fan-out.ts), and first queues the readings
 * the changes made due at once (metric-refresh/queue-due-readings.ts, which never fails a batch).
 * Partial batch responses: a record whose fan-out failed is reported by its sequence number and
 * Lambda retries from it (bisecting on errors), which is safe because a repeated fan-out puts
 * nothing twice. Logs ids and counts only.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { queueReadingsDueAtOnce } from './metric-refresh/queue-due-readings.ts';
import { endpointsOnce, fanOut } from './webhooks/fan-out.ts';
import { streamChangeOf } from './stream-change.ts';

export const handler = observedJob(
  'fan-out-webhook-events',
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
    // Each record read once: a change of a tenant's item, or undefined for one that is not.
    const changes = event.Records.map((record) => ({ record, change: streamChangeOf(record) }));
    const readingsQueued = await queueReadingsDueAtOnce(changes.flatMap(({ change }) => change ?? []));
    let queued = 0;
    const endpointsOf = endpointsOnce();
    // In stream order: a failure reports its record, and Lambda retries from there.
    for (const { record, change } of changes) {
      if (!change) continue;
      try {
        queued += await fanOut(change, endpointsOf);
      } catch (error) {
        logger.error('fan-out-webhook-events: record failed', {
          eventId: record.eventID,
          error: error instanceof Error ? error.name : 'unknown',
        });
        batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
        // Lambda retries from the first failure: the records after it come again anyway.
        break;
      }
    }
    logger.info('fan-out-webhook-events', {
      records: event.Records.length,
      queued,
      readingsQueued,
      failed: batchItemFailures.length,
    });
    return { batchItemFailures };
  },
);
