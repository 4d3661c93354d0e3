/**
 * GET /v1/workspaces — the caller's tenants with membership details, newest membership first.
 * Pending memberships are listed too (with the workspace's details and stored aggregate metrics):
 * that is how a member added with POST /v1/workspaces/:id/users sees the workspace before accepting.
 */
import * as z from 'zod/mini';
import { membershipsOfUser } from '../../shared/db/memberships.ts';
import { pageOf, sortRecords } from '../../shared/db/paging.ts';
import { getTenantsWithAggregates } from '../../shared/db/tenants.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { workspaceView } from './views.ts';

export const handler = defineHandler({
  route: 'GET /v1/workspaces',
  input: z.strictObject({ userId: Uuid, ...paging }),
  run: async ({ input: { userId, ...page } }) => {
    const memberships = sortRecords(await membershipsOfUser(userId), (m) => m.createdAt, 'desc');
    const tenants = await getTenantsWithAggregates(memberships.map((m) => m.tenantId));
    // Deleted tenants are absent from `tenants`, so their leftover memberships drop out here.
    const items = memberships.flatMap((m) => {
      const found = tenants.get(m.tenantId);
      return found ? [workspaceView(found.tenant, m.role, m.status, found.aggregate)] : [];
    });
    const facets = { membershipStatus: {} as Record<string, number>, role: {} as Record<string, number> };
    for (const item of items) {
      facets.membershipStatus[item.membershipStatus] = (facets.membershipStatus[item.membershipStatus] ?? 0) + 1;
      facets.role[item.role] = (facets.role[item.role] ?? 0) + 1;
    }
    return list(pageOf(items, page), facets);
  },
});
