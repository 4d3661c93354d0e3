/**
 * PATCH /v1/workspaces/:id/users/:userId — changes a member's role (owner only, never their own);
 * a pending member stays pending. No notification.
 */
import * as z from 'zod/mini';
import { changeRole, membershipView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { MembershipRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/workspaces/:id/users/:userId'),
  output: okReply(MembershipRecord),
  input: z.strictObject({ workspaceId: Uuid, userId: Uuid, role: MembershipRole }),
  run: async ({ input, caller }) => {
    if (input.userId === caller.userId) throw forbidden('You cannot change your own role; another owner can.');
    return ok(membershipView(await changeRole(input.workspaceId, input.userId, input.role)));
  },
});
