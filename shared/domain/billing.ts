/**
 * Billing rules (docs/decisions.md "Billing"), free of Stripe and DynamoDB: the plans, the states an
 * organization's billing can be in, how a Stripe subscription status maps onto them, and the rule
 * that keeps late or redelivered events from moving the state backwards.
 */

export const PLANS = ['starter', 'growth', 'scale'] as const;
export type Plan = (typeof PLANS)[number];

export const BILLING_STATUSES = ['unpaid', 'active', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** What the organization record shows. */
export interface Billing {
  plan: Plan | null;
  status: BillingStatus;
  /** End of the paid period (ISO 8601), when known. */
  currentPeriodEnd: string | null;
}

export const UNPAID: Billing = { plan: null, status: 'unpaid', currentPeriodEnd: null };

/** A paid organization has a live subscription: no second checkout (409). */
export const isPaid = (billing: Billing) => billing.status === 'active' || billing.status === 'past_due';

/**
 * Our status for a Stripe subscription status. `incomplete` (first payment not made) is not paid
 * yet; `unpaid` and `paused` keep the subscription but not the service's paid standing.
 */
export function statusOfSubscription(status: string): BillingStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'unpaid';
  }
}

/** The billing facts one Stripe event (or one sync) states about an organization. */
export interface BillingChange {
  organizationId: string;
  /** Seconds since the epoch at which Stripe stated it (the event's `created`): the ordering key. */
  created: number;
  subscriptionId: string;
  customerId?: string;
  plan?: Plan;
  status: BillingStatus;
  currentPeriodEnd?: string | null;
}

/**
 * Whether a change is about the organization's own Stripe customer, the one stored when it first
 * started a checkout. An event names its organization by metadata (`organizationId`,
 * `client_reference_id`), which anyone editing a subscription in Stripe can write; the customer is
 * what ties it to the organization. The checkout route stores the customer before it creates any
 * session, so every session, subscription and invoice of the organization's own names it: with no
 * customer stored, no change is the organization's.
 */
export function isOwnCustomer(change: BillingChange, storedCustomerId: string | null): boolean {
  return storedCustomerId !== null && change.customerId === storedCustomerId;
}

/** What the tenant keeps to order changes: the subscription applied last and when Stripe stated it. */
export interface BillingVersion {
  subscriptionId: string | null;
  created: number | null;
  status: BillingStatus;
}

/**
 * Whether a change may be applied over the stored state. Older than the last applied change: no
 * (a late delivery). A canceled subscription stays canceled: Stripe never revives one, so any
 * later word about it is stale. Another subscription than the stored one takes over only by
 * being active (a new checkout); word of an old one's decline or end changes nothing. Same second:
 * yes (Stripe's `created` has one-second resolution and the events of one checkout share it).
 */
export function supersedes(change: BillingChange, stored: BillingVersion): boolean {
  if (stored.created !== null && change.created < stored.created) return false;
  if (stored.subscriptionId === change.subscriptionId) return stored.status !== 'canceled';
  return stored.subscriptionId === null || change.status === 'active';
}
