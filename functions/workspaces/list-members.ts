/** GET /v1/workspaces/:id/users — the workspace's members (pending ones included), searched and paged; of the demo workspace, only the caller. */
import * as z from 'zod/mini';
import { listMembers, MEMBER_SORT_COLUMNS } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { list } from '../../shared/http/result.ts';
import { paging, search, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { MemberRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/workspaces/:id/users'),
  output: listReply(MemberRecord),
  input: z.strictObject({
    workspaceId: Uuid,
    ...paging,
    ...search(MEMBER_SORT_COLUMNS),
  }),
  run: async ({ input: { workspaceId: _tenantId, ...query }, tenant, caller }) => {
    const { facets, ...page } = await listMembers(tenant.details, caller.userId, query);
    return list(page, facets);
  },
});
