/**
 * Billing on Stripe. In the cloud the API key and the webhook signing secret come from Secrets
 * Manager (a JSON secret `{secretKey, webhookSecret}` whose ARN is `STRIPE_SECRET_ARN`), read once
 * per cold start and never put in an environment variable. Locally there is no other
 * implementation: `npm start` sets the key and secret and points this same SDK client at its fake
 * Stripe (`STRIPE_API_URL`, infra/local/fakes/stripe.ts), and that configuration is the local
 * implementation. Only this folder imports the Stripe SDK; what it answers is in port.ts's types.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as z from 'zod/mini';
import { config, ConfigError } from '../../config.ts';
import type { Plan } from '../../domain/billing.ts';
import {
  MalformedWebhookEvent,
  WebhookSignatureError,
  type Billing,
  type BillingEvent,
  type CheckoutRequest,
  type CheckoutSessionState,
  type EventStatement,
  type PortalRequest,
} from './port.ts';
import { checkoutChange, invoiceChange, subscriptionChange } from './stripe-changes.ts';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

let secrets: Promise<StripeSecrets> | undefined;
let client: Promise<Stripe> | undefined;

async function loadSecrets(): Promise<StripeSecrets> {
  const arn = config.stripeSecretArn();
  if (arn) {
    const out = await new SecretsManagerClient({ region: config.region() }).send(
      new GetSecretValueCommand({ SecretId: arn }),
    );
    const value = JSON.parse(out.SecretString ?? '{}') as Partial<StripeSecrets>;
    if (!value.secretKey || !value.webhookSecret)
      throw new ConfigError('The Stripe secret must hold secretKey and webhookSecret');
    return { secretKey: value.secretKey, webhookSecret: value.webhookSecret };
  }
  const secretKey = config.stripeSecretKey();
  const webhookSecret = config.stripeWebhookSecret();
  if (!secretKey || !webhookSecret)
    throw new ConfigError(
      'Stripe is not configured: STRIPE_SECRET_ARN, or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  return { secretKey, webhookSecret };
}

export function stripeSecrets(): Promise<StripeSecrets> {
  secrets ??= loadSecrets().catch((error) => {
    secrets = undefined; // a failed read is retried by the next request
    throw error;
  });
  return secrets;
}

/** Host, port and protocol of `STRIPE_API_URL` (the fake), or Stripe's own API. */
function apiAddress() {
  const url = config.stripeApiUrl();
  if (!url) return {};
  const { hostname, port, protocol } = new URL(url);
  return {
    host: hostname,
    port: Number(port || (protocol === 'https:' ? 443 : 80)),
    protocol: protocol.slice(0, -1) as 'http' | 'https',
  };
}

function stripe(): Promise<Stripe> {
  client ??= stripeSecrets().then(
    ({ secretKey }) =>
      new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, telemetry: false, ...apiAddress() }),
  );
  return client;
}

/** Forget the client and secrets, so the next use reads the configuration again (tests, the local server). */
export function forgetStripe(): void {
  secrets = undefined;
  client = undefined;
}

const priceOf = (plan: Plan): string => config.stripePrice(plan);

/**
 * The parts of an event the service reads: a signed body without them is refused, never a 500.
 * Made on first use, so that the functions that never verify a webhook do not bundle it.
 */
const eventEnvelope = () =>
  z.looseObject({
    id: z.string().check(z.minLength(1)),
    type: z.string(),
    created: z.int().check(z.nonnegative()),
    data: z.looseObject({ object: z.looseObject({ id: z.optional(z.string()) }) }),
  });

/** The event verified against the signing secret (Stripe's default tolerance, 300 s). */
async function verifiedEvent(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  const { webhookSecret } = await stripeSecrets();
  let event: Stripe.Event;
  try {
    event = (await stripe()).webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new WebhookSignatureError('The Stripe-Signature does not match the body, or is older than 300 seconds.');
    // Signed, but not JSON.
    if (error instanceof SyntaxError) throw new MalformedWebhookEvent('The body is not a JSON event.');
    throw error;
  }
  if (!eventEnvelope().safeParse(event).success)
    throw new MalformedWebhookEvent('The body is not a Stripe event (id, type, created, data.object).');
  return event;
}

