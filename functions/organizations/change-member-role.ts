/**
 * PATCH /v1/organizations/:id/users/:userId (owner) — changes a member's role. No owner changes
 * their own (403), so a tenant always keeps an owner; the counters refuse the rest (409).
 */
import * as z from 'zod/mini';
import { changeRole, membershipView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { MembershipRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/organizations/:id/users/:userId'),
  output: okReply(MembershipRecord),
  input: z.strictObject({ organizationId: Uuid, userId: Uuid, role: MembershipRole }),
  run: async ({ input, caller }) => {
    if (input.userId === caller.userId) throw forbidden('You cannot change your own role: another owner can.');
    return ok(membershipView(await changeRole(input.organizationId, input.userId, input.role)));
  },
});
