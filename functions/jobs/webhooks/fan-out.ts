/**
 * Fan-out of one stream change: its events (shared/webhooks/event-sources.ts), each to every enabled
 * endpoint of its organization subscribed to its type: a delivery item put (conditionally: a change
 * handled twice finds the first) and one queue message per delivery, carrying ids only. A delivery
 * found already there is sent again only if it was never attempted (the repeat of a fan-out that
 * stopped between its put and its send); the worker ignores a message for a settled delivery.
 */
import {
  awaitsFirstAttempt,
  createDelivery,
  storedEndpointsOf,
  subscribedTo,
  type StoredEndpoint,
} from '../../../shared/db/webhooks/index.ts';
import { queueDeliveries, type DeliveryMessage } from '../../../shared/integrations/webhook-queue/index.ts';
import { eventsOf } from '../../../shared/webhooks/event-sources.ts';
import type { StreamChange } from '../../../shared/domain/webhook-events.ts';

/** An organization's endpoints as one fan-out reads them. */
export type EndpointsOf = (tenantId: string) => Promise<StoredEndpoint[]>;

/**
 * Each organization's endpoints read once for a batch of changes, which its events share (a batch
 * of one tenant's metric readings would otherwise read the same endpoints once per event). Made
 * anew for each batch, so a change to the endpoints counts from the next batch on.
 */
export function endpointsOnce(read: EndpointsOf = storedEndpointsOf): EndpointsOf {
  const reads = new Map<string, Promise<StoredEndpoint[]>>();
  return (tenantId) => {
    let endpoints = reads.get(tenantId);
    if (!endpoints) {
      endpoints = read(tenantId);
      reads.set(tenantId, endpoints);
    }
    return endpoints;
  };
}

/** Fans the change out; answers how many deliveries it queued. */
export async function fanOut(change: StreamChange, endpointsOf: EndpointsOf = storedEndpointsOf): Promise<number> {
  const messages: DeliveryMessage[] = [];
  for (const event of await eventsOf(change)) {
    for (const endpoint of subscribedTo(await endpointsOf(event.tenantId), event.type)) {
      const { delivery, created } = await createDelivery(event, endpoint.id);
      if (created || awaitsFirstAttempt(delivery)) messages.push({ tenantId: event.tenantId, deliveryId: delivery.id });
    }
  }
  await queueDeliveries(messages);
  return messages.length;
}
