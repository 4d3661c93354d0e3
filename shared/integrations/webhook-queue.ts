/**
 * The webhook delivery queue: what the fan-out (a delivery put for an event) and a replay hand to
 * the delivery worker. Messages carry ids only (the tenant, the delivery); the worker reads the
 * rest. In the cloud an SQS standard queue (`WEBHOOK_DELIVERY_QUEUE_URL`) used as a fair queue: the
 * tenant is the message group, so one organization's backlog (a slow or failing endpoint's retries)
 * does not hold up another's deliveries. Locally `npm start` plugs in an in-process queue
 * (infra/local/webhooks.ts); with neither (handler tests), sending does nothing.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';

export const DeliveryMessage = z.strictObject({ tenantId: z.string(), deliveryId: z.string() });
export type DeliveryMessage = z.infer<typeof DeliveryMessage>;

export interface WebhookQueue {
  send(messages: readonly DeliveryMessage[]): Promise<void>;
}

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

let local: WebhookQueue | undefined;
let cloud: SqsWebhookQueue | undefined;

/** Locally: the in-process queue that `npm start` runs (undefined to unplug it). */
export function useLocalWebhookQueue(queue: WebhookQueue | undefined): void {
  local = queue;
}

export function webhookQueue(): WebhookQueue | undefined {
  const url = process.env.WEBHOOK_DELIVERY_QUEUE_URL;
  if (url) return cloud?.queueUrl === url ? cloud : (cloud = new SqsWebhookQueue(url));
  return local;
}

/** Sends when there is a queue; answers whether it did. */
export async function queueDeliveries(messages: readonly DeliveryMessage[]): Promise<boolean> {
  const queue = webhookQueue();
  if (!queue || !messages.length) return false;
  await queue.send(messages);
  return true;
}
