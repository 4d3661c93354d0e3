/**
 * DELETE /v1/workspaces/:id/users/:userId — removes a member: marks the membership (active or pending) deleted (owner
 * only, never themselves). The account is kept; no notification.
 */
import * as z from 'zod/mini';
import { removeMembership } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/workspaces/:id/users/:userId'),
  output: okReply(Deleted),
  input: z.strictObject({ workspaceId: Uuid, userId: Uuid }),
  run: async ({ input, caller }) => {
    if (input.userId === caller.userId) throw forbidden('You cannot remove yourself; another owner can.');
    await removeMembership(input.workspaceId, input.userId);
    return deleted(input.userId);
  },
});
