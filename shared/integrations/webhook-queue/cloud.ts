/**
 * The webhook delivery queue on SQS (`WEBHOOK_DELIVERY_QUEUE_URL`), a standard queue used as a fair
 * queue: the tenant is the MessageGroupId. A retry is the received message made visible again
 * after its delay (ChangeMessageVisibility), so SQS hands it back then.
 */
import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import { sendInBatches } from '../sqs/send-batches.ts';
import type { DeliveryMessage, ReceivedMessage, WebhookQueue } from './port.ts';

export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    readonly queueUrl: string,
    private readonly client = new SQSClient({}),
  ) {}

  async send(messages: readonly DeliveryMessage[]): Promise<void> {
    // A refusal fails the caller (its stream record is retried, and a repeat sends what never left).
    const entries = messages.map((message) => ({
      MessageBody: JSON.stringify(message),
      MessageGroupId: message.tenantId,
    }));
    await sendInBatches(this.client, this.queueUrl, entries, 'webhook delivery messages');
  }
}

let consumer: SQSClient | undefined;

/** The queue's URL from its ARN (arn:aws:sqs:<region>:<account>:<name>). */
function queueUrlOf(arn: string): string {
  const [, , , region, account, name] = arn.split(':');
  return `https://sqs.${region}.amazonaws.com/${account}/${name}`;
}

/** Makes a received message visible again after `delaySeconds` (the event source mapping's consumer grant covers it). */
export async function sqsRedeliver(message: ReceivedMessage, delaySeconds: number): Promise<void> {
  consumer ??= new SQSClient({});
  await consumer.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrlOf(message.queueArn),
      ReceiptHandle: message.receiptHandle,
      VisibilityTimeout: delaySeconds,
    }),
  );
}
