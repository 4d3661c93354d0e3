/**
 * DELETE /v1/workspaces/:id — deletes the workspace: owner only, never with an agent token (the route's `agent: false`).
 * Marks the tenant deleted: every route naming it answers 404 afterwards; its records are kept. A
 * tenant that pays (workspaces and organizations are one kind of record) has its Stripe subscription
 * canceled first (shared/db/billing/billing-end.ts).
 */
import * as z from 'zod/mini';
import { markTenantDeleted } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { endBilling } from '../../shared/db/billing/index.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/workspaces/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ workspaceId: Uuid }),
  run: async ({ input }) => {
    await endBilling(input.workspaceId);
    await markTenantDeleted(input.workspaceId);
    return deleted(input.workspaceId);
  },
});
