/**
 * Tenants: organizations and workspaces are one kind of record with one id space (DECISIONS.md).
 * The tenant item keeps `memberCount` and `ownerCount`, changed in the same transaction as every
 * membership write, so "a tenant always keeps an owner" and the account-deletion safeguards are
 * enforced by DynamoDB conditions rather than by read-then-write.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { UNPAID, type Billing } from '../domain/billing.ts';
import { roundSpend } from '../domain/currencies.ts';
import { conflict, notFound } from '../domain/errors.ts';
import type { Role } from '../domain/roles.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { batchGet, cancellationReasons, isConditionFailure, recordOf } from './operations.ts';

export interface Tenant {
  id: string;
  name: string;
  /** The parent organization of a workspace created under one; null for a top-level tenant. */
  organizationId: string | null;
  ianaTimezone: string | null;
  currency: string;
  avatarKey: string | null;
  conversionValue: number | null;
  defaultAttributionWindowDays: number | null;
  isDemo: boolean;
  /** Plan and payment state (DECISIONS.md "Billing"); written by shared/db/billing.ts only. */
  billing: Billing;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** What the tenant item stores besides the record. */
interface StoredTenant extends Tenant {
  memberCount: number;
  ownerCount: number;
  deletedAt?: string;
  deletingAt?: string;
  /** Stripe's ids and the ordering of applied billing changes (shared/db/billing.ts); never shown. */
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  billingCreated?: number;
}

/** Stored aggregate metrics of a tenant: zero until the groups that write them exist. */
export interface TenantAggregate {
  creatorsCount: number;
  activitiesCount: number;
  campaignsCount: number;
  costsCount: number;
  /** Recorded spend per currency, in major units. */
  spend: Record<string, number>;
  impressions: number;
  engagement: number;
}

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

/** Fields a caller may change; update expressions are built from this list only. */
const UPDATABLE = ['name', 'ianaTimezone', 'currency', 'avatarKey', 'conversionValue', 'defaultAttributionWindowDays'] as const;
export type TenantChanges = Partial<Pick<Tenant, (typeof UPDATABLE)[number]>>;

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
    ...tenant
  } = recordOf<StoredTenant>(item);
  // Tenants stored before billing existed have never paid.
  return { ...tenant, billing: tenant.billing ?? UNPAID };
}

export function isLive(item: Record<string, unknown> | undefined): item is Record<string, unknown> {
  return item !== undefined && item.deletedAt === undefined && item.deletingAt === undefined;
}

/** The condition that a tenant item exists and is neither deleted nor being deleted. */
export const LIVE_TENANT = 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND attribute_not_exists(deletingAt)';

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
  const tenant: StoredTenant = {
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
  };
  const table = tableName();
  const transactItems = [
    { Put: { TableName: table, Item: { ...keys.tenant(tenant.id), ...tenant }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table, Item: { ...keys.tenantAggregate(tenant.id), ...EMPTY_AGGREGATE } } },
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.membership(tenant.id, input.ownerUserId),
          ...keys.membershipByUser(input.ownerUserId, tenant.id),
          id: randomUUID(),
          tenantId: tenant.id,
          userId: input.ownerUserId,
          role: 'owner' satisfies Role,
          status: 'active',
          createdAt: now,
          updatedAt: now,
        },
      },
    },
  ];
  return { tenant: tenantFromItem(tenant as unknown as Record<string, unknown>), transactItems };
}

/** Creates a tenant whose creator is its active owner, with a zeroed aggregate. */
export async function createTenant(input: NewTenant): Promise<Tenant> {
  const { tenant, transactItems } = newTenantItems(input);
  await documentClient().send(new TransactWriteCommand({ TransactItems: transactItems }));
  return tenant;
}

/** A live tenant (not deleted or being deleted), or undefined. */
export async function getTenant(tenantId: string, { consistent = false } = {}): Promise<Tenant | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.tenant(tenantId), ConsistentRead: consistent }));
  return isLive(out.Item) ? tenantFromItem(out.Item) : undefined;
}

/** Member and owner counts of a live tenant (for the ownership safeguards). */
export async function getTenantCounts(tenantIds: readonly string[]): Promise<Map<string, { memberCount: number; ownerCount: number }>> {
  const items = await batchGet([...new Set(tenantIds)].map((id) => keys.tenant(id)));
  return new Map(
    items.filter(isLive).map((item) => [item.id as string, { memberCount: item.memberCount as number, ownerCount: item.ownerCount as number }]),
  );
}

