/**
 * Webhook deliveries (docs/webhooks.md): one item per event and endpoint, the endpoint's delivery log. The
 * fan-out (functions/jobs/fan-out-webhook-events.ts) puts it, conditionally, under a key fixed by
 * the event and the endpoint, so a stream record handled twice finds the first put; the delivery
 * worker records each attempt on it. It holds the signed body (`payload`), so a retry and a replay
 * send the same message under the same `webhook-id`; the response body is never stored. A
 * delivery is kept DELIVERY_RETENTION_DAYS (`ttl`), its pointer with it (the pointer gets the same
 * `ttl`).
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { ConflictError, conflict } from '../../domain/errors.ts';
import { WebhookDeliverySchema, type DeliveryError, type WebhookDelivery } from '../../records/webhook.ts';
import type { WebhookEvent } from '../../domain/webhook-events.ts';
import { defineEntity, getRecord, updateRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import * as collections from '../table/collections.ts';
import { absent } from '../table/expressions.ts';
import { webhookKeys } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import { batchDelete } from '../table/operations.ts';
import { queryPage, type Page, type PageRequest } from '../table/paging.ts';
import { locate, pointerPut } from '../table/records.ts';
import { transact, type TransactItem } from '../table/transact.ts';
import { countAgainst, LIMITS } from '../tenancy/rate-limits.ts';
export type { WebhookDelivery } from '../../records/webhook.ts';

/** How long the log keeps a delivery. */
export const DELIVERY_RETENTION_DAYS = 30;

const Deliveries = defineEntity({
  name: 'The delivery',
  schema: () =>
    z.object({
      ...WebhookDeliverySchema.shape,
      /** The body every attempt sends, exactly (`{type, timestamp, data}`). */
      payload: z.string(),
      /** Where the item sits (its sort key's event timestamp): the pointer names the key, this keeps it readable. */
      eventTimestamp: z.string(),
      ttl: z.number(),
    }),
  key: (tenantId: string, d: { endpointId: string; eventTimestamp: string; id: string }) =>
    webhookKeys.delivery(tenantId, d.endpointId, d.eventTimestamp, d.id),
  queries: {
    /** An endpoint's delivery log, by event timestamp (newest first when asked). */
    ofEndpoint: collections.deliveriesOfWebhookEndpoint,
  },
});

export type StoredDelivery = z.infer<typeof Deliveries.schema>;

export function publicDelivery(stored: StoredDelivery): WebhookDelivery {
  const { payload: _payload, eventTimestamp: _at, ttl: _ttl, ...delivery } = stored;
  return delivery;
}

export const deliveryFromItem = (item: Record<string, unknown>): WebhookDelivery =>
  publicDelivery(Deliveries.fromItem(item));

/**
 * The delivery id of an event at an endpoint: a UUID (version 8) derived from both, so the same
 * event fanned out twice gives the same id, and the id is of the one id space (tenant deletion
 * removes `ID#<id>` for every record id).
 */
