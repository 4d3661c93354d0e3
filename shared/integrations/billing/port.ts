/**
 * Billing as the service needs it: a customer per organization, a subscription Checkout, the
 * customer portal, reading a Checkout Session back, verifying a webhook delivery, and canceling a
 * subscription. Stripe is behind it (cloud.ts); handlers and shared/db see only these types, so
 * nothing above shared/integrations imports the Stripe SDK or its types.
 */
import type { BillingChange, Plan } from '../../domain/billing.ts';

export interface CheckoutRequest {
  organizationId: string;
  customerId: string;
  plan: Plan;
  /** Where Checkout sends the payer back; `{CHECKOUT_SESSION_ID}` is filled in by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** Seconds since the epoch: fixed by the checkout attempt, so that a retry sends the same parameters. */
  expiresAt: number;
  /** A retried request with the same key gets the same session. */
  idempotencyKey: string;
}

export interface PortalRequest {
  customerId: string;
  returnUrl: string;
  /** A subscription whose plan change the portal opens directly. */
  subscriptionUpdate?: string;
}

/** A Checkout Session as read back: whose it is, and the billing state it states (complete and paid), if any. */
export interface CheckoutSessionState {
  /** The organization it was started for (our own mark on it), if any. */
  organizationId: string | undefined;
  change: BillingChange | undefined;
}

/** What a verified webhook event says about billing. */
export type EventStatement =
  /** A Checkout Session's event: read the session (by id) for its state, as the event's copy is not expanded. */
  | { kind: 'checkout'; sessionId: string | undefined }
  /** A state stated by the event itself (undefined: not about one of our organizations). */
  | { kind: 'change'; change: BillingChange | undefined }
  /** A type the service does not use. */
  | { kind: 'unhandled' };

export interface BillingEvent {
  id: string;
  type: string;
  /** Seconds since the epoch at which the provider stated it: the ordering key of its change. */
  created: number;
  states: EventStatement;
}

/** The webhook's signature does not match its body, or is too old. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** A correctly signed body that is not an event (not JSON, or without id, type, created, data.object). */
export class MalformedWebhookEvent extends Error {
  override name = 'MalformedWebhookEvent';
}

export interface Billing {
  /** The organization's customer, created once however often asked (keyed by organization); answers its id. */
  createCustomer(organizationId: string, name: string): Promise<string>;
  /** A subscription-mode Checkout Session for the plan, named to the organization. */
  createCheckoutSession(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;
  /** The session and the change it states at `statedAt` (seconds), or undefined when the provider has none by that id. */
  readCheckoutSession(sessionId: string, statedAt: number): Promise<CheckoutSessionState | undefined>;
  /** The event a webhook request carries, verified; `WebhookSignatureError` or `MalformedWebhookEvent` when it is not one. */
  verifyWebhookEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent>;
  /** Cancels at once; idempotent (a subscription gone or canceled already is done). */
  cancelSubscription(subscriptionId: string): Promise<void>;
}
