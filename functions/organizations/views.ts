/**
 * How the Organizations routes show their records (not a handler). An organization is the tenant
 * record with the caller's `role` and `membershipStatus` at top level (DECISIONS.md) and its stored
 * aggregate as `metrics`: the same shape in list, get, create and update (as the workspace routes).
 */
import type { Membership, MembershipStatus } from '../../shared/db/memberships.ts';
import type { Tenant, TenantAggregate } from '../../shared/db/tenants.ts';
import type { Role } from '../../shared/http/context.ts';

export function organizationView(tenant: Tenant, role: Role, membershipStatus: MembershipStatus, metrics: TenantAggregate) {
  return { ...tenant, role, membershipStatus, metrics };
}

/** A membership record, naming its tenant under both of the tenant's names (one id space). */
export function membershipView(membership: Membership) {
  return { ...membership, organizationId: membership.tenantId, workspaceId: membership.tenantId, membershipStatus: membership.status };
}
