/**
 * Billing's ordering rule and status mapping (shared/domain/billing.ts), and the fake Stripe's
 * reading of Stripe's bracketed form encoding, which the SDK sends.
 */
import { describe, expect, it } from 'vitest';
import { parseStripeForm } from '../../infra/local/fakes/stripe.ts';
import { statusOfSubscription, supersedes, type BillingChange } from '../../shared/domain/billing.ts';

const change = (subscriptionId: string, status: BillingChange['status'], created: number): BillingChange => ({
  organizationId: 'org',
  subscriptionId,
  status,
  created,
});

describe('supersedes', () => {
  it('applies the first change, a later or same-second one, and never an older one', () => {
    expect(supersedes(change('sub_a', 'active', 10), { subscriptionId: null, created: null, status: 'unpaid' })).toBe(
      true,
    );
    expect(
      supersedes(change('sub_a', 'past_due', 11), { subscriptionId: 'sub_a', created: 10, status: 'active' }),
    ).toBe(true);
    expect(
      supersedes(change('sub_a', 'past_due', 10), { subscriptionId: 'sub_a', created: 10, status: 'active' }),
    ).toBe(true);
    expect(supersedes(change('sub_a', 'active', 9), { subscriptionId: 'sub_a', created: 10, status: 'past_due' })).toBe(
      false,
    );
  });

  it('keeps a canceled subscription canceled, and lets another subscription take over only by being active', () => {
    expect(
      supersedes(change('sub_a', 'active', 20), { subscriptionId: 'sub_a', created: 10, status: 'canceled' }),
    ).toBe(false);
    expect(
      supersedes(change('sub_b', 'active', 20), { subscriptionId: 'sub_a', created: 10, status: 'canceled' }),
    ).toBe(true);
    expect(
      supersedes(change('sub_old', 'canceled', 20), { subscriptionId: 'sub_b', created: 10, status: 'active' }),
    ).toBe(false);
    expect(
      supersedes(change('sub_old', 'past_due', 20), { subscriptionId: 'sub_b', created: 10, status: 'active' }),
    ).toBe(false);
  });
});

describe('statusOfSubscription', () => {
  it("maps Stripe's subscription statuses onto ours; anything unknown is unpaid", () => {
    const mapped = Object.fromEntries(
      [
        'active',
        'trialing',
        'past_due',
        'unpaid',
        'paused',
        'canceled',
        'incomplete_expired',
        'incomplete',
        'whatever',
      ].map((s) => [s, statusOfSubscription(s)]),
    );
    expect(mapped).toEqual({
      active: 'active',
      trialing: 'active',
      past_due: 'past_due',
      unpaid: 'past_due',
      paused: 'past_due',
      canceled: 'canceled',
      incomplete_expired: 'canceled',
      incomplete: 'unpaid',
      whatever: 'unpaid',
    });
  });
});

describe('parseStripeForm', () => {
  it('reads bracketed keys as nested objects and indexed ones as arrays', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': 'price_1',
      'line_items[0][quantity]': '1',
      'metadata[organizationId]': 'org',
      'subscription_data[metadata][plan]': 'growth',
      'expand[0]': 'subscription',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { organizationId: 'org' },
      subscription_data: { metadata: { plan: 'growth' } },
      expand: ['subscription'],
    });
  });
});
