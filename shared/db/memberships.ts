/**
 * Memberships: a user's role in a tenant (organization or workspace, one kind of record), stored
 * in the tenant's partition and indexed by user on gsi1. Every add, role change and removal
 * changes the tenant's `memberCount` / `ownerCount` in the same transaction; a change that would
 * leave a tenant without an owner fails its condition.
 * Removal marks the membership deleted (and drops it from the by-user index).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../domain/roles.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { cancellationReasons, isConditionFailure, queryAll, queryPrefix, recordOf } from './operations.ts';
import { LIVE_TENANT, newTenantItems } from './tenants.ts';

export type MembershipStatus = 'active' | 'pending';

export interface Membership {
  id: string;
  tenantId: string;
  userId: string;
  role: Role;
  status: MembershipStatus;
  createdAt: string;
  updatedAt: string;
}

function current(item: Record<string, unknown> | undefined): Membership | undefined {
  return item && !item.deletedAt ? recordOf<Membership>(item) : undefined;
}

export async function getMembership(tenantId: string, userId: string): Promise<Membership | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.membership(tenantId, userId) }));
  return current(out.Item);
}

/** 1 for a membership that counts as an owner: only an active owner keeps a tenant owned. */
function activeOwner(role: Role, status: MembershipStatus): number {
  return role === 'owner' && status === 'active' ? 1 : 0;
}

/**
 * The tenant-counter update that goes with a membership change. Taking an owner away needs another
 * owner to remain, except when the last owner leaves as the tenant's last member (account deletion).
 */
function countUpdate(tenantId: string, members: number, owners: number) {
  const losesOwner = owners < 0;
  const keepsOwner = members < 0 ? '(ownerCount > :one OR memberCount = :one)' : 'ownerCount > :one';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.tenant(tenantId),
      UpdateExpression: 'ADD memberCount :members, ownerCount :owners',
      ConditionExpression: losesOwner ? `${LIVE_TENANT} AND ${keepsOwner}` : LIVE_TENANT,
      ExpressionAttributeValues: { ':members': members, ':owners': owners, ...(losesOwner ? { ':one': 1 } : {}) },
    },
  };
}

/** Items that add a membership (for this module and for larger transactions such as sign-up). */
export function addMembershipItems(tenantId: string, userId: string, role: Role, status: MembershipStatus) {
  const now = new Date().toISOString();
  const membership: Membership = { id: randomUUID(), tenantId, userId, role, status, createdAt: now, updatedAt: now };
  return {
    membership,
    transactItems: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.membership(tenantId, userId), ...keys.membershipByUser(userId, tenantId), ...membership },
          // A removed membership may be added again; a current one may not.
          ConditionExpression: 'attribute_not_exists(pk) OR attribute_exists(deletedAt)',
        },
      },
      countUpdate(tenantId, 1, activeOwner(role, status)),
    ],
  };
}

/** Adds a membership: 409 when the user already belongs to the tenant, 404 when the tenant is gone. */
export async function addMembership(tenantId: string, userId: string, role: Role, status: MembershipStatus): Promise<Membership> {
  const { membership, transactItems } = addMembershipItems(tenantId, userId, role, status);
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0] === 'ConditionalCheckFailed') throw conflict('This user is already a member.');
    if (reasons?.[1] === 'ConditionalCheckFailed') throw notFound('The organization');
    throw error;
  }
  return membership;
}

/** The membership guard of a change: it is still current and still has the role we read. */
function unchanged(tenantId: string, userId: string, role: Role) {
  return {
    TableName: tableName(),
    Key: keys.membership(tenantId, userId),
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND #role = :was',
  };
}

async function changeWithCounts(
  tenantId: string,
  userId: string,
  was: Membership,
  membershipUpdate: { UpdateExpression: string; names: Record<string, string>; values: Record<string, unknown> },
  owners: number,
  members: number,
): Promise<void> {
  const guard = unchanged(tenantId, userId, was.role);
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              ...guard,
              UpdateExpression: membershipUpdate.UpdateExpression,
              ExpressionAttributeNames: { '#role': 'role', ...membershipUpdate.names },
              ExpressionAttributeValues: { ':was': was.role, ...membershipUpdate.values },
            },
          },
          countUpdate(tenantId, members, owners),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0] === 'ConditionalCheckFailed') throw conflict('The membership changed concurrently; retry.');
    if (reasons?.[1] === 'ConditionalCheckFailed') {
      throw conflict('The organization must keep an owner: make another member owner first.');
    }
    throw error;
  }
}

