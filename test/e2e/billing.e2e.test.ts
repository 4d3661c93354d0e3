/**
 * Billing over HTTP against the local service and its fake Stripe (docs/decisions.md "Billing"):
 * checkout (with its idempotency key), the fake's checkout page delivering a signed webhook, the
 * portal, sync before and after the webhook, the webhook's signature checks, one application per
 * event id, out-of-order events, and demo access removal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_PRICES, FAKE_STRIPE_WEBHOOK_SECRET, stripeSignature } from '../../infra/local/fakes/stripe.ts';
import { checkedFetch } from './support/contract.ts';
import { rememberCustomer } from '../../shared/db/billing/billing.ts';
import { completedCheckout } from './support/fixtures/billing.ts';
import { startWorld, type Identity, type World } from './support/world.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
});

const WEBHOOK = '/v1/billing/stripe/webhook';
const now = () => Math.floor(Date.now() / 1000);

/** A new user owning a new organization (over HTTP). */
async function ownerWithOrganization(): Promise<{ owner: Identity; organizationId: string }> {
  const owner = await world.signUp('Billing owner');
  const created = await world.http('POST', '/v1/organizations', {
    token: owner.token,
    body: { userId: owner.userId, name: 'Paying Co' },
  });
  expect(created.status).toBe(201);
  return { owner, organizationId: created.body.data.id };
}

const organization = async (owner: Identity, organizationId: string) =>
  (await world.http('GET', `/v1/organizations/${organizationId}`, { token: owner.token })).body.data;

/** Posts a raw webhook body with the given signature header (checked against the API description). */
async function postWebhook(payload: string, signature: string | undefined) {
  const response = await checkedFetch(`${world.service.url}${WEBHOOK}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The Stripe customer the webhook tests store for an organization: events apply to its own customer only. */
const customerOf = (organizationId: string) => `cus_test_${organizationId}`;

/** A new organization with its Stripe customer stored, as its first checkout would. */
async function customerOrganization() {
  const created = await ownerWithOrganization();
  await rememberCustomer(created.organizationId, customerOf(created.organizationId));
  return created;
}

/** A subscription object of the organization, as Stripe sends it in `customer.subscription.*`. */
function subscription(organizationId: string, id: string, status: string, periodEnd = now() + 86_400) {
  return {
    id,
    object: 'subscription',
    customer: customerOf(organizationId),
    status,
    metadata: { organizationId, plan: 'scale' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test_x',
          object: 'subscription_item',
          price: { id: FAKE_STRIPE_PRICES.scale, object: 'price' },
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

const event = (type: string, object: unknown, created = now(), id = `evt_test_${randomUUID()}`) =>
  JSON.stringify({ id, object: 'event', created, type, livemode: false, data: { object } });

describe('Checkout, the fake checkout page and its webhook', () => {
  it('creates one session for a retried request, completes it with a signed webhook, and then refuses a second checkout (409)', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const body = { organizationId, plan: 'starter' };
    const first = await world.http('POST', '/v1/billing/checkout-session', { token: owner.token, body });
    const retried = await world.http('POST', '/v1/billing/checkout-session', { token: owner.token, body });
    expect(first.status).toBe(200);
    expect(retried.body.data).toEqual(first.body.data);
    const fake = world.service.stripe;
    const sessions = [...fake.sessions.values()].filter((s) => s.client_reference_id === organizationId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      mode: 'subscription',
      price: FAKE_STRIPE_PRICES.starter,
      customer: expect.stringMatching(/^cus_/),
    });
    expect(first.body.data).toEqual({ sessionId: sessions[0]!.id, url: `${fake.url}/checkout/${sessions[0]!.id}` });

    // The customer is reused: another plan is another session for the same customer.
    const growth = await world.http('POST', '/v1/billing/checkout-session', {
      token: owner.token,
      body: { organizationId, plan: 'growth' },
    });
    expect(growth.body.data.sessionId).not.toBe(first.body.data.sessionId);
    expect(fake.sessions.get(growth.body.data.sessionId)!.customer).toBe(sessions[0]!.customer);
    expect((await organization(owner, organizationId)).billing).toEqual({
      plan: null,
      status: 'unpaid',
      currentPeriodEnd: null,
    });

    // Paying on the fake page: Stripe's webhook, then back to the web client's success page.
    const page = await fetch(first.body.data.url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(
      `http://localhost:5173/billing/success?organizationId=${organizationId}&sessionId=${first.body.data.sessionId}`,
    );
    const delivery = fake.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    const paid = await organization(owner, organizationId);
    expect(paid.billing).toMatchObject({ plan: 'starter', status: 'active', currentPeriodEnd: expect.any(String) });

    const again = await world.http('POST', '/v1/billing/checkout-session', { token: owner.token, body });
    expect(again).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const portal = await world.http('POST', '/v1/billing/portal-session', {
      token: owner.token,
      body: { organizationId, flow: 'subscription_update' },
    });
    expect(portal.status).toBe(200);
    expect((await fetch(portal.body.data.url)).status).toBe(200);
  });

  it('refuses a portal session to an organization that never paid (409)', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const portal = await world.http('POST', '/v1/billing/portal-session', {
      token: owner.token,
      body: { organizationId },
    });
    expect(portal).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });
});

