/**
 * An organization's billing state on its tenant item (DECISIONS.md "Billing"): the Stripe customer,
 * the subscription applied last, the shown `billing` and `billingCreated`, the Stripe time of the
 * change applied last. Every change is a conditional update against what was read, so concurrent
 * webhook deliveries and syncs serialize, and `supersedes` (shared/domain/billing.ts) keeps a late
 * one from moving the state backwards.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { supersedes, UNPAID, type Billing, type BillingChange, type Plan } from '../domain/billing.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { isConditionFailure } from './operations.ts';
import { isLive, LIVE_TENANT, tenantFromItem, type Tenant } from './tenants.ts';

export interface BillingAccount {
  tenant: Tenant;
  customerId: string | null;
  subscriptionId: string | null;
}

async function readTenantItem(tenantId: string): Promise<Record<string, unknown> | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.tenant(tenantId), ConsistentRead: true }));
  return isLive(out.Item) ? out.Item : undefined;
}

function accountOf(item: Record<string, unknown>): BillingAccount {
  return {
    tenant: tenantFromItem(item),
    customerId: (item.stripeCustomerId as string | undefined) ?? null,
    subscriptionId: (item.stripeSubscriptionId as string | undefined) ?? null,
  };
}

/** The organization's billing account (strongly consistent: it decides 409s and Stripe calls). */
export async function getBillingAccount(tenantId: string): Promise<BillingAccount> {
  const item = await readTenantItem(tenantId);
  if (!item) throw notFound('The organization');
  return accountOf(item);
}

/**
 * The account the Billing routes act on: a workspace created under a parent organization shares
 * that parent's plan (DECISIONS.md "Tenants, memberships and roles"), so it has no billing of its
 * own to check out, open or sync (409, naming the parent, whose owner acts on it).
 */
export async function getOwnBillingAccount(tenantId: string): Promise<BillingAccount> {
  const account = await getBillingAccount(tenantId);
  const parent = account.tenant.organizationId;
  if (parent) throw conflict(`This workspace shares the plan of its parent organization ${parent}: its billing is done there.`);
  return account;
}

/**
 * Stores the organization's Stripe customer id once; a concurrent request that stored another one
 * first wins, and its id is returned (the caller's customer creation is idempotent, so it is the same).
 */
export async function rememberCustomer(tenantId: string, customerId: string): Promise<string> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenant(tenantId),
        UpdateExpression: 'SET stripeCustomerId = :customer',
        ConditionExpression: `${LIVE_TENANT} AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :customer)`,
        ExpressionAttributeValues: { ':customer': customerId },
      }),
    );
    return customerId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const account = await getBillingAccount(tenantId);
    if (!account.customerId) throw error;
    return account.customerId;
  }
}

/** A checkout attempt's session expires a little before Stripe forgets its idempotency key (24 h). */
export const CHECKOUT_ATTEMPT_SECONDS = 23 * 60 * 60;
/** Reused for less than that: a session created late in an attempt still has an hour (Stripe wants 30 min at least). */
const ATTEMPT_REUSE_SECONDS = CHECKOUT_ATTEMPT_SECONDS - 60 * 60;

export interface CheckoutAttempt {
  plan: Plan;
  nonce: string;
  /** Seconds since the epoch. */
  startedAt: number;
}

/**
 * The organization's current checkout attempt for `plan`, started now if there is none (or it is
 * for another plan, or old). Its nonce makes the Stripe idempotency key: a retried request finds
 * the same attempt and so gets the same Checkout Session. Concurrent first requests race on a
 * conditional put; the loser adopts the winner's attempt.
 */
