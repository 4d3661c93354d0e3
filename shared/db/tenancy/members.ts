/**
 * The members of a tenant as a list page: each member's user record with their `role` and
 * `membershipStatus`, name/email search, sort, paging, and role facets. Serves GET /v1/users and
 * the organization and workspace member lists alike.
 */
import { getMembership, membershipsOfTenant, type Membership } from './memberships.ts';
import { pageOf, sortRecords, type Facets, type Page, type PageRequest } from '../table/paging.ts';
import type { Tenant } from './tenants.ts';
import { getUsers, type User } from './users.ts';

export const MEMBER_SORT_COLUMNS = ['name', 'email', 'createdAt'] as const;

export interface MemberQuery extends PageRequest {
  searchTerm?: string;
  sortBy?: (typeof MEMBER_SORT_COLUMNS)[number];
  sortDirection?: 'asc' | 'desc';
}

export type Member = User & { role: string; membershipStatus: string };

/** A member as the members list shows it (and the outbound `member.joined` event): the user with their role and membership status. */
export const memberView = (user: User, membership: Pick<Membership, 'role' | 'status'>): Member => ({
  ...user,
  role: membership.role,
  membershipStatus: membership.status,
});

/**
 * The memberships a caller may see: all of them, except in the shared demo organization of organic
 * sign-up, whose members never see each other (docs/decisions.md): there, only the caller's own (read
 * alone, not filtered out of every sign-up's membership).
 */
async function visibleMemberships(tenant: Tenant, callerId: string): Promise<Membership[]> {
  if (!tenant.isDemo) return membershipsOfTenant(tenant.id);
  const own = await getMembership(tenant.id, callerId);
  return own ? [own] : [];
}

export async function listMembers(
  tenant: Tenant,
  callerId: string,
  query: MemberQuery,
): Promise<Page<Member> & { facets: Facets }> {
  const memberships = await visibleMemberships(tenant, callerId);
  const users = await getUsers(memberships.map((m) => m.userId));
  const term = query.searchTerm?.toLowerCase();
  const members = memberships.flatMap((m): Member[] => {
    const user = users.get(m.userId);
    if (!user) return [];
    if (term && !`${user.name ?? ''}\n${user.email}`.toLowerCase().includes(term)) return [];
    return [memberView(user, m)];
  });
  const sortBy = query.sortBy ?? 'createdAt';
  const sorted = sortRecords(members, (u) => u[sortBy], query.sortDirection ?? (query.sortBy ? 'asc' : 'desc'));
  const roles: Record<string, number> = {};
  for (const member of members) roles[member.role] = (roles[member.role] ?? 0) + 1;
  return { ...pageOf(sorted, query), facets: { role: roles } };
}