describe('Sync', () => {
  it('applies a completed checkout once: sync before the webhook, the webhook, and sync again answer the same organization', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const { sessionId } = await completedCheckout(world, organizationId);
    const sync = () =>
      world.http('POST', '/v1/billing/checkout-session/sync', {
        token: owner.token,
        body: { organizationId, sessionId },
      });
    const first = await sync();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      id: organizationId,
      role: 'owner',
      billing: { plan: 'growth', status: 'active' },
    });
    const session = world.service.stripe.sessions.get(sessionId)!;
    const delivery = await world.service.stripe.deliver('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: organizationId,
      subscription: session.subscription,
    });
    expect(delivery.status).toBe(200);
    const second = await sync();
    expect(second.body.data).toEqual(first.body.data);
    expect((await organization(owner, organizationId)).updatedAt).toBe(first.body.data.updatedAt);
  });

  it("changes nothing for an open session, and does not find another organization's session (404)", async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const started = await world.http('POST', '/v1/billing/checkout-session', {
      token: owner.token,
      body: { organizationId, plan: 'scale' },
    });
    const open = await world.http('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId, sessionId: started.body.data.sessionId },
    });
    expect(open.body.data.billing).toEqual({ plan: null, status: 'unpaid', currentPeriodEnd: null });
    const other = await completedCheckout(world, world.tenantId);
    const foreign = await world.http('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId, sessionId: other.sessionId },
    });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const unknown = await world.http('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId, sessionId: 'cs_test_nothing' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});

describe('Delayed payment (a bank debit settles days after checkout)', () => {
  const unpaid = { plan: null, status: 'unpaid', currentPeriodEnd: null };

  it('does not activate on checkout.session.completed while unpaid; activates on async_payment_succeeded', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const { sessionId } = await completedCheckout(world, organizationId, { delayed: true });
    const fake = world.service.stripe;
    expect((await fake.deliver('checkout.session.completed', fake.sessions.get(sessionId)!)).status).toBe(200);
    expect((await organization(owner, organizationId)).billing).toEqual(unpaid);
    const sync = await world.http('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId, sessionId },
    });
    expect(sync.body.data.billing).toEqual(unpaid);

    const { type, session } = fake.settleDelayedPayment(sessionId, true);
    expect((await fake.deliver(type, session)).status).toBe(200);
    expect((await organization(owner, organizationId)).billing).toMatchObject({ plan: 'growth', status: 'active' });
  });

  it('leaves the organization unpaid on async_payment_failed (200), and it may check out again', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const { sessionId } = await completedCheckout(world, organizationId, { delayed: true });
    const fake = world.service.stripe;
    const { type, session } = fake.settleDelayedPayment(sessionId, false);
    expect((await fake.deliver(type, session)).status).toBe(200);
    expect((await organization(owner, organizationId)).billing).toEqual(unpaid);
    const again = await world.http('POST', '/v1/billing/checkout-session', {
      token: owner.token,
      body: { organizationId, plan: 'starter' },
    });
    expect(again.status).toBe(200);
  });
});

