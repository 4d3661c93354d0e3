/**
 * The billing of this environment: Stripe (cloud.ts); locally the same client, pointed at the fake
 * Stripe by `npm start`'s configuration (that configuration is the local implementation).
 * Callers import this module whole (`import * as billing from '.../billing/index.ts'`).
 */
import * as stripe from './cloud.ts';
import type { Billing } from './port.ts';

let chosen: Billing | undefined;

/** Puts another implementation in place (a test); undefined goes back to the configured one, read afresh. */
export function useBilling(impl: Billing | undefined): void {
  chosen = impl;
  if (!impl) stripe.forgetStripe();
}

// The port's operations, each the one put in place, else the configured one's: separate functions,
// so that a bundle keeps only the operations its function calls.
export const createCustomer: Billing['createCustomer'] = (...args) =>
  chosen ? chosen.createCustomer(...args) : stripe.createCustomer(...args);
export const createCheckoutSession: Billing['createCheckoutSession'] = (...args) =>
  chosen ? chosen.createCheckoutSession(...args) : stripe.createCheckoutSession(...args);
export const createPortalSession: Billing['createPortalSession'] = (...args) =>
  chosen ? chosen.createPortalSession(...args) : stripe.createPortalSession(...args);
export const readCheckoutSession: Billing['readCheckoutSession'] = (...args) =>
  chosen ? chosen.readCheckoutSession(...args) : stripe.readCheckoutSession(...args);
export const verifyWebhookEvent: Billing['verifyWebhookEvent'] = (...args) =>
  chosen ? chosen.verifyWebhookEvent(...args) : stripe.verifyWebhookEvent(...args);
export const cancelSubscription: Billing['cancelSubscription'] = (...args) =>
  chosen ? chosen.cancelSubscription(...args) : stripe.cancelSubscription(...args);
