/**
 * The Stripe webhook changes an organization only for its own customer (docs/decisions.md "Billing"): a
 * correctly signed event naming organization A in its metadata but another customer (B's, or one
 * the service never stored) is answered 200 and changes nothing; A's own customer still does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_PRICES,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripe,
  stripeSignature,
} from '../../../infra/local/fakes/stripe.ts';
import { getBillingAccount, rememberCustomer } from '../../../shared/db/billing/billing.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { useBilling } from '../../../shared/integrations/billing/index.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { newOrganization } from '../organizations/helpers.ts';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await FakeStripe.start();
  Object.assign(process.env, fake.env());
  useBilling(undefined);
});

afterAll(async () => {
  useBilling(undefined);
  await fake?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
const UNPAID = { plan: null, status: 'unpaid', currentPeriodEnd: null };

/** An organization with a Stripe customer of its own (in the fake) stored, unless `withCustomer` is false. */
async function organization(withCustomer = true, id?: string) {
  id ??= (await createTenant({ name: 'Webhook customer', ownerUserId: randomUUID() })).id;
  const customerId = withCustomer ? (fake.createCustomer({ metadata: { organizationId: id } }).id as string) : null;
  if (customerId) await rememberCustomer(id, customerId);
  return { id, customerId };
}

const billing = async (id: string) => (await getBillingAccount(id)).tenant.billing;

function subscription(organizationId: string, customer: string, status = 'active') {
  return {
    id: `sub_test_${randomUUID()}`,
    object: 'subscription',
    customer,
    status,
    metadata: { organizationId, plan: 'scale' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test_x',
          object: 'subscription_item',
          price: { id: FAKE_STRIPE_PRICES.scale, object: 'price' },
          current_period_end: now() + 86_400,
        },
      ],
    },
  };
}

function invoice(organizationId: string, customer: string, subscriptionId: string) {
  return {
    id: `in_test_${randomUUID()}`,
    object: 'invoice',
    customer,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: { organizationId } },
    },
  };
}

async function deliver(type: string, object: unknown, created = now()) {
  const payload = JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    object: 'event',
    created,
    type,
    livemode: false,
    data: { object },
  });
  const res = await call('POST', '/v1/billing/stripe/webhook', {
    rawBody: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET),
    },
  });
  expect(res, JSON.stringify(res.body)).toMatchObject({ status: 200, body: { data: { received: true } } });
}

describe("the Stripe webhook applies an event only for the organization's own customer", () => {
  it("a subscription event naming A in its metadata with B's customer, or an unknown one, changes neither", async () => {
    const a = await organization();
    const b = await organization();
    await deliver('customer.subscription.created', subscription(a.id, b.customerId!));
    await deliver('customer.subscription.created', subscription(a.id, 'cus_test_unknown'));
    await deliver('customer.subscription.updated', {
      ...subscription(a.id, b.customerId!),
      customer: { id: b.customerId, object: 'customer' },
    });
    expect(await billing(a.id)).toEqual(UNPAID);
    expect(await billing(b.id)).toEqual(UNPAID);
    expect((await getBillingAccount(a.id)).subscriptionId).toBeNull();
  });

  it('an organization with no customer stored takes no event, whatever its metadata', async () => {
    const c = await organization(false);
    await deliver('customer.subscription.created', subscription(c.id, 'cus_test_any'));
    expect(await billing(c.id)).toEqual(UNPAID);
    expect((await getBillingAccount(c.id)).customerId).toBeNull();
  });

  it("A's own customer activates it; then another customer's invoice or cancellation naming A's subscription changes nothing", async () => {
    const a = await organization();
    const b = await organization();
    const own = subscription(a.id, a.customerId!);
    await deliver('customer.subscription.created', own, now() - 10);
    const active = await billing(a.id);
    expect(active).toMatchObject({ plan: 'scale', status: 'active' });
    await deliver('invoice.payment_failed', invoice(a.id, b.customerId!, own.id));
    await deliver('customer.subscription.deleted', { ...own, customer: 'cus_test_unknown', status: 'canceled' });
    expect(await billing(a.id)).toEqual(active);
  });

  it("a completed checkout whose session names A but whose customer is B's changes nothing, by webhook or by A's owner syncing it (404)", async () => {
    const owner = await signUp('Sync owner');
    const a = await organization(true, await newOrganization(owner));
    const b = await organization();
    const session = fake.createSession({
      mode: 'subscription',
      customer: b.customerId,
      client_reference_id: a.id,
      line_items: [{ price: FAKE_STRIPE_PRICES.growth, quantity: '1' }],
      metadata: { organizationId: a.id, plan: 'growth' },
      subscription_data: { metadata: { organizationId: a.id, plan: 'growth' } },
      success_url: 'http://localhost:5173/billing/success',
      cancel_url: 'http://localhost:5173/billing/canceled',
    });
    fake.completeCheckout(session.id);
    await deliver('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: a.id,
    });
    const sync = await call('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId: a.id, sessionId: session.id },
    });
    expect(sync, JSON.stringify(sync.body)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await billing(a.id)).toEqual(UNPAID);
    expect(await billing(b.id)).toEqual(UNPAID);
  });
});