describe('Webhook', () => {
  it('accepts a valid signature and refuses a tampered body, a wrong secret, a missing header and one older than 300 s (400, nothing changed)', async () => {
    const { owner, organizationId } = await customerOrganization();
    const payload = event(
      'customer.subscription.created',
      subscription(organizationId, `sub_test_${randomUUID()}`, 'active'),
    );
    const refused = [
      await postWebhook(
        payload.replace('"active"', '"trialing"'),
        stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET),
      ),
      await postWebhook(payload, stripeSignature(payload, 'whsec_someone_else')),
      await postWebhook(payload, undefined),
      await postWebhook(payload, stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET, now() - 301)),
    ];
    for (const response of refused) expect(response).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    expect((await organization(owner, organizationId)).billing.status).toBe('unpaid');

    const accepted = await postWebhook(payload, stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET, now() - 200));
    expect(accepted).toEqual({ status: 200, body: { data: { received: true } } });
    expect((await organization(owner, organizationId)).billing).toMatchObject({ plan: 'scale', status: 'active' });
  });

  it('applies an event delivered 5 times once: a later event is not undone by its redelivery', async () => {
    const { owner, organizationId } = await customerOrganization();
    const id = `sub_test_${randomUUID()}`;
    const t = now() - 100;
    const pastDue = event('customer.subscription.updated', subscription(organizationId, id, 'past_due'), t);
    const send = (payload: string) => postWebhook(payload, stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET));
    const deliveries = await Promise.all([1, 2, 3, 4, 5].map(() => send(pastDue)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    const once = await organization(owner, organizationId);
    expect(once.billing.status).toBe('past_due');

    // A second event of the same second recovers the subscription; the first one's redeliveries change nothing.
    expect(
      (
        await send(
          event(
            'invoice.paid',
            {
              id: 'in_test_x',
              object: 'invoice',
              customer: customerOf(organizationId),
              parent: {
                type: 'subscription_details',
                subscription_details: { subscription: id, metadata: { organizationId } },
              },
            },
            t,
          ),
        )
      ).status,
    ).toBe(200);
    const recovered = await organization(owner, organizationId);
    expect(recovered.billing.status).toBe('active');
    for (let i = 0; i < 5; i++) expect((await send(pastDue)).status).toBe(200);
    expect(await organization(owner, organizationId)).toEqual(recovered);
  });

  it('never moves the state backwards when events arrive out of order, and applies two different events arriving at once', async () => {
    const { owner, organizationId } = await customerOrganization();
    const id = `sub_test_${randomUUID()}`;
    const t = now() - 1000;
    const send = (payload: string) => postWebhook(payload, stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET));
    // Two different events at once: the later one (past_due) wins whatever the arrival order.
    const both = await Promise.all([
      send(event('customer.subscription.created', subscription(organizationId, id, 'active', t + 86_400), t)),
      send(event('customer.subscription.updated', subscription(organizationId, id, 'past_due', t + 86_400), t + 10)),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await organization(owner, organizationId)).billing.status).toBe('past_due');
    // An older event arriving late is not applied.
    expect(
      (await send(event('customer.subscription.updated', subscription(organizationId, id, 'active'), t + 5))).status,
    ).toBe(200);
    expect((await organization(owner, organizationId)).billing.status).toBe('past_due');
    // Deleted is final for that subscription: a later word about it does not revive it.
    await send(event('customer.subscription.deleted', subscription(organizationId, id, 'canceled'), t + 20));
    await send(event('customer.subscription.updated', subscription(organizationId, id, 'active'), t + 30));
    expect((await organization(owner, organizationId)).billing.status).toBe('canceled');
    // A new subscription (a new checkout) makes it active again.
    await send(
      event(
        'customer.subscription.created',
        subscription(organizationId, `sub_test_${randomUUID()}`, 'active'),
        t + 40,
      ),
    );
    expect((await organization(owner, organizationId)).billing.status).toBe('active');
  });

  it('never answers 500 to a correctly signed body that is not a usable event: not JSON, no data.object, odd fields (400 or 200)', async () => {
    const { owner, organizationId } = await customerOrganization();
    const signed = (payload: string) => postWebhook(payload, stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET));
    expect(await signed('not json {')).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    expect(await signed(JSON.stringify({ id: 'evt_test_bare', type: 'invoice.paid', created: now() }))).toMatchObject({
      status: 400,
      body: { code: 'invalid_input' },
    });
    expect(
      await signed(
        JSON.stringify({
          id: 'evt_test_created',
          type: 'invoice.paid',
          created: Infinity,
          data: { object: {} },
        }).replace('null', '1e400'),
      ),
    ).toMatchObject({ status: 400 });
    const odd = [
      event('customer.subscription.updated', {
        ...subscription(organizationId, 'sub_test_odd', 'active', 1e308),
        id: 42,
        customer: { no: 'id' },
      }),
      event('customer.subscription.updated', {
        ...subscription(organizationId, 'sub_test_odd', '\u202eactive\u0000', 1e308),
        items: { data: [{ price: null, current_period_end: -1e308 }] },
      }),
      event('customer.subscription.updated', { ...subscription('not-a-uuid\r\n', 'sub_test_odd', 'active') }),
      event('checkout.session.completed', { id: 7, object: 'checkout.session' }),
      event('checkout.session.completed', { id: 'cs_test_missing', object: 'checkout.session' }),
      event('invoice.payment_failed', {
        id: 'in_test_x',
        object: 'invoice',
        parent: { subscription_details: { subscription: ['x'], metadata: { organizationId } } },
      }),
    ];
    for (const payload of odd) expect([200, 400], payload).toContain((await signed(payload)).status);
    // The one usable statement among them: an unknown subscription status is not paid; no plan, no plausible period end.
    expect((await organization(owner, organizationId)).billing).toEqual({
      plan: null,
      status: 'unpaid',
      currentPeriodEnd: null,
    });
  });

  it('answers 200 to an event type it does not use, and changes nothing', async () => {
    const payload = event('charge.refunded', { id: 'ch_test_x', object: 'charge' });
    expect(await postWebhook(payload, stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET))).toEqual({
      status: 200,
      body: { data: { received: true } },
    });
  });
});

