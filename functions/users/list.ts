/** GET /v1/users — the members of an organization, with name search and paging (of the demo organization, only the caller). */
import * as z from 'zod/mini';
import { listMembers, MEMBER_SORT_COLUMNS } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { list } from '../../shared/http/result.ts';
import { paging, search, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { MemberRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/users'),
  output: listReply(MemberRecord),
  input: z.strictObject({
    organizationId: Uuid,
    ...paging,
    ...search(MEMBER_SORT_COLUMNS),
  }),
  run: async ({ input: { organizationId: _tenantId, ...query }, tenant, caller }) => {
    const { facets, ...page } = await listMembers(tenant.details, caller.userId, query);
    return list(page, facets);
  },
});
