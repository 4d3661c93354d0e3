/** GET /v1/users — the members of an organization, with name search and paging. */
import * as z from 'zod/mini';
import { membershipsOfTenant } from '../../shared/db/memberships.ts';
import { pageOf, sortRecords } from '../../shared/db/paging.ts';
import { getUsers } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, search, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'GET /v1/users',
  input: z.strictObject({
    organizationId: Uuid,
    ...paging,
    ...search(['name', 'email', 'createdAt']),
  }),
  run: async ({ input }) => {
    const memberships = await membershipsOfTenant(input.organizationId);
    const users = await getUsers(memberships.map((m) => m.userId));
    const term = input.searchTerm?.toLowerCase();
    const members = memberships.flatMap((m) => {
      const user = users.get(m.userId);
      if (!user) return [];
      if (term && !`${user.name ?? ''}\n${user.email}`.toLowerCase().includes(term)) return [];
      return [{ ...user, role: m.role, membershipStatus: m.status }];
    });
    const sortBy = input.sortBy ?? 'createdAt';
    const sorted = sortRecords(members, (u) => u[sortBy], input.sortDirection ?? (input.sortBy ? 'asc' : 'desc'));
    const roles = members.reduce<Record<string, number>>((acc, u) => ({ ...acc, [u.role]: (acc[u.role] ?? 0) + 1 }), {});
    return list(pageOf(sorted, input), { role: roles });
  },
});
