/**
 * POST /v1/workspaces/:id/invites — stores an email invitation and emails it (owner only); the
 * tenant's hourly invitation limit (50) and the address's daily one (20, across tenants) are shared
 * with the organization route (429 with Retry-After).
 */
import * as z from 'zod/mini';
import { inviteByEmail } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { created } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { InvitationRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/workspaces/:id/invites'),
  output: createdReply(InvitationRecord),
  input: z.strictObject({ workspaceId: Uuid, email: Email, role: MembershipRole }),
  run: async ({ input, caller }) =>
    created(
      await inviteByEmail({
        tenantId: input.workspaceId,
        email: input.email,
        role: input.role,
        invitedBy: caller.userId,
        inviterEmail: caller.email,
      }),
    ),
});
