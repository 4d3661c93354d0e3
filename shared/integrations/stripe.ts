/**
 * The Stripe client and its configuration. In the cloud the API key and the webhook signing secret
 * come from Secrets Manager (a JSON secret `{secretKey, webhookSecret}` whose ARN is
 * `STRIPE_SECRET_ARN`), read once per cold start and never put in an environment variable; locally
 * `npm start` sets them, and points the SDK at its fake Stripe (`STRIPE_API_URL`).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { config, ConfigError } from '../config.ts';
import { PLANS, type Plan } from '../domain/billing.ts';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

let secrets: Promise<StripeSecrets> | undefined;
let client: Promise<Stripe> | undefined;

async function loadSecrets(): Promise<StripeSecrets> {
  const arn = config.stripeSecretArn();
  if (arn) {
    const out = await new SecretsManagerClient({ region: config.region() }).send(new GetSecretValueCommand({ SecretId: arn }));
    const value = JSON.parse(out.SecretString ?? '{}') as Partial<StripeSecrets>;
    if (!value.secretKey || !value.webhookSecret) throw new ConfigError('The Stripe secret must hold secretKey and webhookSecret');
    return { secretKey: value.secretKey, webhookSecret: value.webhookSecret };
  }
  const secretKey = config.stripeSecretKey();
  const webhookSecret = config.stripeWebhookSecret();
  if (!secretKey || !webhookSecret) throw new ConfigError('Stripe is not configured: STRIPE_SECRET_ARN, or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
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
  return { host: hostname, port: Number(port || (protocol === 'https:' ? 443 : 80)), protocol: protocol.slice(0, -1) as 'http' | 'https' };
}

export function stripe(): Promise<Stripe> {
  client ??= stripeSecrets().then(({ secretKey }) => new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, telemetry: false, ...apiAddress() }));
  return client;
}

/** Forget clients and secrets (tests and the local server change the configuration). */
export function resetStripe(): void {
  secrets = undefined;
  client = undefined;
}

export const priceOf = (plan: Plan): string => config.stripePrice(plan);

/** The plan a Stripe price id stands for, if it is one of ours. */
export function planOfPrice(priceId: string | undefined): Plan | undefined {
  return PLANS.find((plan) => process.env[`STRIPE_PRICE_${plan.toUpperCase()}`] === priceId);
}

/**
 * The event a webhook request carries, verified against the signing secret (Stripe's default
 * tolerance, 300 s). Throws Stripe's signature error on a bad, missing or stale signature.
 */
export async function verifiedEvent(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  const { webhookSecret } = await stripeSecrets();
  return (await stripe()).webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
}

export { Stripe };

/** A Checkout Session with its subscription expanded, or undefined when Stripe has none by that id. */
export async function checkoutSession(sessionId: string): Promise<Stripe.Checkout.Session | undefined> {
  try {
    return await (await stripe()).checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
    throw error;
  }
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
