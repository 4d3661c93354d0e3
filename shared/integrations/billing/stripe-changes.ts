/**
 * What a Stripe object says about an organization's billing, as a `BillingChange`. The organization
 * is named by our own marks: a Checkout Session's `client_reference_id`, and the
 * `organizationId` metadata the checkout puts on the subscription (which its invoices snapshot).
 * Undefined when the object is not about one of our organizations.
 */
import type Stripe from 'stripe';
import { PLANS, statusOfSubscription, type BillingChange, type Plan } from '../../domain/billing.ts';

/** The plan a Stripe price id stands for, if it is one of ours. */
function planOfPrice(priceId: string | undefined): Plan | undefined {
  return PLANS.find((plan) => process.env[`STRIPE_PRICE_${plan.toUpperCase()}`] === priceId);
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Stripe's seconds as an instant; anything that is not a plausible time (up to year 9999) is unknown. */
const isoOf = (seconds: unknown) =>
  Number.isInteger(seconds) && (seconds as number) >= 0 && (seconds as number) < 253_402_300_800
    ? new Date((seconds as number) * 1000).toISOString()
    : null;

/** A subscription's state (`customer.subscription.*`, and a Checkout Session's, expanded). */
export function subscriptionChange(
  subscription: Stripe.Subscription,
  created: number,
  organizationId = subscription.metadata?.organizationId,
): BillingChange | undefined {
  if (typeof organizationId !== 'string' || !organizationId || typeof subscription.id !== 'string') return undefined;
  const item = subscription.items?.data?.[0];
  // The period moved from the subscription to its items in API version 2025-03-31; read either.
  const periodEnd =
    item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  const plan = planOfPrice(item?.price?.id);
  return {
    organizationId,
    created,
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    ...(plan ? { plan } : {}),
    status: statusOfSubscription(String(subscription.status)),
    currentPeriodEnd: isoOf(periodEnd),
  };
}

/**
 * A Checkout Session retrieved with its subscription expanded: complete and paid, it is the
 * subscription's state; anything else states nothing yet.
 */
export function checkoutChange(session: Stripe.Checkout.Session, created: number): BillingChange | undefined {
  const subscription = session.subscription;
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (
    session.status !== 'complete' ||
    !paid ||
    !subscription ||
    typeof subscription === 'string' ||
    !session.client_reference_id
  )
    return undefined;
  const change = subscriptionChange(subscription, created, session.client_reference_id);
  const named = PLANS.find((plan) => plan === session.metadata?.plan);
  return change && { ...change, ...(change.plan || !named ? {} : { plan: named }) };
}

/** An invoice's payment (`invoice.paid` / `invoice.payment_failed`) moves its subscription's status only. */
export function invoiceChange(invoice: Stripe.Invoice, created: number, paid: boolean): BillingChange | undefined {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  const organizationId = details?.metadata?.organizationId;
  if (typeof subscriptionId !== 'string' || typeof organizationId !== 'string' || !organizationId) return undefined;
  return {
    organizationId,
    created,
    subscriptionId,
    customerId: idOf(invoice.customer),
    status: paid ? 'active' : 'past_due',
  };
}
