/**
 * Fan-out of one stream change: its events (shared/webhooks/event-sources.ts), each to every enabled
 * endpoint of its organization subscribed to its type: a delivery item put (conditionally: a change
 * handled twice finds the first) and one queue message per delivery, carrying ids only. A delivery
 * found already there is sent again only if it was never attempted (the repeat of a fan-out that
 * stopped between its put and its send); the worker ignores a message for a settled delivery.
 */
import { awaitsFirstAttempt, createDelivery, subscribedEndpoints } from '../../../shared/db/webhooks/index.ts';
import { queueDeliveries, type DeliveryMessage } from '../../../shared/integrations/webhook-queue/index.ts';
import { eventsOf } from '../../../shared/webhooks/event-sources.ts';
import type { StreamChange } from '../../../shared/domain/webhook-events.ts';

/** Fans the change out; answers how many deliveries it queued. */
export async function fanOut(change: StreamChange): Promise<number> {
  const messages: DeliveryMessage[] = [];
  for (const event of await eventsOf(change)) {
    for (const endpoint of await subscribedEndpoints(event.tenantId, event.type)) {
      const { delivery, created } = await createDelivery(event, endpoint.id);
      if (created || awaitsFirstAttempt(delivery)) messages.push({ tenantId: event.tenantId, deliveryId: delivery.id });
    }
  }
  await queueDeliveries(messages);
  return messages.length;
}