export async function checkoutAttempt(tenantId: string, plan: Plan, now = Math.floor(Date.now() / 1000)): Promise<CheckoutAttempt> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.checkoutAttempt(tenantId), ConsistentRead: true }));
    const stored = out.Item as (CheckoutAttempt & { version: number }) | undefined;
    if (stored && stored.plan === plan && now - stored.startedAt < ATTEMPT_REUSE_SECONDS) return { plan, nonce: stored.nonce, startedAt: stored.startedAt };
    const next = { plan, nonce: randomUUID(), startedAt: now, version: (stored?.version ?? 0) + 1 };
    try {
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.checkoutAttempt(tenantId), ...next },
          ConditionExpression: stored ? 'version = :version' : 'attribute_not_exists(pk)',
          ...(stored ? { ExpressionAttributeValues: { ':version': stored.version } } : {}),
        }),
      );
      return { plan, nonce: next.nonce, startedAt: now };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw conflict('Checkout was being started concurrently; retry.');
}

function sameBilling(a: Billing, b: Billing): boolean {
  return a.plan === b.plan && a.status === b.status && a.currentPeriodEnd === b.currentPeriodEnd;
}

export interface AppliedChange {
  tenant: Tenant;
  /** Whether the stored state changed. */
  changed: boolean;
}

/**
 * Applies what Stripe stated about an organization's subscription, unless a later statement was
 * applied already (a restatement of the stored state changes nothing shown). Undefined when the
 * organization no longer exists.
 */
export async function applyBillingChange(change: BillingChange): Promise<AppliedChange | undefined> {
  // Each failed attempt means another change was written meanwhile: bounded by the concurrent deliveries.
  for (let attempt = 0; attempt < 10; attempt++) {
    const item = await readTenantItem(change.organizationId);
    if (!item) return undefined;
    const { tenant, subscriptionId, customerId } = accountOf(item);
    const created = (item.billingCreated as number | undefined) ?? null;
    if (!supersedes(change, { subscriptionId, created, status: tenant.billing.status })) return { tenant, changed: false };
    const current = tenant.billing ?? UNPAID;
    const billing: Billing = {
      plan: change.plan ?? current.plan,
      status: change.status,
      currentPeriodEnd: change.currentPeriodEnd === undefined ? current.currentPeriodEnd : change.currentPeriodEnd,
    };
    // A restatement changes nothing shown, but still moves the ordering mark on: an older change
    // arriving after it must lose to it.
    const restates = sameBilling(billing, current) && subscriptionId === change.subscriptionId;
    if (restates && created !== null && change.created <= created) return { tenant, changed: false };
    const now = new Date().toISOString();
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.tenant(change.organizationId),
          UpdateExpression: restates
            ? 'SET billingCreated = :created'
            : 'SET billing = :billing, stripeSubscriptionId = :subscription, stripeCustomerId = :customer, billingCreated = :created, updatedAt = :now',
          // Exactly what was read: a concurrent change makes this one re-read and re-decide.
          ConditionExpression: `${LIVE_TENANT} AND ${created === null ? 'attribute_not_exists(billingCreated)' : 'billingCreated = :was'}`,
          ExpressionAttributeValues: {
            ':created': Math.max(change.created, created ?? 0),
            ...(restates ? {} : { ':billing': billing, ':subscription': change.subscriptionId, ':customer': change.customerId ?? customerId, ':now': now }),
            ...(created === null ? {} : { ':was': created }),
          },
        }),
      );
      return restates ? { tenant, changed: false } : { tenant: { ...tenant, billing, updatedAt: now }, changed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw conflict('The billing state kept changing concurrently; retry.');
}

/** How long an applied event id is remembered: Stripe retries a delivery for up to three days. */
const EVENT_MEMORY_SECONDS = 30 * 24 * 60 * 60;

export async function isEventApplied(eventId: string): Promise<boolean> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.stripeEvent(eventId), ConsistentRead: true }));
  return out.Item !== undefined;
}

/**
 * Records an event as applied; false when it was recorded already (a concurrent delivery of the
 * same event, which applied the same idempotent change).
 */
export async function markEventApplied(eventId: string, type: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.stripeEvent(eventId), eventId, type, appliedAt: new Date().toISOString(), ttl: now + EVENT_MEMORY_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