/** Live tenants with their stored aggregates, by id, in one batch. */
export async function getTenantsWithAggregates(tenantIds: readonly string[]): Promise<Map<string, { tenant: Tenant; aggregate: TenantAggregate }>> {
  const ids = [...new Set(tenantIds)];
  const items = await batchGet(ids.flatMap((id) => [keys.tenant(id), keys.tenantAggregate(id)]));
  const tenants = new Map<string, Tenant>();
  const aggregates = new Map<string, TenantAggregate>();
  for (const item of items) {
    const tenantId = (item.pk as string).slice('TENANT#'.length);
    if (item.sk === 'TENANT' && isLive(item)) tenants.set(tenantId, tenantFromItem(item));
    if (item.sk === 'AGGREGATE') aggregates.set(tenantId, aggregateFromItem(item));
  }
  return new Map([...tenants].map(([id, tenant]) => [id, { tenant, aggregate: aggregates.get(id) ?? EMPTY_AGGREGATE }]));
}

export async function getTenantAggregate(tenantId: string): Promise<TenantAggregate> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.tenantAggregate(tenantId) }));
  return out.Item ? aggregateFromItem(out.Item) : EMPTY_AGGREGATE;
}

/**
 * The stored aggregate as shown: its declared counters only (the item also keeps counters for
 * stats and reporting, cost-stats.ts and the CPM/CPE sums, that are no part of the record), spend
 * rounded, currencies whose spend went back to 0 left out.
 */
function aggregateFromItem(item: Record<string, unknown>): TenantAggregate {
  const { creatorsCount, activitiesCount, campaignsCount, costsCount, spend, impressions, engagement } = { ...EMPTY_AGGREGATE, ...recordOf<Partial<TenantAggregate>>(item) };
  return { creatorsCount, activitiesCount, campaignsCount, costsCount, spend: roundSpend(spend), impressions, engagement };
}

/** Applies the given changes (updatable fields only; null clears) and returns the whole record. */
export async function updateTenant(tenantId: string, changes: TenantChanges): Promise<Tenant> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString() };
  const sets = ['#updatedAt = :updatedAt'];
  for (const field of UPDATABLE) {
    if (changes[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
    sets.push(`#${field} = :${field}`);
  }
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenant(tenantId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: LIVE_TENANT,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return tenantFromItem(out.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('The organization');
    throw error;
  }
}

/** Soft delete (workspace): the tenant disappears from every read; its records are kept. */
export async function markTenantDeleted(tenantId: string): Promise<void> {
  const now = new Date().toISOString();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenant(tenantId),
        UpdateExpression: 'SET deletedAt = :now, updatedAt = :now',
        ConditionExpression: LIVE_TENANT,
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('The workspace');
    throw error;
  }
}

/**
 * The shared demo tenant, created on first use: concurrent first uses race on a conditional put
 * of the pointer, and the loser adopts the winner's tenant. `seed` fills a newly created one.
 */
export async function ensureDemoTenant(createdBy: string, seed: (tenantId: string) => Promise<void>): Promise<Tenant> {
  const pointer = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.demoTenant(), ConsistentRead: true }));
  if (pointer.Item) {
    // Strongly consistent: the winner of a first-use race may have written it a moment ago.
    const existing = await getTenant(pointer.Item.tenantId as string, { consistent: true });
    if (existing) return existing;
    throw conflict('The demo organization is unavailable.');
  }
  const { tenant, transactItems } = newTenantItems({ name: 'Demo workspace', ownerUserId: createdBy, isDemo: true });
  // Shared by every demo viewer: it names no person as its creator.
  tenant.createdBy = 'system';
  // The demo tenant has no human owner: its items are written without the creator's membership.
  const [tenantPut, aggregatePut] = transactItems;
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.demoTenant(), tenantId: tenant.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { ...tenantPut!.Put, Item: { ...tenantPut!.Put.Item, createdBy: 'system', memberCount: 0, ownerCount: 0 } } },
          aggregatePut!,
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return ensureDemoTenant(createdBy, seed);
    throw error;
  }
  await seed(tenant.id);
  return tenant;
}
