/** Records of the Billing group (DECISIONS.md "Billing"): the Stripe pages a client opens, and a webhook's receipt. */
import * as z from 'zod/mini';
import { named } from './reply.ts';

/** A Stripe Checkout Session to send the owner to. */
export const CheckoutSession = named('CheckoutSession', z.object({ sessionId: z.string(), url: z.url() }));

/** A Stripe customer-portal session to send the owner to. */
export const PortalSession = named('PortalSession', z.object({ url: z.url() }));

/** The webhook's answer: the event was received (applied now, or already before). */
export const WebhookReceipt = named('WebhookReceipt', z.object({ received: z.literal(true) }));