export function deliveryIdOf(eventId: string, endpointId: string): string {
  const hex = createHash('sha256').update(`${eventId}\u0000${endpointId}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The body of every delivery of an event: Standard Webhooks' `{type, timestamp, data}`. */
export function payloadOf(event: WebhookEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

/**
 * Puts the delivery of `event` to the endpoint, pending. `created` is false when it was there
 * already (a stream record handled again): the caller then sends it again only if it never left
 * (`awaitsFirstAttempt`).
 */
export async function createDelivery(
  event: WebhookEvent,
  endpointId: string,
): Promise<{ delivery: StoredDelivery; created: boolean }> {
  const now = new Date();
  const stored: StoredDelivery = {
    id: deliveryIdOf(event.id, endpointId),
    organizationId: event.tenantId,
    endpointId,
    eventId: event.id,
    eventType: event.type,
    status: 'pending',
    attempts: 0,
    lastResponseStatus: null,
    lastError: null,
    firstAttemptAt: null,
    lastAttemptAt: null,
    nextAttemptAt: now.toISOString(),
    deliveredAt: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    payload: payloadOf(event),
    eventTimestamp: event.timestamp,
    ttl: Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400,
  };
  const key = Deliveries.key(event.tenantId, stored);
  try {
    await transact([
      Deliveries.tx.put(key, stored, { condition: absent, failure: () => conflict('The delivery exists already.') }),
      expiringWith(pointerPut('webhookDelivery', stored.id, event.tenantId, key), stored.ttl),
    ]);
    return { delivery: stored, created: true };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const existing = await getRecord(Deliveries, key, { consistent: true });
    if (!existing) throw error;
    return { delivery: existing, created: false };
  }
}

/** The pointer's Put with the delivery's `ttl`: DynamoDB removes both together. */
function expiringWith(pointer: ReturnType<typeof pointerPut>, ttl: number): TransactItem {
  return { Put: { ...pointer.Put, Item: { ...pointer.Put.Item, ttl } } } as TransactItem;
}

/** Whether a delivery has not been attempted yet (a fan-out repeated after a crash before its send). */
export const awaitsFirstAttempt = (delivery: Pick<StoredDelivery, 'status' | 'attempts'>) =>
  delivery.status === 'pending' && delivery.attempts === 0;

/** The delivery of this id, as stored (the worker's read), or undefined. */
export async function getStoredDelivery(deliveryId: string): Promise<StoredDelivery | undefined> {
  const location = await locate('webhookDelivery', deliveryId);
  if (!location) return undefined;
  return getRecord(Deliveries, location.recordKey, { consistent: true });
}

/** One page of an endpoint's delivery log, newest first. */
export async function deliveriesPage(
  tenantId: string,
  endpointId: string,
  page: PageRequest,
): Promise<Page<WebhookDelivery>> {
  const { items, totalCount } = await queryPage(Deliveries.query.ofEndpoint(tenantId, endpointId), page, {
    newestFirst: true,
  });
  return { items: items.map(deliveryFromItem), totalCount };
}

/** What one attempt came to. */
export type AttemptOutcome =
  | { kind: 'delivered'; responseStatus: number }
  | { kind: 'retry'; error: DeliveryError; responseStatus: number | null; nextAttemptAt: string }
  | { kind: 'failed'; error: DeliveryError; responseStatus: number | null };

/** Records an attempt made at `at`; the first of a round sets `firstAttemptAt`. */
export async function recordAttempt(
  delivery: StoredDelivery,
  at: string,
  outcome: AttemptOutcome,
): Promise<StoredDelivery> {
  const status = outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'retry' ? 'retrying' : 'failed';
  return updateRecord(Deliveries, Deliveries.key(delivery.organizationId, delivery), {
    set: {
      status,
      lastAttemptAt: at,
      firstAttemptAt: delivery.firstAttemptAt ?? at,
      lastResponseStatus: outcome.responseStatus,
      lastError: outcome.kind === 'delivered' ? null : outcome.error,
      nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
      deliveredAt: outcome.kind === 'delivered' ? at : delivery.deliveredAt,
      updatedAt: at,
    },
    add: { attempts: 1 },
  });
}

/** Settles a delivery without an attempt (its endpoint was disabled or deleted meanwhile). */
export async function settleUnattempted(delivery: StoredDelivery, error: DeliveryError): Promise<void> {
  const at = new Date().toISOString();
  await updateRecord(Deliveries, Deliveries.key(delivery.organizationId, delivery), {
    set: { status: 'failed', lastError: error, nextAttemptAt: null, updatedAt: at },
  });
}

/**
 * Starts a new round of the same message (a replay): pending again, the 3-day retry window from
 * its next attempt. The attempts made so far stay counted. Counted against the endpoint's replays
 * per minute in the same transaction (429 past them, nothing changed; rate-limits.ts).
 */
export async function restartDelivery(delivery: WebhookDelivery, now = Date.now()): Promise<WebhookDelivery> {
  const at = new Date(now).toISOString();
  const key = (await locate('webhookDelivery', delivery.id))?.recordKey;
  if (!key) throw Deliveries.missing();
  const restarted = { status: 'pending', firstAttemptAt: null, nextAttemptAt: at, updatedAt: at } as const;
  await transact([
    ...countAgainst([{ limit: LIMITS.replaysPerEndpoint, by: delivery.endpointId }], now),
    Deliveries.tx.update(key, { set: restarted }),
  ]);
  return { ...delivery, ...restarted };
}

/** Deletes an endpoint's log and the pointers of its deliveries (the endpoint's delete). */
export async function deleteDeliveriesOf(tenantId: string, endpointId: string): Promise<void> {
  const deliveries = await queryRecords(Deliveries.query.ofEndpoint(tenantId, endpointId));
  await batchDelete(deliveries.flatMap((d) => [Deliveries.key(tenantId, d), keys.recordPointer(d.id)]));
}
