/**
 * POST /v1/organizations/:id/invites (owner) — stores an email invitation and emails it (outbox);
 * at most 50 a tenant per hour and 20 an address per day across tenants, then 429 with
 * Retry-After (shared/db/tenancy/invitations.ts).
 */
import * as z from 'zod/mini';
import { inviteByEmail } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { created } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { InvitationRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations/:id/invites'),
  output: createdReply(InvitationRecord),
  input: z.strictObject({ organizationId: Uuid, email: Email, role: MembershipRole }),
  run: async ({ input, caller }) =>
    created(
      await inviteByEmail({
        tenantId: input.organizationId,
        email: input.email,
        role: input.role,
        invitedBy: caller.userId,
        inviterEmail: caller.email,
      }),
    ),
});
