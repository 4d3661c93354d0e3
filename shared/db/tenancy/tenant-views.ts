/**
 * How tenants and memberships are shown, by the Organizations and Workspaces routes alike (one kind
 * of record, docs/decisions.md): the tenant record with the caller's `role` and `membershipStatus` at top
 * level and its stored aggregate as `metrics`; a membership under both of its tenant's names.
 */
import type { Membership, MembershipStatus } from './memberships.ts';
import { membershipsOfUser } from './memberships.ts';
import { pageOf, sortRecords, type PageRequest } from '../table/paging.ts';
import { getTenantsWithAggregates, type Tenant, type TenantAggregate } from './tenants.ts';
import type { Role } from '../../domain/roles.ts';

export function tenantView(tenant: Tenant, role: Role, membershipStatus: MembershipStatus, metrics: TenantAggregate) {
  return { ...tenant, role, membershipStatus, metrics };
}

export function membershipView(membership: Membership) {
  return { ...membership, organizationId: membership.tenantId, workspaceId: membership.tenantId, membershipStatus: membership.status };
}

/**
 * A user's tenants: current memberships (pending included), newest first, each joined with its
 * live tenant and stored aggregate; deleted tenants drop out. Facets by role and status.
 */
export async function listTenantsOf(userId: string, page: PageRequest) {
  const memberships = sortRecords(await membershipsOfUser(userId), (m) => m.createdAt, 'desc');
  const tenants = await getTenantsWithAggregates(memberships.map((m) => m.tenantId));
  const items = memberships.flatMap((m) => {
    const found = tenants.get(m.tenantId);
    return found ? [tenantView(found.tenant, m.role, m.status, found.aggregate)] : [];
  });
  const facets = { role: {} as Record<string, number>, membershipStatus: {} as Record<string, number> };
  for (const item of items) {
    facets.role[item.role] = (facets.role[item.role] ?? 0) + 1;
    facets.membershipStatus[item.membershipStatus] = (facets.membershipStatus[item.membershipStatus] ?? 0) + 1;
  }
  return { page: pageOf(items, page), facets };
}
