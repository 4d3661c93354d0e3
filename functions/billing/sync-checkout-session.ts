/**
 * POST /v1/billing/checkout-session/sync — the web client's return from Checkout: reads the
 * Checkout Session from Stripe and, when it is this organization's and complete and paid, applies
 * it as the webhook would (whichever comes first changes the state; the other finds it done).
 * Answers the organization.
 */
import * as z from 'zod/mini';
import { getTenantAggregate, tenantView } from '../../shared/db/tenancy/index.ts';
import { getBillingAccount, getOwnBillingAccount } from '../../shared/db/billing/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import * as billing from '../../shared/integrations/billing/index.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';
import { routeByKey } from '../routes/billing.ts';
import { takeEffect } from './apply-change.ts';
import { CheckoutSessionId } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/billing/checkout-session/sync'),
  output: okReply(TenantRecord),
  input: z.strictObject({ organizationId: Uuid, sessionId: CheckoutSessionId }),
  run: async ({ input: { organizationId, sessionId }, tenant: scope }) => {
    await getOwnBillingAccount(organizationId);
    // Stated now: what Stripe shows at this moment supersedes any event created before it.
    const session = await billing.readCheckoutSession(sessionId, Math.floor(Date.now() / 1000));
    // Another organization's session is as unknown as a missing one (existence is never leaked).
    if (session?.organizationId !== organizationId) throw notFound('The checkout session');
    const { change } = session;
    const applied = change && (await takeEffect(change));
    // A session of another customer than the organization's is not its own either.
    if (applied?.notOwnCustomer) throw notFound('The checkout session');
    const tenant = applied?.tenant ?? (await getBillingAccount(organizationId)).tenant;
    return ok(tenantView(tenant, scope.role, 'active', await getTenantAggregate(organizationId)));
  },
});
