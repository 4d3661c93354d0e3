/**
 * Memberships: a user's role in a tenant (organization or workspace, one kind of record).
 * Stored in the tenant's partition, and indexed by user on gsi1.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../http/context.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { queryAll, recordOf } from './operations.ts';

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

export async function getMembership(tenantId: string, userId: string): Promise<Membership | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.membership(tenantId, userId) }));
  return out.Item && !out.Item.deletedAt ? recordOf<Membership>(out.Item) : undefined;
}

/** Creates or replaces a membership. */
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
  return membership;
}

/** Every current (not removed) membership of a tenant, in user-id order. */
export async function membershipsOfTenant(tenantId: string): Promise<Membership[]> {
  const { pk, skPrefix } = keys.membershipsOfTenant(tenantId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'attribute_not_exists(deletedAt)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
  return items.map((item) => recordOf<Membership>(item));
}
