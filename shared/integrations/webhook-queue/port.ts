/**
 * The webhook delivery queue: what the fan-out (a delivery put for an event) and a replay hand to
 * the delivery worker, and how the worker keeps a delivery to retry. Messages carry ids only (the
 * tenant, the delivery); the worker reads the rest. Its semantics, whatever carries it: the tenant
 * is the message group of a fair queue, so one organization's backlog (a slow or failing
 * endpoint's retries) does not hold up another's deliveries. SQS in the cloud (cloud.ts); locally
 * `npm start`'s in-process queue (infra/local/webhooks.ts, which runs the worker beside it).
 */
import * as z from 'zod/mini';
import { droppable } from '../../records/lazy-schema.ts';

export const DeliveryMessage = /* @__PURE__ */ droppable(() =>
  z.strictObject({ tenantId: z.string(), deliveryId: z.string() }),
);
export type DeliveryMessage = z.infer<typeof DeliveryMessage>;

export interface WebhookQueue {
  send(messages: readonly DeliveryMessage[]): Promise<void>;
}

/** A received message, as the worker's queue hands it over: where from, and its receipt. */
export interface ReceivedMessage {
  /** The queue's ARN (an SQS record's `eventSourceARN`). */
  queueArn: string;
  receiptHandle: string;
}

/** Hands a received message back after `delaySeconds` (at most 12 hours): a delivery's next attempt. */
export type Redeliver = (message: ReceivedMessage, delaySeconds: number) => Promise<void>;
