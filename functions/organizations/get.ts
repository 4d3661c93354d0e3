/** GET /v1/organizations/:id — the organization, the caller's role in it, and its stored aggregate. */
import * as z from 'zod/mini';
import { getTenantsWithAggregates, tenantView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/organizations/:id'),
  output: okReply(TenantRecord),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ input, tenant: scope }) => {
    const found = (await getTenantsWithAggregates([input.organizationId])).get(input.organizationId);
    // Deleted between authorization and this read.
    if (!found) throw notFound('The organization');
    return ok(tenantView(found.tenant, scope.role, 'active', found.aggregate));
  },
});
