/** Input pieces shared by the webhooks handlers, and the destination check of a registered URL. */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { text } from '../../shared/schemas/common.ts';
import { DestinationRefused, vetDestination } from '../../shared/webhooks/destination.ts';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhook-events.ts';

/** An absolute URL of at most 2048 characters; where it may point is checked by `checkedDestination`. */
export const WebhookUrl = /* @__PURE__ */ droppable(() =>
  text(1, 2048).check(z.refine((s) => URL.canParse(s), { error: 'Must be an absolute URL.' })),
);

/** The event types subscribed to: at least one, each at most once. */
export const WebhookEvents = /* @__PURE__ */ droppable(() =>
  z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(
    z.minLength(1),
    z.refine((events) => new Set(events).size === events.length, { error: 'Must not name an event type twice.' }),
  ),
);

export const WebhookDescription = /* @__PURE__ */ droppable(() => z.nullable(text(0, 200)));

/**
 * The URL if deliveries may go there (https, a host that resolves to public addresses only;
 * shared/webhooks/destination.ts), else 400 naming the reason on `url`.
 */
export async function checkedDestination(url: string): Promise<string> {
  try {
    await vetDestination(url);
    return url;
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    throw invalidInput('Deliveries cannot go to this URL.', [{ path: 'url', message: error.message }]);
  }
}
