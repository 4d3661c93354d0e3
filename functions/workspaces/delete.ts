/**
 * DELETE /v1/workspaces/:id — deletes the workspace: owner only, never with an agent token (the route's `agent: false`).
 * Marks the tenant deleted: every route naming it answers 404 afterwards; its records are kept.
 */
import * as z from 'zod/mini';
import { markTenantDeleted } from '../../shared/db/tenants.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/workspaces/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ workspaceId: Uuid }),
  run: async ({ input }) => {
    await markTenantDeleted(input.workspaceId);
    return deleted(input.workspaceId);
  },
});
