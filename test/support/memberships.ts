/**
 * Test set-up of access: a membership in a tenant id the test makes up, in one call. The tenant
 * item comes first, bare (no members, no owner) when the id has none, then the membership goes
 * through the real write path (addMembership, which moves the tenant's counters).
 */
import { addMembership, type Membership, type MembershipStatus } from '../../shared/db/tenancy/memberships.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import { newTenantItems } from '../../shared/db/tenancy/tenants.ts';
import { transact } from '../../shared/db/table/transact.ts';
import { conflict, ConflictError } from '../../shared/domain/errors.ts';
import type { Role } from '../../shared/domain/roles.ts';

export async function putMembership(input: {
  tenantId: string;
  userId: string;
  role: Role;
  status?: MembershipStatus;
}): Promise<Membership> {
  // The tenant's own Put (conditioned on no tenant there), moved to this tenant id with zero counts.
  const put = newTenantItems({ name: 'Test tenant', ownerUserId: input.userId }).transactItems[0]!.Put;
  const item = { ...put.Item, ...keys.tenant(input.tenantId), id: input.tenantId, memberCount: 0, ownerCount: 0 };
  try {
    await transact([{ Put: { ...put, Item: item }, failure: () => conflict('The tenant exists.') }]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  return addMembership(input.tenantId, input.userId, input.role, input.status ?? 'active');
}
