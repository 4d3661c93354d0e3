/**
 * POST /v1/workspaces/:id/users — adds an existing user as a `pending` member (owner only). No
 * account is created and no email is sent; the user sees the workspace in GET /v1/workspaces and
 * accepts or declines at /v1/organizations/invites/:organizationId/accept|decline.
 */
import * as z from 'zod/mini';
import { addMembership, getUser, membershipView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { notFound } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { MembershipRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/workspaces/:id/users'),
  output: createdReply(MembershipRecord),
  input: z.strictObject({ workspaceId: Uuid, userId: Uuid, role: MembershipRole }),
  run: async ({ input }) => {
    if (!(await getUser(input.userId))) throw notFound('The user');
    return created(membershipView(await addMembership(input.workspaceId, input.userId, input.role, 'pending')));
  },
});
