/**
 * Tenants: organizations and workspaces are one kind of record with one id space (docs/decisions.md).
 * The tenant item keeps `memberCount` and `ownerCount`, changed in the same transaction as every
 * membership write, so "a tenant always keeps an owner" and the account-deletion safeguards are
 * enforced by DynamoDB conditions rather than by read-then-write.
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { UNPAID } from '../../domain/billing.ts';
import { roundSpend } from '../../domain/currencies.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { conditionHeld, getRecord, updateRecord } from '../table/entity.ts';
import { absent, all, has, lacks } from '../table/expressions.ts';
import { Memberships, type Membership } from './memberships.ts';
import { batchGet } from '../table/operations.ts';
import { countAgainst, LIMITS } from './rate-limits.ts';
import { rewriteSpendOrder } from '../catalogue/spend-order.ts';
import { reconvertTenantCosts } from '../catalogue/cost-conversions.ts';
import { transact } from '../table/transact.ts';
import type { Tenant } from '../../records/tenant.ts';
export type { Tenant } from '../../records/tenant.ts';
import { DemoPointer, TenantAggregates, Tenants } from './tenant-entity.ts';
export { Tenants } from './tenant-entity.ts';

type StoredTenant = z.infer<typeof Tenants.schema>;

export type TenantAggregate = z.infer<typeof TenantAggregates.schema>;

export const EMPTY_AGGREGATE: TenantAggregate = {
  creatorsCount: 0,
  activitiesCount: 0,
  campaignsCount: 0,
  costsCount: 0,
  spend: {},
  impressions: 0,
  engagement: 0,
};

export const DEFAULT_CURRENCY = 'USD';

/** Fields a caller may change. */
export type TenantChanges = Partial<
  Pick<Tenant, 'name' | 'ianaTimezone' | 'currency' | 'avatarKey' | 'conversionValue' | 'defaultAttributionWindowDays'>
>;

/** The record of a stored tenant item (without its counters and deletion marks). */
export function tenantFromItem(item: Record<string, unknown>): Tenant {
  const {
    memberCount: _m,
    ownerCount: _o,
    deletedAt: _d,
    deletingAt: _g,
    stripeCustomerId: _c,
    stripeSubscriptionId: _s,
    billingCreated: _b,
    currencyRevision: _r,
    spendOrderRevision: _o2,
    ...tenant
  } = Tenants.fromItem(item);
  // Tenants stored before billing existed have never paid.
  return { ...tenant, billing: tenant.billing ?? UNPAID };
}

export function isLive(item: Record<string, unknown> | undefined): item is Record<string, unknown> {
  return item !== undefined && item.deletedAt === undefined && item.deletingAt === undefined;
}

/** The condition that a tenant item exists and is neither deleted nor being deleted. */
export const liveTenant = all(has('pk'), lacks('deletedAt'), lacks('deletingAt'));

export interface NewTenant {
  name: string;
  ownerUserId: string;
  organizationId?: string | null;
  ianaTimezone?: string | null;
  currency?: string;
  isDemo?: boolean;
}

/** The items that create a tenant with its owner: for `createTenant` and for larger transactions. */
export function newTenantItems(input: NewTenant) {
  const now = new Date().toISOString();
  const stored: StoredTenant = {
    id: randomUUID(),
    name: input.name,
    organizationId: input.organizationId ?? null,
    ianaTimezone: input.ianaTimezone ?? null,
    currency: input.currency ?? DEFAULT_CURRENCY,
    avatarKey: null,
    conversionValue: null,
    defaultAttributionWindowDays: null,
    isDemo: input.isDemo ?? false,
    billing: UNPAID,
    createdBy: input.ownerUserId,
    createdAt: now,
    updatedAt: now,
    memberCount: 1,
    ownerCount: 1,
    // No creator yet: the spend order is current for its first currency.
    currencyRevision: 0,
    spendOrderRevision: 0,
  };
  const owner: Membership = {
    id: randomUUID(),
    tenantId: stored.id,
    userId: input.ownerUserId,
    role: 'owner',
    status: 'active',
    createdAt: now,
    updatedAt: now,
  };
  const transactItems = [
    Tenants.tx.put(Tenants.key(stored.id), stored, { condition: absent }),
    TenantAggregates.tx.put(TenantAggregates.key(stored.id), EMPTY_AGGREGATE),
    Memberships.tx.put(Memberships.key(stored.id, owner.userId), owner),
  ] as const;
  return { tenant: tenantFromItem(stored), stored, transactItems };
}

/**
 * Creates a tenant whose creator is its active owner, with a zeroed aggregate: one of the tenants
 * its creator may create a day (429 past them, nothing written), since each brings its own
 * invitation quota.
 */
export async function createTenant(input: NewTenant): Promise<Tenant> {
  const { tenant, transactItems } = newTenantItems(input);
  await transact([...transactItems, ...countAgainst([{ limit: LIMITS.tenantsPerUser, by: input.ownerUserId }])]);
  return tenant;
}

/** A live tenant (not deleted or being deleted), or undefined. */
export async function getTenant(tenantId: string, { consistent = false } = {}): Promise<Tenant | undefined> {
  const stored = await getRecord(Tenants, Tenants.key(tenantId), { consistent });
  return isLive(stored) ? tenantFromItem(stored) : undefined;
}

/** Member and owner counts of a live tenant (for the ownership safeguards). */
export async function getTenantCounts(
  tenantIds: readonly string[],
): Promise<Map<string, { memberCount: number; ownerCount: number }>> {
  const items = await batchGet(tenantIds.map((id) => Tenants.key(id)));
  return new Map(
    items
      .filter(isLive)
      .map(Tenants.fromItem)
      .map(({ id, memberCount, ownerCount }) => [id, { memberCount, ownerCount }]),
  );
}

