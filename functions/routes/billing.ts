/** The route table's billing rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const billingRoutes = [
  route('POST', '/v1/billing/checkout-session', { form: 'B', access: 'owner', handler: 'billing/checkout-session' }),
  route('POST', '/v1/billing/portal-session', { form: 'B', access: 'owner', handler: 'billing/portal-session' }),
  route('POST', '/v1/billing/checkout-session/sync', {
    form: 'B',
    access: 'owner',
    handler: 'billing/sync-checkout-session',
  }),
  // The service's own (docs/decisions.md "Billing"): Stripe calls it with no token; the signature authenticates it, so no caller's access applies.
  route('POST', '/v1/billing/stripe/webhook', {
    form: 'B',
    access: 'self',
    auth: 'stripe-signature',
    handler: 'billing/stripe-webhook',
  }),
];

/** The billing route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(billingRoutes);
