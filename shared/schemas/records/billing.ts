/** Records of the Billing group (docs/decisions.md "Billing"): the Stripe pages a client opens, and a webhook's receipt. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { named } from './reply.ts';

/** A Stripe Checkout Session to send the owner to. */
export const CheckoutSession = named(
  'CheckoutSession',
  /* @__PURE__ */ lazySchema(() => z.object({ sessionId: z.string(), url: z.url() })),
);

/** A Stripe customer-portal session to send the owner to. */
export const PortalSession = named(
  'PortalSession',
  /* @__PURE__ */ lazySchema(() => z.object({ url: z.url() })),
);

/** The webhook's answer: the event was received (applied now, or already before). */
export const WebhookReceipt = named(
  'WebhookReceipt',
  /* @__PURE__ */ lazySchema(() => z.object({ received: z.literal(true) })),
);
