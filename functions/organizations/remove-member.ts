/**
 * DELETE /v1/organizations/:id/users/:userId (owner) — removes a membership (marked deleted; the
 * account is kept). No owner removes themselves (403); the last owner cannot be removed (409).
 */
import * as z from 'zod/mini';
import { removeMembership } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/organizations/:id/users/:userId'),
  output: okReply(Deleted),
  input: z.strictObject({ organizationId: Uuid, userId: Uuid }),
  run: async ({ input, caller }) => {
    if (input.userId === caller.userId) throw forbidden('You cannot remove yourself: another owner can.');
    await removeMembership(input.organizationId, input.userId);
    return deleted(input.userId);
  },
});
