/**
 * The billing repository against DynamoDB Local: the checkout attempt behind the idempotency key,
 * the customer stored once, and billing changes applied in Stripe's order under concurrency.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applyBillingChange,
  CHECKOUT_ATTEMPT_SECONDS,
  checkoutAttempt,
  getBillingAccount,
  rememberCustomer,
} from '../../../shared/db/billing/billing.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';

const organization = async () => (await createTenant({ name: 'Billing repo', ownerUserId: randomUUID() })).id;
/** The Stripe customer `customerOf(id)` stored for a new organization: billing changes apply to its own customer only. */
const customerOf = (id: string) => `cus_${id}`;
const customerOrganization = async () => {
  const id = await organization();
  await rememberCustomer(id, customerOf(id));
  return id;
};

describe('checkoutAttempt', () => {
  it('gives concurrent and retried requests one attempt, a new one for another plan, and a new one before its session could expire', async () => {
    const id = await organization();
    const t = 1_800_000_000;
    const racing = await Promise.all([1, 2, 3, 4, 5].map(() => checkoutAttempt(id, 'starter', t)));
    expect(new Set(racing.map((a) => a.nonce)).size).toBe(1);
    expect(await checkoutAttempt(id, 'starter', t + 60)).toEqual(racing[0]);
    const growth = await checkoutAttempt(id, 'growth', t + 120);
    expect(growth.nonce).not.toBe(racing[0]!.nonce);
    // 22 h on, a session created now would expire (at startedAt + 23 h) too soon for Stripe: a new attempt.
    const later = await checkoutAttempt(id, 'growth', t + 120 + CHECKOUT_ATTEMPT_SECONDS - 3600);
    expect(later).toMatchObject({ startedAt: t + 120 + CHECKOUT_ATTEMPT_SECONDS - 3600 });
    expect(later.nonce).not.toBe(growth.nonce);
  });

  it('gives each attempt a ttl a day after its session expired, renewed with the attempt that replaces it', async () => {
    const id = await organization();
    const stored = async () =>
      (
        await documentClient().send(
          new GetCommand({ TableName: tableName(), Key: keys.checkoutAttempt(id), ConsistentRead: true }),
        )
      ).Item;
    const t = 1_800_000_000;
    await checkoutAttempt(id, 'starter', t);
    expect((await stored())!.ttl).toBe(t + CHECKOUT_ATTEMPT_SECONDS + 24 * 60 * 60);
    await checkoutAttempt(id, 'starter', t + 60); // reused: unchanged
    expect((await stored())!.ttl).toBe(t + CHECKOUT_ATTEMPT_SECONDS + 24 * 60 * 60);
    await checkoutAttempt(id, 'scale', t + 600);
    expect((await stored())!.ttl).toBe(t + 600 + CHECKOUT_ATTEMPT_SECONDS + 24 * 60 * 60);
  });
});

describe('rememberCustomer', () => {
  it('keeps the first customer id stored', async () => {
    const id = await organization();
    expect(await rememberCustomer(id, 'cus_a')).toBe('cus_a');
    expect(await rememberCustomer(id, 'cus_b')).toBe('cus_a');
    expect((await getBillingAccount(id)).customerId).toBe('cus_a');
  });
});

describe('applyBillingChange', () => {
  it('ends in the latest state whatever order 10 concurrent changes arrive in (restatements included), and the tenant record shows it', async () => {
    // Runs of equal statuses: a restatement that writes nothing shown must still outrank older changes.
    const statuses = [
      'active',
      'past_due',
      'past_due',
      'active',
      'past_due',
      'past_due',
      'active',
      'past_due',
      'past_due',
      'past_due',
    ] as const;
    const ids = await Promise.all([1, 2, 3, 4, 5].map(customerOrganization));
    await Promise.all(
      ids.map(async (id, n) => {
        const changes = statuses.map((status, i) => ({
          organizationId: id,
          customerId: customerOf(id),
          created: 1000 + i,
          subscriptionId: 'sub_x',
          status,
          plan: 'scale' as const,
        }));
        // A different arrival order per organization: rotated and reversed.
        const order = [...changes.slice(n * 2), ...changes.slice(0, n * 2)].reverse();
        await Promise.all(order.map((change) => applyBillingChange(change)));
      }),
    );
    for (const id of ids) {
      const { tenant, subscriptionId } = await getBillingAccount(id);
      expect(subscriptionId).toBe('sub_x');
      expect(tenant.billing, id).toEqual({ plan: 'scale', status: 'past_due', currentPeriodEnd: null });
    }
  });

  it('lets no older change undo a newer restatement', async () => {
    const id = await customerOrganization();
    const base = { organizationId: id, customerId: customerOf(id), subscriptionId: 'sub_z', plan: 'growth' as const };
    await applyBillingChange({ ...base, created: 10, status: 'past_due' });
    await applyBillingChange({ ...base, created: 30, status: 'past_due' });
    await applyBillingChange({ ...base, created: 20, status: 'active' });
    expect((await getBillingAccount(id)).tenant.billing.status).toBe('past_due');
  });

  it('writes nothing when a change restates the stored state', async () => {
    const id = await customerOrganization();
    const change = {
      organizationId: id,
      customerId: customerOf(id),
      created: 5,
      subscriptionId: 'sub_y',
      status: 'active' as const,
      currentPeriodEnd: '2030-01-01T00:00:00.000Z',
    };
    expect((await applyBillingChange(change))!.changed).toBe(true);
    expect((await applyBillingChange({ ...change, created: 6 }))!.changed).toBe(false);
    expect(await applyBillingChange({ ...change, organizationId: randomUUID() })).toBeUndefined();
  });

  it("changes nothing for another customer than the organization's, nor for an organization with none stored", async () => {
    const id = await customerOrganization();
    const change = {
      organizationId: id,
      customerId: 'cus_someone_else',
      created: 5,
      subscriptionId: 'sub_w',
      status: 'active' as const,
    };
    expect(await applyBillingChange(change)).toMatchObject({ changed: false, notOwnCustomer: true });
    const none = await organization();
    expect(await applyBillingChange({ ...change, organizationId: none })).toMatchObject({
      changed: false,
      notOwnCustomer: true,
    });
    expect(await applyBillingChange({ ...change, organizationId: none, customerId: undefined })).toMatchObject({
      notOwnCustomer: true,
    });
    for (const org of [id, none]) expect((await getBillingAccount(org)).tenant.billing.status).toBe('unpaid');
  });
});