/** What an event states, by its type. */
function statementOf(event: Stripe.Event): EventStatement {
  switch (event.type) {
    // A delayed payment (a bank debit) completes the session unpaid, which states nothing yet; its
    // settling sends `async_payment_succeeded` (now paid: active) or `_failed` (still unpaid).
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const { id } = event.data.object;
      return { kind: 'checkout', sessionId: typeof id === 'string' ? id : undefined };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { kind: 'change', change: subscriptionChange(event.data.object, event.created) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { kind: 'change', change: invoiceChange(event.data.object, event.created, event.type === 'invoice.paid') };
    default:
      return { kind: 'unhandled' };
  }
}

/** A Checkout Session with its subscription expanded, or undefined when Stripe has none by that id. */
async function checkoutSession(sessionId: string): Promise<Stripe.Checkout.Session | undefined> {
  try {
    return await (await stripe()).checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
    throw error;
  }
}

export async function createCustomer(organizationId: string, name: string): Promise<string> {
  // Keyed by organization: concurrent first checkouts create one customer.
  return (
    await (
      await stripe()
    ).customers.create({ name, metadata: { organizationId } }, { idempotencyKey: `customer-${organizationId}` })
  ).id;
}

export async function createCheckoutSession({
  organizationId,
  customerId,
  plan,
  successUrl,
  cancelUrl,
  expiresAt,
  idempotencyKey,
}: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
  const session = await (await stripe()).checkout.sessions.create(
    {
      mode: 'subscription',
      customer: customerId,
      client_reference_id: organizationId,
      line_items: [{ price: priceOf(plan), quantity: 1 }],
      metadata: { organizationId, plan },
      // Its invoices and subscription events name the organization through this.
      subscription_data: { metadata: { organizationId, plan } },
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
    },
    { idempotencyKey },
  );
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return { sessionId: session.id, url: session.url };
}

export async function createPortalSession({
  customerId,
  returnUrl,
  subscriptionUpdate,
}: PortalRequest): Promise<{ url: string }> {
  const session = await (await stripe()).billingPortal.sessions.create({
    customer: customerId,
    return_url: returnUrl,
    ...(subscriptionUpdate
      ? { flow_data: { type: 'subscription_update', subscription_update: { subscription: subscriptionUpdate } } }
      : {}),
  });
  return { url: session.url };
}

export async function readCheckoutSession(
  sessionId: string,
  statedAt: number,
): Promise<CheckoutSessionState | undefined> {
  const session = await checkoutSession(sessionId);
  return (
    session && { organizationId: session.client_reference_id ?? undefined, change: checkoutChange(session, statedAt) }
  );
}

export async function verifyWebhookEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent> {
  const event = await verifiedEvent(rawBody, signature);
  return { id: event.id, type: event.type, created: event.created, states: statementOf(event) };
}

/**
 * Cancels a subscription at once (no proration, no final invoice). Idempotent: a subscription that
 * Stripe no longer has, or has canceled already (an earlier attempt went through), is done.
 */
export async function cancelSubscription(subscriptionId: string): Promise<void> {
  const client = await stripe();
  try {
    await client.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    if (error.code === 'resource_missing') return;
    const found = await client.subscriptions.retrieve(subscriptionId);
    if (found.status !== 'canceled' && found.status !== 'incomplete_expired') throw error;
  }
}

/** The functions above as the port (for a test or another chooser; index.ts uses them one by one). */
export const stripeBilling: Billing = {
  createCustomer,
  createCheckoutSession,
  createPortalSession,
  readCheckoutSession,
  verifyWebhookEvent,
  cancelSubscription,
};
