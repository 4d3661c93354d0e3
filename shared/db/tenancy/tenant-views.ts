/**
 * How tenants and memberships are shown, by the Organizations and Workspaces routes alike (one kind
 * of record, docs/decisions.md): the tenant record with the caller's `role` and `membershipStatus` at top
 * level and its stored aggregate as `metrics`; a membership under both of its tenant's names.
 */
import type { Membership, MembershipStatus } from './memberships.ts';
import { membershipsOfUser } from './memberships.ts';
import { pageOf, sortRecords, type PageRequest } from '../table/paging.ts';
import { getTenantsWithAggregates, isLive, tenantFromItem, type Tenant, type TenantAggregate } from './tenants.ts';
import { Tenants } from './tenant-entity.ts';
import { batchGet } from '../table/operations.ts';
import type { Role } from '../../domain/roles.ts';

export function tenantView(tenant: Tenant, role: Role, membershipStatus: MembershipStatus, metrics: TenantAggregate) {
  return { ...tenant, role, membershipStatus, metrics };
}

export function membershipView(membership: Membership) {
  return {
    ...membership,
    organizationId: membership.tenantId,
    workspaceId: membership.tenantId,
    membershipStatus: membership.status,
  };
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

/**
 * The tenants of an organization's family a user may read (docs/decisions.md "Agency view"): the
 * organization itself (whose active membership the caller's authorization has read) and the live
 * workspaces that name it as their `organizationId` where the user has an active membership (a
 * pending one is no access), by name then id. Reads the user's memberships (one query of gsi1) and
 * their tenant items (one batch): never another tenant's members, and a workspace the user does not
 * belong to is never read.
 */
export async function readableFamily(userId: string, organization: Tenant): Promise<Tenant[]> {
  const active = (await membershipsOfUser(userId)).filter(
    (m) => m.status === 'active' && m.tenantId !== organization.id,
  );
  const items = await batchGet(active.map((m) => Tenants.key(m.tenantId)));
  const workspaces = items
    .filter(isLive)
    .map(tenantFromItem)
    .filter((tenant) => tenant.organizationId === organization.id);
  return sortRecords([organization, ...workspaces], (tenant) => tenant.name, 'asc');
}
