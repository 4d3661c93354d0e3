/**
 * SQS consumer of the webhook delivery queue (infra/webhook-delivery.ts): one attempt per message
 * (webhooks/deliver.ts), the messages of a batch in parallel, each request bounded by 10 s, so a
 * slow endpoint holds up no other message. A delivery to try again is kept on the queue: its
 * visibility is set to the retry delay (ChangeMessageVisibility) and it is reported failed (partial
 * batch response), so SQS hands it back then; the others are deleted. A message that is not a
 * delivery message, or whose attempt threw, is reported failed as is (SQS's redrive policy
 * dead-letters it after its receives run out).
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { DeliveryMessage, redeliverLater } from '../../shared/integrations/webhook-queue/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { attemptDelivery } from './webhooks/deliver.ts';

function parse(body: string): DeliveryMessage | undefined {
  try {
    const parsed = DeliveryMessage.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the message is done with (deleted), false to have SQS hand it back later. */
async function handle(record: SQSRecord): Promise<boolean> {
  const message = parse(record.body);
  if (!message) {
    logger.error('deliver-webhooks: not a delivery message', { messageId: record.messageId });
    return false;
  }
  try {
    const result = await attemptDelivery(message);
    if (result.kind === 'done') return true;
    await redeliverLater({ queueArn: record.eventSourceARN, receiptHandle: record.receiptHandle }, result.delaySeconds);
    return false;
  } catch (error) {
    logger.error('deliver-webhooks: attempt threw', {
      messageId: record.messageId,
      deliveryId: message.deliveryId,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return false;
  }
}

export const handler = observedJob('deliver-webhooks', async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const done = await Promise.all(event.Records.map(handle));
  const batchItemFailures = event.Records.filter((_, i) => !done[i]).map((r) => ({ itemIdentifier: r.messageId }));
  return { batchItemFailures };
});
