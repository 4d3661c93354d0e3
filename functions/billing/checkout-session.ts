/**
 * POST /v1/billing/checkout-session — starts a Stripe Checkout for an unpaid organization: creates
 * (or reuses) its Stripe customer, then a subscription-mode Checkout Session for the plan's price,
 * named to the organization by `client_reference_id`. Its idempotency key carries the
 * organization's current checkout attempt, so a retried request gets the same session.
 */
import * as z from 'zod/mini';
import {
  checkoutAttempt,
  CHECKOUT_ATTEMPT_SECONDS,
  getOwnBillingAccount,
  rememberCustomer,
} from '../../shared/db/billing/index.ts';
import { config } from '../../shared/config.ts';
import { isPaid } from '../../shared/domain/billing.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import * as billing from '../../shared/integrations/billing/index.ts';
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
    if (isPaid(account.tenant.billing))
      throw conflict('The organization already pays; change its plan in the customer portal.');
    const customerId =
      account.customerId ??
      (await rememberCustomer(organizationId, await billing.createCustomer(organizationId, account.tenant.name)));
    const attempt = await checkoutAttempt(organizationId, plan);
    const web = config.webClientUrl();
    const session = await billing.createCheckoutSession({
      organizationId,
      customerId,
      plan,
      successUrl: webClientPage(web, 'billing/success', { organizationId, sessionId: '{CHECKOUT_SESSION_ID}' }),
      cancelUrl: webClientPage(web, 'billing/canceled', { organizationId }),
      // Fixed by the attempt, so that a retry sends the very same parameters.
      expiresAt: attempt.startedAt + CHECKOUT_ATTEMPT_SECONDS,
      idempotencyKey: `checkout-${organizationId}-${plan}-${attempt.nonce}`,
    });
    return ok(session);
  },
});
