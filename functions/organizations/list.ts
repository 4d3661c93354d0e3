/**
 * GET /v1/organizations — the caller's current memberships (pending included, with the tenant's details and
 * stored aggregate metrics), newest membership first; facets by role and status.
 */
import * as z from 'zod/mini';
import { listTenantsOf } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/organizations'),
  output: listReply(TenantRecord),
  input: z.strictObject({ userId: Uuid, ...paging }),
  run: async ({ input: { userId, ...page } }) => {
    const tenants = await listTenantsOf(userId, page);
    return list(tenants.page, tenants.facets);
  },
});
