/**
 * What authorization reads, in one round trip each: whether the caller's account is deleted, and
 * for tenant routes the caller's membership and whether the tenant is live.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import type { Membership } from './memberships.ts';
import { batchGet, recordOf } from './operations.ts';

export interface TenantAccess {
  accountDeleted: boolean;
  /** The caller's current membership of a live tenant; undefined otherwise. */
  membership: Membership | undefined;
}

/** A deleted account's token is no longer accepted (DECISIONS.md: 401). */
export async function isAccountDeleted(userId: string): Promise<boolean> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ProjectionExpression: 'deletedAt' }),
  );
  return out.Item?.deletedAt !== undefined;
}

export async function tenantAccess(tenantId: string, userId: string): Promise<TenantAccess> {
  const items = await batchGet([keys.user(userId), keys.tenant(tenantId), keys.membership(tenantId, userId)]);
  const bySk = new Map(items.map((item) => [item.sk as string, item]));
  const profile = bySk.get('PROFILE');
  const tenant = bySk.get('TENANT');
  const member = bySk.get(keys.membership(tenantId, userId).sk);
  const tenantLive = tenant !== undefined && tenant.deletedAt === undefined && tenant.deletingAt === undefined;
  return {
    accountDeleted: profile?.deletedAt !== undefined,
    membership: tenantLive && member && member.deletedAt === undefined ? recordOf<Membership>(member) : undefined,
  };
}