/** Changes a member's role; the last owner cannot be demoted (409). */
export async function changeRole(tenantId: string, userId: string, role: Role): Promise<Membership> {
  const was = await getMembership(tenantId, userId);
  if (!was) throw notFound('The member');
  if (was.role === role) return was;
  const now = new Date().toISOString();
  const owners = activeOwner(role, was.status) - activeOwner(was.role, was.status);
  await changeWithCounts(
    tenantId,
    userId,
    was,
    { UpdateExpression: 'SET #role = :role, updatedAt = :now', names: {}, values: { ':role': role, ':now': now } },
    owners,
    0,
  );
  return { ...was, role, updatedAt: now };
}

/** Marks a membership deleted; the last owner cannot be removed (409) unless they are the last member. */
export async function removeMembership(tenantId: string, userId: string): Promise<void> {
  const was = await getMembership(tenantId, userId);
  if (!was) throw notFound('The member');
  await changeWithCounts(
    tenantId,
    userId,
    was,
    { UpdateExpression: 'SET deletedAt = :now, updatedAt = :now REMOVE gsi1pk, gsi1sk', names: {}, values: { ':now': new Date().toISOString() } },
    -activeOwner(was.role, was.status),
    -1,
  );
}

/** Turns a pending membership active (the recipient accepted). */
export async function activateMembership(tenantId: string, userId: string): Promise<Membership> {
  const was = await getMembership(tenantId, userId);
  if (!was || was.status !== 'pending') throw notFound('The invitation');
  const now = new Date().toISOString();
  await changeWithCounts(
    tenantId,
    userId,
    was,
    {
      UpdateExpression: 'SET #status = :active, updatedAt = :now',
      names: { '#status': 'status' },
      values: { ':active': 'active', ':now': now },
    },
    activeOwner(was.role, 'active'),
    0,
  );
  return { ...was, status: 'active', updatedAt: now };
}

/** Every current membership of a tenant, in user-id order. */
export async function membershipsOfTenant(tenantId: string): Promise<Membership[]> {
  const items = await queryPrefix(keys.membershipsOfTenant(tenantId), {
    FilterExpression: 'attribute_not_exists(deletedAt)',
  });
  return items.map((item) => recordOf<Membership>(item));
}

/** Every current membership of a user, across tenants (gsi1). */
export async function membershipsOfUser(userId: string): Promise<Membership[]> {
  const { gsi1pk, gsi1skPrefix } = keys.membershipsOfUser(userId);
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    FilterExpression: 'attribute_not_exists(deletedAt)',
    ExpressionAttributeValues: { ':pk': gsi1pk, ':prefix': gsi1skPrefix },
  });
  return items.map((item) => recordOf<Membership>(item));
}

/**
 * Low-level, for tests: writes a membership as given, without touching the tenant's counters, and
 * a bare tenant item when the tenant has none, so a test can set up access in one call.
 */
export async function putMembership(input: { tenantId: string; userId: string; role: Role; status?: MembershipStatus }): Promise<Membership> {
  const now = new Date().toISOString();
  const membership: Membership = {
    id: randomUUID(),
    tenantId: input.tenantId,
    userId: input.userId,
    role: input.role,
    status: input.status ?? 'active',
    createdAt: now,
    updatedAt: now,
  };
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.membership(input.tenantId, input.userId), ...keys.membershipByUser(input.userId, input.tenantId), ...membership },
    }),
  );
  try {
    const { transactItems } = newTenantItems({ name: 'Test tenant', ownerUserId: input.userId });
    const put = transactItems[0]!.Put;
    await documentClient().send(
      new PutCommand({ ...put, Item: { ...put.Item, ...keys.tenant(input.tenantId), id: input.tenantId, memberCount: 0, ownerCount: 0 } }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return membership;
}
