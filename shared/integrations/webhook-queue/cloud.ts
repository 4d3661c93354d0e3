/**
 * The webhook delivery queue on SQS (`WEBHOOK_DELIVERY_QUEUE_URL`), a standard queue used as a fair
 * queue: the tenant is the MessageGroupId. A retry is the received message made visible again
 * after its delay (ChangeMessageVisibility), so SQS hands it back then.
 */
import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryMessage, ReceivedMessage, WebhookQueue } from './port.ts';

/** SendMessageBatch takes at most ten entries. */
const SQS_BATCH = 10;

export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    readonly queueUrl: string,
    private readonly client = new SQSClient({}),
  ) {}

  async send(messages: readonly DeliveryMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += SQS_BATCH) {
      const chunk = messages.slice(i, i + SQS_BATCH);
      const out = await this.client.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: chunk.map((message, n) => ({ Id: String(n), MessageBody: JSON.stringify(message), MessageGroupId: message.tenantId })),
        }),
      );
      // The caller fails (its stream record is retried, and a repeat sends what never left).
      if (out.Failed?.length) throw new Error(`SQS refused ${out.Failed.length} of ${chunk.length} webhook delivery messages: ${out.Failed.map((f) => f.Code).join(', ')}`);
    }
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
  await consumer.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrlOf(message.queueArn), ReceiptHandle: message.receiptHandle, VisibilityTimeout: delaySeconds }));
}
