/**
 * How the workspace routes show their records. A workspace is a tenant seen through Form A
 * (DECISIONS.md): the tenant record with the caller's `role` and `membershipStatus` at top level and
 * its stored aggregate as `metrics`, the same shape in the list, get, create and update.
 */
import type { Membership, MembershipStatus } from '../../shared/db/memberships.ts';
import type { Tenant, TenantAggregate } from '../../shared/db/tenants.ts';
import type { Role } from '../../shared/http/context.ts';

export function workspaceView(tenant: Tenant, role: Role, membershipStatus: MembershipStatus, metrics: TenantAggregate) {
  return { ...tenant, role, membershipStatus, metrics };
}

/** A membership under its Form A names (`workspaceId`, `membershipStatus`) beside the stored ones. */
export function membershipView(membership: Membership) {
  return { ...membership, workspaceId: membership.tenantId, membershipStatus: membership.status };
}
