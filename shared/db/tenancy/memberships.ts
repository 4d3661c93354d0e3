/**
 * Memberships: a user's role in a tenant (organization or workspace, one kind of record), stored
 * in the tenant's partition and indexed by user on gsi1. Every add, role change and removal
 * changes the tenant's `memberCount` / `ownerCount` in the same transaction; a change that would
 * leave a tenant without an owner fails its condition.
 * Removal marks the membership deleted (and drops it from the by-user index).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Role } from '../../domain/roles.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { type Changes, defineEntity, defineProjection, getRecord } from '../table/entity.ts';
import { Tenants } from './tenant-entity.ts';
import { all, any, compare, equals, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { queryRecords } from '../table/query.ts';
import { transact } from '../table/transact.ts';
import { type MembershipStatus, MembershipSchema, type Membership } from '../../records/membership.ts';
export type { MembershipStatus, Membership } from '../../records/membership.ts';

export const Memberships = defineEntity({
  name: 'The member',
  schema: () =>
    z.object({
      ...MembershipSchema.shape,
      /** A removed membership stays as a tombstone, out of the by-user index. */
      deletedAt: z.optional(z.string()),
      /** When a pending membership was accepted: a retried accept answers with it (acceptedMembership). */
      acceptedAt: z.optional(z.string()),
    }),
  key: keys.membership,
  /** Listed under its user (gsi1) while it stands; a removal takes it out (account-deletion.ts, removeMember). */
  indexes: (membership) => (membership.deletedAt ? {} : keys.membershipByUser(membership.userId, membership.tenantId)),
  queries: {
    /** A tenant's memberships, tombstones included, in user-id order. */
    ofTenant: collections.membershipsOfTenant,
    /** A user's standing memberships across tenants (gsi1; a tombstone has left it, the filter covers a stale entry). */
    ofUser: (userId: string) => ({ ...collections.membershipsOfUser(userId), filter: lacks('deletedAt') }),
  },
});

/** The tenant item's member counters, as memberships move them (the tenant record is tenants.ts's). */
const TenantCounts = defineProjection(Tenants, () => z.object({ memberCount: z.number(), ownerCount: z.number() }));

/** tenants.ts LIVE_TENANT as a condition: stored, not deleted, not being deleted. */
const liveTenant = all(has('pk'), lacks('deletedAt'), lacks('deletingAt'));

function current(stored: z.infer<typeof Memberships.schema> | undefined): Membership | undefined {
  if (!stored || stored.deletedAt) return undefined;
  const { deletedAt: _deletedAt, acceptedAt: _acceptedAt, ...membership } = stored;
  return membership;
}

export async function getMembership(tenantId: string, userId: string): Promise<Membership | undefined> {
  return current(await getRecord(Memberships, Memberships.key(tenantId, userId)));
}

/** 1 for a membership that counts as an owner: only an active owner keeps a tenant owned. */
function activeOwner(role: Role, status: MembershipStatus): number {
  return role === 'owner' && status === 'active' ? 1 : 0;
}

/**
 * The tenant-counter update that goes with a membership change. Taking an owner away needs another
 * owner to remain, except when the last owner leaves as the tenant's last member (account deletion).
 */
function countUpdate(tenantId: string, members: number, owners: number, failure: () => Error) {
  const keepsOwner =
    members < 0 ? any(compare('ownerCount', '>', 1), equals('memberCount', 1)) : compare('ownerCount', '>', 1);
  return TenantCounts.tx.update(
    TenantCounts.key(tenantId),
    { add: { memberCount: members, ownerCount: owners } },
    {
      condition: owners < 0 ? all(liveTenant, keepsOwner) : liveTenant,
      failure,
    },
  );
}

