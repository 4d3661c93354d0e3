/** POST /v1/organizations/:id/users (owner) — adds an existing user; active at once (docs/decisions.md). */
import * as z from 'zod/mini';
import { addMembership, getUser, membershipView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { notFound } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { MembershipRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations/:id/users'),
  output: createdReply(MembershipRecord),
  input: z.strictObject({ organizationId: Uuid, userId: Uuid, role: MembershipRole }),
  run: async ({ input }) => {
    if (!(await getUser(input.userId))) throw notFound('The user');
    return created(membershipView(await addMembership(input.organizationId, input.userId, input.role, 'active')));
  },
});
