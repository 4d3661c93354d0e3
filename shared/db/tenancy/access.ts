/**
 * What authorization reads, in one round trip each: whether the caller's account is deleted, and
 * for tenant routes the caller's membership and whether the tenant is live.
 */
import * as z from 'zod/mini';
import { defineProjection, getRecord } from '../table/entity.ts';
import type { Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import type { Membership } from './memberships.ts';
import { batchGet, recordOf } from '../table/operations.ts';
import { isLive, tenantFromItem, type Tenant } from './tenants.ts';
import { Users, type User } from './users.ts';

/** The user item as authorization reads it: the profile, and the deletion mark its tombstone carries (account-deletion.ts). */
const Profiles = defineProjection(Users, () => z.object({ ...Users.schema.shape, deletedAt: z.optional(z.string()) }));

export interface TenantAccess {
  accountDeleted: boolean;
  /** The caller's current membership of a live tenant; undefined otherwise. */
  membership: Membership | undefined;
  /** The record asked for alongside, when it exists. */
  record: Record<string, unknown> | undefined;
  /** The tenant's record when it is live (handlers need its timezone and currency). */
  tenant: Tenant | undefined;
}

/**
 * The caller's own profile (undefined before sign-up), read for self routes: a deleted account's
 * token is no longer accepted (docs/decisions.md: 401), and the handler gets the profile without
 * reading it again.
 */
export async function callerProfile(userId: string): Promise<{ accountDeleted: boolean; profile: User | undefined }> {
  const profile = await getRecord(Profiles, Profiles.key(userId));
  if (profile?.deletedAt !== undefined) return { accountDeleted: true, profile: undefined };
  return { accountDeleted: false, profile };
}

export async function tenantAccess(tenantId: string, userId: string, recordKey?: Key): Promise<TenantAccess> {
  const wanted = [
    keys.user(userId),
    keys.tenant(tenantId),
    keys.membership(tenantId, userId),
    ...(recordKey ? [recordKey] : []),
  ];
  const items = await batchGet(wanted);
  const find = (key: Key) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const profile = find(keys.user(userId));
  const tenant = find(keys.tenant(tenantId));
  const member = find(keys.membership(tenantId, userId));
  const record = recordKey ? find(recordKey) : undefined;
  const tenantLive = isLive(tenant);
  return {
    tenant: tenantLive ? tenantFromItem(tenant) : undefined,
    accountDeleted: profile?.deletedAt !== undefined,
    membership: tenantLive && member && member.deletedAt === undefined ? recordOf<Membership>(member) : undefined,
    record: record && record.deletedAt === undefined ? record : undefined,
  };
}
