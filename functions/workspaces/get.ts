/** GET /v1/workspaces/:id — the workspace with its stored aggregate metrics (any active member). */
import * as z from 'zod/mini';
import { getTenantsWithAggregates, tenantView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/workspaces/:id'),
  output: okReply(TenantRecord),
  input: z.strictObject({ workspaceId: Uuid }),
  run: async ({ input, tenant }) => {
    // Tenant and aggregate in one batch read.
    const found = (await getTenantsWithAggregates([input.workspaceId])).get(input.workspaceId);
    if (!found) throw notFound('The workspace');
    return ok(tenantView(found.tenant, tenant.role, 'active', found.aggregate));
  },
});
