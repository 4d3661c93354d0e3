/**
 * An organization's billing state on its tenant item (docs/decisions.md "Billing"): the Stripe customer,
 * the subscription applied last, the shown `billing` and `billingCreated`, the Stripe time of the
 * change applied last. Every change is a conditional update against what was read, so concurrent
 * webhook deliveries and syncs serialize, and `supersedes` (shared/domain/billing.ts) keeps a late
 * one from moving the state backwards.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  isOwnCustomer,
  PLANS,
  supersedes,
  UNPAID,
  type Billing,
  type BillingChange,
  type Plan,
} from '../../domain/billing.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { conditionHeld, defineEntity, getRecord, putRecord, updateRecord } from '../table/entity.ts';
import { absent, all, any, equals, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { isLive, liveTenant, tenantFromItem, Tenants, type Tenant } from '../tenancy/tenants.ts';

/**
 * An organization's current checkout attempt; `version` orders its replacements. `ttl` lets
 * DynamoDB remove it a day after its session expired (CHECKOUT_ATTEMPT_SECONDS), when nothing can
 * use it any more; an expired one not removed yet is replaced as before.
 */
const CheckoutAttempts = defineEntity({
  name: 'The checkout attempt',
  schema: () =>
    z.object({
      plan: z.enum(PLANS),
      nonce: z.string(),
      startedAt: z.number(),
      version: z.number(),
      ttl: z.optional(z.number()),
    }),
  key: keys.checkoutAttempt,
});

/** A Stripe event applied already (kept until `ttl`, past Stripe's redeliveries). */
const AppliedEvents = defineEntity({
  name: 'The Stripe event',
  schema: () => z.object({ eventId: z.string(), type: z.string(), appliedAt: z.string(), ttl: z.number() }),
  key: keys.stripeEvent,
});

type StoredTenant = z.infer<typeof Tenants.schema>;

export interface BillingAccount {
  tenant: Tenant;
  customerId: string | null;
  subscriptionId: string | null;
}

/** The live tenant item (strongly consistent), or undefined. */
async function readTenantItem(tenantId: string): Promise<StoredTenant | undefined> {
  const stored = await getRecord(Tenants, Tenants.key(tenantId), { consistent: true });
  return isLive(stored) ? stored : undefined;
}

function accountOf(stored: StoredTenant): BillingAccount {
  return {
    tenant: tenantFromItem(stored),
    customerId: stored.stripeCustomerId ?? null,
    subscriptionId: stored.stripeSubscriptionId ?? null,
  };
}

/** The organization's billing account (strongly consistent: it decides 409s and Stripe calls). */
export async function getBillingAccount(tenantId: string): Promise<BillingAccount> {
  const stored = await readTenantItem(tenantId);
  if (!stored) throw notFound('The organization');
  return accountOf(stored);
}

/**
 * The account the Billing routes act on: a workspace created under a parent organization shares
 * that parent's plan (docs/decisions.md "Tenants, memberships and roles"), so it has no billing of its
 * own to check out, open or sync (409, naming the parent, whose owner acts on it).
 */
export async function getOwnBillingAccount(tenantId: string): Promise<BillingAccount> {
  const account = await getBillingAccount(tenantId);
  const parent = account.tenant.organizationId;
  if (parent)
    throw conflict(`This workspace shares the plan of its parent organization ${parent}: its billing is done there.`);
  return account;
}

/**
 * Stores the organization's Stripe customer id once; a concurrent request that stored another one
 * first wins, and its id is returned (the caller's customer creation is idempotent, so it is the same).
 */
export async function rememberCustomer(tenantId: string, customerId: string): Promise<string> {
  const stored = await conditionHeld((failure) =>
    updateRecord(
      Tenants,
      Tenants.key(tenantId),
      { set: { stripeCustomerId: customerId } },
      {
        condition: all(liveTenant, any(lacks('stripeCustomerId'), equals('stripeCustomerId', customerId))),
        failure,
      },
    ),
  );
  if (stored) return customerId;
  // Gone meanwhile (404), or another id stored first: that one.
  const account = await getBillingAccount(tenantId);
  if (!account.customerId) throw conflict("The organization's billing changed concurrently; retry.");
  return account.customerId;
}

