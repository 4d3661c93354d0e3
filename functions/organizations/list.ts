/**
 * GET /v1/organizations — the caller's current memberships (pending included), newest membership
 * first, each joined with its live tenant and stored aggregate; facets by role and status.
 */
import * as z from 'zod/mini';
import { membershipsOfUser } from '../../shared/db/memberships.ts';
import { pageOf, sortRecords } from '../../shared/db/paging.ts';
import { getTenantsWithAggregates } from '../../shared/db/tenants.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { organizationView } from './views.ts';

export const handler = defineHandler({
  route: 'GET /v1/organizations',
  input: z.strictObject({ userId: Uuid, ...paging }),
  run: async ({ input: { userId, ...page } }) => {
    const memberships = sortRecords(await membershipsOfUser(userId), (m) => m.createdAt, 'desc');
    const tenants = await getTenantsWithAggregates(memberships.map((m) => m.tenantId));
    // Deleted tenants (and those being deleted) are absent from `tenants`: left out of list and count.
    const items = memberships.flatMap((m) => {
      const found = tenants.get(m.tenantId);
      return found ? [organizationView(found.tenant, m.role, m.status, found.aggregate)] : [];
    });
    const facets = { role: {} as Record<string, number>, membershipStatus: {} as Record<string, number> };
    for (const item of items) {
      facets.role[item.role] = (facets.role[item.role] ?? 0) + 1;
      facets.membershipStatus[item.membershipStatus] = (facets.membershipStatus[item.membershipStatus] ?? 0) + 1;
    }
    return list(pageOf(items, page), facets);
  },
});