describe('A workspace under a parent organization', () => {
  it("shares the parent's plan: checkout, portal and sync on the workspace are 409, and name the parent", async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const created = await world.http('POST', '/v1/workspaces', {
      token: owner.token,
      body: { userId: owner.userId, name: 'Child', organizationId },
    });
    expect(created.status).toBe(201);
    const workspaceId = created.body.data.id;
    const { sessionId } = await completedCheckout(world, workspaceId);
    const calls = [
      ['/v1/billing/checkout-session', { organizationId: workspaceId, plan: 'starter' }],
      ['/v1/billing/portal-session', { organizationId: workspaceId }],
      ['/v1/billing/checkout-session/sync', { organizationId: workspaceId, sessionId }],
    ] as const;
    for (const [path, body] of calls) {
      const answer = await world.http('POST', path, { token: owner.token, body });
      expect(answer, path).toMatchObject({
        status: 409,
        body: { code: 'conflict', detail: expect.stringContaining(organizationId) },
      });
    }
  });
});

describe('Deleting a paying organization', () => {
  /** A new organization, paid through a completed checkout and sync. */
  async function payingOrganization() {
    const { owner, organizationId } = await ownerWithOrganization();
    const { sessionId, subscriptionId } = await completedCheckout(world, organizationId);
    const sync = await world.http('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId, sessionId },
    });
    expect(sync.body.data.billing.status).toBe('active');
    return { owner, organizationId, subscription: world.service.stripe.subscriptions.get(subscriptionId)! };
  }

  it('cancels its Stripe subscription at once; while Stripe fails, the organization is left whole and the delete can be retried', async () => {
    const { owner, organizationId, subscription } = await payingOrganization();
    const fake = world.service.stripe;
    fake.failing = { status: 500, error: { type: 'api_error', message: 'Stripe is down (local fake).' } };
    let failed: Response;
    try {
      // Not through the contract check: an outage of Stripe is a server error, which no route declares.
      failed = await fetch(`${world.service.url}/v1/organizations/${organizationId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${owner.token}` },
      });
    } finally {
      fake.failing = undefined;
    }
    expect(failed.status).toBe(500);
    expect(subscription.status).toBe('active');
    expect(await organization(owner, organizationId)).toMatchObject({
      id: organizationId,
      billing: { status: 'active' },
    });

    const removed = await world.http('DELETE', `/v1/organizations/${organizationId}`, { token: owner.token });
    expect(removed).toMatchObject({ status: 200, body: { data: { id: organizationId, deleted: true } } });
    expect(subscription.status).toBe('canceled');
    expect((await world.http('GET', `/v1/organizations/${organizationId}`, { token: owner.token })).status).toBe(404);
  });

  it('deletes an organization whose subscription Stripe has canceled already (a retry after the cancel went through)', async () => {
    const { owner, organizationId, subscription } = await payingOrganization();
    subscription.status = 'canceled';
    const removed = await world.http('DELETE', `/v1/organizations/${organizationId}`, { token: owner.token });
    expect(removed.status).toBe(200);
  });
});

describe('Demo access removed', () => {
  it("takes the demo viewer membership of organic sign-up away from the paid organization's members and switches their active organization", async () => {
    const owner = await world.signUp('Organic owner');
    const signup = await world.http('POST', '/v1/organizations/complete-organic-signup', {
      token: owner.token,
      body: { userId: owner.userId, name: 'Organic Co' },
    });
    expect(signup.status).toBe(201);
    const organizationId = signup.body.data.id;
    const settings = async () =>
      (await world.http('GET', `/v1/users/${owner.userId}/settings`, { token: owner.token })).body.data
        .activeOrganizationId;
    const before = await world.http('GET', `/v1/organizations?userId=${owner.userId}&pageIndex=0&pageSize=10`, {
      token: owner.token,
    });
    const demo = before.body.items.find((o: { isDemo: boolean }) => o.isDemo);
    expect(demo).toMatchObject({ role: 'viewer' });
    expect(await settings()).toBe(demo.id);

    const { sessionId } = await completedCheckout(world, organizationId);
    const synced = await world.http('POST', '/v1/billing/checkout-session/sync', {
      token: owner.token,
      body: { organizationId, sessionId },
    });
    expect(synced.body.data.billing.status).toBe('active');
    const after = await world.http('GET', `/v1/organizations?userId=${owner.userId}&pageIndex=0&pageSize=10`, {
      token: owner.token,
    });
    expect(after.body.items.map((o: { id: string }) => o.id)).toEqual([organizationId]);
    expect(await settings()).toBe(organizationId);
  });
});