/** Live tenants with their stored aggregates, by id, in one batch. */
export async function getTenantsWithAggregates(
  tenantIds: readonly string[],
): Promise<Map<string, { tenant: Tenant; aggregate: TenantAggregate }>> {
  const items = await batchGet(tenantIds.flatMap((id) => [Tenants.key(id), TenantAggregates.key(id)]));
  const tenants = new Map<string, Tenant>();
  const aggregates = new Map<string, TenantAggregate>();
  for (const item of items) {
    const tenantId = (item.pk as string).slice('TENANT#'.length);
    if (item.sk === 'TENANT' && isLive(item)) tenants.set(tenantId, tenantFromItem(item));
    if (item.sk === 'AGGREGATE') aggregates.set(tenantId, aggregateFromItem(item));
  }
  return new Map(
    [...tenants].map(([id, tenant]) => [id, { tenant, aggregate: aggregates.get(id) ?? EMPTY_AGGREGATE }]),
  );
}

export async function getTenantAggregate(tenantId: string): Promise<TenantAggregate> {
  const stored = await getRecord(TenantAggregates, TenantAggregates.key(tenantId));
  return stored ? aggregateFromItem(stored) : EMPTY_AGGREGATE;
}

/**
 * The stored aggregate as shown: its declared counters only (the item also keeps counters for
 * stats and reporting, cost-stats.ts and the CPM/CPE sums, that are no part of the record), spend
 * rounded, currencies whose spend went back to 0 left out.
 */
function aggregateFromItem(item: Record<string, unknown>): TenantAggregate {
  const { creatorsCount, activitiesCount, campaignsCount, costsCount, spend, impressions, engagement } = {
    ...EMPTY_AGGREGATE,
    ...TenantAggregates.fromItem(item),
  };
  return {
    creatorsCount,
    activitiesCount,
    campaignsCount,
    costsCount,
    spend: roundSpend(spend),
    impressions,
    engagement,
  };
}

/** How long a currency change may spend rewriting the creators' spend order before answering (the rest: `npm run reindex`). */
const SPEND_ORDER_BUDGET_MS = 3_000;

/**
 * Applies the given changes (fields a caller may change; null clears) and returns the whole record; 404 unless live.
 * A currency sent (even the same one: a concurrent change may have come between) bumps
 * `currencyRevision`, so the creators' order by spend is rewritten for it (spend-order.ts), here
 * within a time budget; until it is, the list sorts by spend in memory.
 */
export async function updateTenant(tenantId: string, changes: TenantChanges): Promise<Tenant> {
  const { name, ianaTimezone, currency, avatarKey, conversionValue, defaultAttributionWindowDays } = changes;
  const set = {
    name,
    ianaTimezone,
    currency,
    avatarKey,
    conversionValue,
    defaultAttributionWindowDays,
    updatedAt: new Date().toISOString(),
  };
  const add = currency === undefined ? {} : { currencyRevision: 1 };
  const updated = tenantFromItem(
    await updateRecord(Tenants, Tenants.key(tenantId), { set, add }, { condition: liveTenant }),
  );
  if (currency !== undefined) {
    await rewriteSpendOrder(tenantId, { deadline: Date.now() + SPEND_ORDER_BUDGET_MS });
    // Every cost converted into the new currency (docs/decisions.md "Money and metrics"); the rest by `npm run reindex`.
    await reconvertTenantCosts(tenantId, { deadline: Date.now() + SPEND_ORDER_BUDGET_MS });
  }
  return updated;
}

/** Soft delete (workspace): the tenant disappears from every read; its records are kept. */
export async function markTenantDeleted(tenantId: string): Promise<void> {
  const now = new Date().toISOString();
  await updateRecord(
    Tenants,
    Tenants.key(tenantId),
    { set: { deletedAt: now, updatedAt: now } },
    { condition: liveTenant, failure: () => notFound('The workspace') },
  );
}

/**
 * The shared demo tenant, created on first use: concurrent first uses race on a conditional put
 * of the pointer, and the loser adopts the winner's tenant. `seed` fills a newly created one.
 */
export async function ensureDemoTenant(createdBy: string, seed: (tenantId: string) => Promise<void>): Promise<Tenant> {
  const pointer = await getRecord(DemoPointer, DemoPointer.key(), { consistent: true });
  if (pointer) {
    // Strongly consistent: the winner of a first-use race may have written it a moment ago.
    const existing = await getTenant(pointer.tenantId, { consistent: true });
    if (existing) return existing;
    throw conflict('The demo organization is unavailable.');
  }
  const { stored, transactItems } = newTenantItems({ name: 'Demo workspace', ownerUserId: createdBy, isDemo: true });
  // Shared by every demo viewer, it names no person as its creator, and has no human owner: its
  // items are written without the creator's membership.
  const demo: StoredTenant = { ...stored, createdBy: 'system', memberCount: 0, ownerCount: 0 };
  const created = await conditionHeld((failure) =>
    transact([
      DemoPointer.tx.put(DemoPointer.key(), { tenantId: demo.id }, { condition: absent, failure }),
      Tenants.tx.put(Tenants.key(demo.id), demo, { condition: absent }),
      transactItems[1],
    ]),
  );
  // Another first use created it: adopt that one.
  if (!created) return ensureDemoTenant(createdBy, seed);
  await seed(demo.id);
  return tenantFromItem(demo);
}
