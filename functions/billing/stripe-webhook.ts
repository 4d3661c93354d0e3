/**
 * POST /v1/billing/stripe/webhook — applies Stripe's event deliveries to organizations' billing
 * (the service's own route, docs/decisions.md "Billing"). No bearer token: the `Stripe-Signature` of the raw body, checked with the
 * signing secret (300 s tolerance), is the authentication; a bad or stale one is 400 and changes
 * nothing. An event changes an organization only when its customer is the organization's own
 * (shared/domain/billing.ts `isOwnCustomer`): one naming an organization in its metadata for
 * another customer is logged and ignored (200). Each event id is applied once (a redelivery answers 200 and does nothing); events that
 * arrive late never move the state backwards (shared/domain/billing.ts `supersedes`). Event types
 * it does not use answer 200 and are logged, so Stripe stops retrying them. WebhookEvents counts
 * each request: `refused` (400), `ignored` (a redelivery, a type we do not use, not one of our
 * organizations or not its customer) or `applied`.
 */
import { isEventApplied, markEventApplied } from '../../shared/db/billing/index.ts';
import type { BillingChange } from '../../shared/domain/billing.ts';
import { invalidInput, Problem } from '../../shared/http/problem.ts';
import { defineRawHandler } from '../../shared/http/raw-handler.ts';
import { ok } from '../../shared/http/result.ts';
import * as billing from '../../shared/integrations/billing/index.ts';
import {
  MalformedWebhookEvent,
  WebhookSignatureError,
  type BillingEvent,
} from '../../shared/integrations/billing/port.ts';
import { WebhookReceipt } from '../../shared/schemas/records/billing.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { logger } from '../../shared/support/logger.ts';
import { countWebhookEvent } from '../../shared/support/metrics.ts';
import { routeByKey } from '../routes/billing.ts';
import { takeEffect } from './apply-change.ts';

/** The verified event; a bad signature or a body that is no event is 400, never a 500. */
async function verify(body: string, signature: string | undefined): Promise<BillingEvent> {
  try {
    return await billing.verifyWebhookEvent(body, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof MalformedWebhookEvent)
      throw invalidInput(error.message);
    throw error;
  }
}

/** The billing change an event states, undefined for a type we do not use (or not about one of ours). */
async function changeOf(event: BillingEvent): Promise<BillingChange | undefined | 'unhandled'> {
  const { states } = event;
  switch (states.kind) {
    case 'checkout': {
      // The event's copy has the subscription as an id: read the session with it expanded.
      const session =
        states.sessionId === undefined ? undefined : await billing.readCheckoutSession(states.sessionId, event.created);
      return session?.change;
    }
    case 'change':
      return states.change;
    case 'unhandled':
      return 'unhandled';
  }
}

export const handler = defineRawHandler({
  route: routeByKey('POST /v1/billing/stripe/webhook'),
  output: okReply(WebhookReceipt),
  run: async ({ body, headers, requestId }) => {
    const event = await verify(body, headers['stripe-signature']).catch((error: unknown) => {
      if (error instanceof Problem) countWebhookEvent('refused');
      throw error;
    });
    if (await isEventApplied(event.id)) {
      countWebhookEvent('ignored');
      return ok({ received: true as const });
    }
    const change = await changeOf(event);
    let outcome: 'applied' | 'ignored' = 'ignored';
    if (change === 'unhandled')
      logger.info('stripe event ignored: unhandled type', { eventId: event.id, type: event.type, requestId });
    else if (!change)
      logger.warn('stripe event ignored: names none of our organizations', {
        eventId: event.id,
        type: event.type,
        requestId,
      });
    else if (!(await takeEffect(change))?.notOwnCustomer) outcome = 'applied';
    else {
      // Its metadata names an organization, but its customer is not that organization's.
      logger.warn('stripe event ignored: not the customer of the organization it names', {
        eventId: event.id,
        type: event.type,
        organizationId: change.organizationId,
        customerId: change.customerId,
        requestId,
      });
    }
    // Marked after it took effect: a failure before this leaves the event to Stripe's retry.
    await markEventApplied(event.id, event.type);
    countWebhookEvent(outcome);
    return ok({ received: true as const });
  },
});
