/**
 * Stream consumer: sends each email put in the outbox (shared/db/email/outbox.ts) through SES. The
 * event source mapping (infra/outbox-delivery.ts) hands it only INSERTs of `OUTBOX` items, in
 * batches, with partial batch responses: a record whose send failed is reported by its sequence
 * number, Lambda retries from the first one reported (bisecting the batch on errors) and sends
 * it to the dead-letter queue when its retries run out.
 *
 * A retry also redelivers the records after the failed one, and any record may come twice; the
 * outbox's delivery marker makes a record already sent do nothing (see outbox.ts for the window
 * that stays at-least-once). An email that can never be sent (an unusable address) is settled as
 * rejected instead of failing: retries could only hold up the emails behind it.
 *
 * Each record's outcome is logged by its stream event id and email id (never the address or the
 * text); Emails counts sent and failed (an error or a rejected address).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  awaitsDelivery,
  emailOf,
  isOutboxItem,
  settleDelivery,
  type DeliveryOutcome,
  type Email,
} from '../../shared/db/email/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { countEmail } from '../../shared/support/metrics.ts';
import { getMailer } from '../../shared/integrations/email/index.ts';
import { UndeliverableEmail } from '../../shared/integrations/email/port.ts';

type RecordOutcome = 'sent' | 'rejected' | 'already_settled' | 'not_outbox' | 'failed';

export const handler = observedJob(
  'deliver-outbox',
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
    // One at a time, in stream order: a batch is small and SES has a per-second sending rate.
    for (const record of event.Records) {
      const delivery: { emailId?: string } = {};
      let outcome: RecordOutcome;
      try {
        outcome = await deliver(record, delivery);
      } catch (error) {
        outcome = 'failed';
        logger.error('deliver-outbox: send failed', {
          eventId: record.eventID,
          emailId: delivery.emailId,
          error: error instanceof Error ? error.name : 'unknown',
        });
        // Without a sequence number (never, from a stream) the empty identifier fails the whole batch.
        batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      }
      logger.info('deliver-outbox: record', { eventId: record.eventID, emailId: delivery.emailId, outcome });
      if (outcome === 'sent') countEmail('sent');
      else if (outcome === 'rejected' || outcome === 'failed') countEmail('failed');
    }
    logger.info('deliver-outbox', { records: event.Records.length, failed: batchItemFailures.length });
    return { batchItemFailures };
  },
);

/** Sends the record's email; `delivery` learns its id as soon as it is known (for the log line of a failure). */
async function deliver(record: DynamoDBRecord, delivery: { emailId?: string }): Promise<RecordOutcome> {
  const image = record.dynamodb?.NewImage;
  // The mapping's filter lets only new outbox items through; anything else is not ours to send.
  if (record.eventName !== 'INSERT' || !image || !isOutboxItem(image.pk?.S)) return 'not_outbox';
  // The Lambda event types describe the same AttributeValue shape as the SDK's, less precisely.
  const email = emailOf(unmarshall(image as Record<string, AttributeValue>));
  delivery.emailId = email.id;
  if (!(await awaitsDelivery(email))) return 'already_settled';
  const outcome = await send(email);
  if (!(await settleDelivery(email, outcome))) {
    // Another delivery of the same record settled it first: SES got it twice (the accepted window).
    logger.warn('deliver-outbox: settled by another delivery', { emailId: email.id });
  }
  return 'rejected' in outcome ? 'rejected' : 'sent';
}

async function send(email: Email): Promise<DeliveryOutcome> {
  try {
    return await getMailer().send(email);
  } catch (error) {
    if (!(error instanceof UndeliverableEmail)) throw error;
    logger.warn('deliver-outbox: undeliverable', { emailId: email.id, reason: error.message });
    return { rejected: error.message };
  }
}