/** Items that add a membership (for this module and for larger transactions such as sign-up). */
export function addMembershipItems(tenantId: string, userId: string, role: Role, status: MembershipStatus) {
  const now = new Date().toISOString();
  const membership: Membership = { id: randomUUID(), tenantId, userId, role, status, createdAt: now, updatedAt: now };
  return {
    membership,
    transactItems: [
      Memberships.tx.put(Memberships.key(tenantId, userId), membership, {
        // A removed membership may be added again; a current one may not.
        condition: any(lacks('pk'), has('deletedAt')),
        failure: () => conflict('This user is already a member.'),
      }),
      countUpdate(tenantId, 1, activeOwner(role, status), () => notFound('The organization')),
    ],
  };
}

/** Adds a membership: 409 when the user already belongs to the tenant, 404 when the tenant is gone. */
export async function addMembership(
  tenantId: string,
  userId: string,
  role: Role,
  status: MembershipStatus,
): Promise<Membership> {
  const { membership, transactItems } = addMembershipItems(tenantId, userId, role, status);
  await transact(transactItems);
  return membership;
}

/** A membership change and its counter moves, guarded by the membership being current with the role we read. */
async function changeWithCounts(
  was: Membership,
  changes: Changes<z.infer<typeof Memberships.schema>>,
  owners: number,
  members: number,
): Promise<void> {
  await transact([
    Memberships.tx.update(Memberships.key(was.tenantId, was.userId), changes, {
      condition: all(has('pk'), lacks('deletedAt'), equals('role', was.role)),
      failure: () => conflict('The membership changed concurrently; retry.'),
    }),
    countUpdate(was.tenantId, members, owners, () =>
      conflict('The organization must keep an owner: make another member owner first.'),
    ),
  ]);
}

/** Changes a member's role; the last owner cannot be demoted (409). */
export async function changeRole(tenantId: string, userId: string, role: Role): Promise<Membership> {
  const was = await getMembership(tenantId, userId);
  if (!was) throw notFound('The member');
  if (was.role === role) return was;
  const now = new Date().toISOString();
  const owners = activeOwner(role, was.status) - activeOwner(was.role, was.status);
  await changeWithCounts(was, { set: { role, updatedAt: now } }, owners, 0);
  return { ...was, role, updatedAt: now };
}

/** Marks a membership deleted; the last owner cannot be removed (409) unless they are the last member. */
export async function removeMembership(tenantId: string, userId: string): Promise<void> {
  const was = await getMembership(tenantId, userId);
  if (!was) throw notFound('The member');
  const now = new Date().toISOString();
  await changeWithCounts(
    was,
    { set: { deletedAt: now, updatedAt: now }, remove: ['gsi1pk', 'gsi1sk'] },
    -activeOwner(was.role, was.status),
    -1,
  );
}

/** Turns a pending membership active (the recipient accepted). */
export async function activateMembership(tenantId: string, userId: string): Promise<Membership> {
  const was = await getMembership(tenantId, userId);
  if (was?.status !== 'pending') throw notFound('The invitation');
  const now = new Date().toISOString();
  await changeWithCounts(
    was,
    { set: { status: 'active', updatedAt: now, acceptedAt: now } },
    activeOwner(was.role, 'active'),
    0,
  );
  return { ...was, status: 'active', updatedAt: now };
}

/** The current membership of a user who accepted it pending (activateMembership), for a retried accept. */
export async function acceptedMembership(tenantId: string, userId: string): Promise<Membership | undefined> {
  const stored = await getRecord(Memberships, Memberships.key(tenantId, userId), { consistent: true });
  return stored?.acceptedAt ? current(stored) : undefined;
}

/** Every current membership of a tenant, in user-id order. */
export async function membershipsOfTenant(tenantId: string): Promise<Membership[]> {
  const stored = await queryRecords(Memberships.query.ofTenant(tenantId));
  return stored.flatMap((membership) => current(membership) ?? []);
}

/** Every current membership of a user, across tenants (gsi1). */
export async function membershipsOfUser(userId: string): Promise<Membership[]> {
  return queryRecords(Memberships.query.ofUser(userId));
}
