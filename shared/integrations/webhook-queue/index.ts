/**
 * The webhook delivery queue of this environment: SQS when `WEBHOOK_DELIVERY_QUEUE_URL` is set
 * (only the functions the stack gives the queue, the fan-out and the replay route, have it), else
 * none, and sending does nothing (handler tests). `useWebhookQueue` puts another implementation in
 * its place: `npm start` plugs in its in-process queue (infra/local/webhooks.ts), a test a
 * recorder; `useWebhookQueue(undefined)` goes back to the configured one.
 */
import { configuredQueue } from '../sqs/configured-queue.ts';
import { sqsRedeliver, SqsWebhookQueue } from './cloud.ts';
import type { DeliveryMessage, ReceivedMessage, WebhookQueue } from './port.ts';
export { DeliveryMessage, type ReceivedMessage, type WebhookQueue } from './port.ts';

const queue = configuredQueue<WebhookQueue, SqsWebhookQueue>(
  'WEBHOOK_DELIVERY_QUEUE_URL',
  (url) => new SqsWebhookQueue(url),
);

export const getWebhookQueue = queue.get;
export const useWebhookQueue = queue.use;

/** Sends when there is a queue; answers whether it did. */
export async function queueDeliveries(messages: readonly DeliveryMessage[]): Promise<boolean> {
  const queue = getWebhookQueue();
  if (!queue || !messages.length) return false;
  await queue.send(messages);
  return true;
}

/** The worker's retry: SQS hands the message back after `delaySeconds`. */
export function redeliverLater(message: ReceivedMessage, delaySeconds: number): Promise<void> {
  return sqsRedeliver(message, delaySeconds);
}