/** A checkout attempt's session expires a little before Stripe forgets its idempotency key (24 h). */
export const CHECKOUT_ATTEMPT_SECONDS = 23 * 60 * 60;
const ONE_DAY_SECONDS = 24 * 60 * 60;
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
export async function checkoutAttempt(
  tenantId: string,
  plan: Plan,
  now = Math.floor(Date.now() / 1000),
): Promise<CheckoutAttempt> {
  const key = CheckoutAttempts.key(tenantId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await getRecord(CheckoutAttempts, key, { consistent: true });
    if (stored && stored.plan === plan && now - stored.startedAt < ATTEMPT_REUSE_SECONDS)
      return { plan, nonce: stored.nonce, startedAt: stored.startedAt };
    const next = {
      plan,
      nonce: randomUUID(),
      startedAt: now,
      version: (stored?.version ?? 0) + 1,
      ttl: now + CHECKOUT_ATTEMPT_SECONDS + ONE_DAY_SECONDS,
    };
    const condition = stored ? equals('version', stored.version) : absent;
    if (await conditionHeld((failure) => putRecord(CheckoutAttempts, key, next, { condition, failure })))
      return { plan, nonce: next.nonce, startedAt: now };
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
  /** Set when the change was refused for naming another customer than the organization's (`isOwnCustomer`). */
  notOwnCustomer?: true;
}

/**
 * Applies what Stripe stated about an organization's subscription, unless a later statement was
 * applied already (a restatement of the stored state changes nothing shown) or it is about another
 * customer than the organization's stored one (nothing changes). Undefined when the organization no
 * longer exists.
 */
export async function applyBillingChange(change: BillingChange): Promise<AppliedChange | undefined> {
  // Each failed attempt means another change was written meanwhile: bounded by the concurrent deliveries.
  for (let attempt = 0; attempt < 10; attempt++) {
    const stored = await readTenantItem(change.organizationId);
    if (!stored) return undefined;
    const { tenant, subscriptionId, customerId } = accountOf(stored);
    // The stored customer never changes once set (rememberCustomer), so this read decides it.
    if (!isOwnCustomer(change, customerId)) return { tenant, changed: false, notOwnCustomer: true };
    const created = stored.billingCreated ?? null;
    if (!supersedes(change, { subscriptionId, created, status: tenant.billing.status }))
      return { tenant, changed: false };
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
    const billingCreated = Math.max(change.created, created ?? 0);
    const set = restates
      ? { billingCreated }
      : { billing, stripeSubscriptionId: change.subscriptionId, billingCreated, updatedAt: now };
    const applied = await conditionHeld((failure) =>
      updateRecord(
        Tenants,
        Tenants.key(change.organizationId),
        { set },
        {
          // Exactly what was read: a concurrent change makes this one re-read and re-decide.
          condition: all(liveTenant, created === null ? lacks('billingCreated') : equals('billingCreated', created)),
          failure,
        },
      ),
    );
    if (applied)
      return restates ? { tenant, changed: false } : { tenant: { ...tenant, billing, updatedAt: now }, changed: true };
  }
  throw conflict('The billing state kept changing concurrently; retry.');
}

/** How long an applied event id is remembered: Stripe retries a delivery for up to three days. */
const EVENT_MEMORY_SECONDS = 30 * 24 * 60 * 60;

export async function isEventApplied(eventId: string): Promise<boolean> {
  return (await getRecord(AppliedEvents, AppliedEvents.key(eventId), { consistent: true })) !== undefined;
}

/**
 * Records an event as applied; false when it was recorded already (a concurrent delivery of the
 * same event, which applied the same idempotent change).
 */
export async function markEventApplied(eventId: string, type: string): Promise<boolean> {
  const applied = {
    eventId,
    type,
    appliedAt: new Date().toISOString(),
    ttl: Math.floor(Date.now() / 1000) + EVENT_MEMORY_SECONDS,
  };
  return conditionHeld((failure) =>
    putRecord(AppliedEvents, AppliedEvents.key(eventId), applied, { condition: absent, failure }),
  );
}
