/**
 * POST /v1/billing/portal-session — opens the Stripe customer portal for an organization that has
 * paid (409 for one that never did); `flow: subscription_update` opens the plan change directly.
 */
import * as z from 'zod/mini';
import { getOwnBillingAccount } from '../../shared/db/billing/index.ts';
import { config } from '../../shared/config.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import * as billing from '../../shared/integrations/billing/index.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { PortalSession } from '../../shared/schemas/records/billing.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/billing.ts';
import { webClientPage } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/billing/portal-session'),
  output: okReply(PortalSession),
  input: z.strictObject({ organizationId: Uuid, flow: z.optional(z.enum(['subscription_update'])) }),
  run: async ({ input: { organizationId, flow } }) => {
    const { customerId, subscriptionId } = await getOwnBillingAccount(organizationId);
    if (!customerId || !subscriptionId)
      throw conflict('The organization has never paid: start with a checkout session.');
    const session = await billing.createPortalSession({
      customerId,
      returnUrl: webClientPage(config.webClientUrl(), 'billing', { organizationId }),
      ...(flow === 'subscription_update' ? { subscriptionUpdate: subscriptionId } : {}),
    });
    return ok({ url: session.url });
  },
});
