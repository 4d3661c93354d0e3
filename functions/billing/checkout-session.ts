/**
 * POST /v1/billing/checkout-session — starts a Stripe Checkout for an unpaid organization: creates
 * (or reuses) its Stripe customer, then a subscription-mode Checkout Session for the plan's price,
 * named to the organization by `client_reference_id`. Its idempotency key carries the
 * organization's current checkout attempt, so a retried request gets the same session.
 */
import * as z from 'zod/mini';
import { checkoutAttempt, CHECKOUT_ATTEMPT_SECONDS, getOwnBillingAccount, rememberCustomer } from '../../shared/db/billing/index.ts';
import { config } from '../../shared/config.ts';
import { isPaid } from '../../shared/domain/billing.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { priceOf, stripe } from '../../shared/integrations/stripe.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { CheckoutSession } from '../../shared/schemas/records/billing.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/billing.ts';
import { Plan, webClientPage } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/billing/checkout-session'),
  output: okReply(CheckoutSession),
  input: z.strictObject({ organizationId: Uuid, plan: Plan }),
  run: async ({ input: { organizationId, plan } }) => {
    const account = await getOwnBillingAccount(organizationId);
    if (isPaid(account.tenant.billing)) throw conflict('The organization already pays; change its plan in the customer portal.');
    const client = await stripe();
    const customerId =
      account.customerId ??
      (await rememberCustomer(
        organizationId,
        // Keyed by organization: concurrent first checkouts create one customer.
        (await client.customers.create({ name: account.tenant.name, metadata: { organizationId } }, { idempotencyKey: `customer-${organizationId}` })).id,
      ));
    const attempt = await checkoutAttempt(organizationId, plan);
    const web = config.webClientUrl();
    const session = await client.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: organizationId,
        line_items: [{ price: priceOf(plan), quantity: 1 }],
        metadata: { organizationId, plan },
        // Its invoices and subscription events name the organization through this.
        subscription_data: { metadata: { organizationId, plan } },
        success_url: webClientPage(web, 'billing/success', { organizationId, sessionId: '{CHECKOUT_SESSION_ID}' }),
        cancel_url: webClientPage(web, 'billing/canceled', { organizationId }),
        // Fixed by the attempt, so that a retry sends the very same parameters.
        expires_at: attempt.startedAt + CHECKOUT_ATTEMPT_SECONDS,
      },
      { idempotencyKey: `checkout-${organizationId}-${plan}-${attempt.nonce}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return ok({ sessionId: session.id, url: session.url });
  },
});
