/** POST /v1/organizations/:id/invites (owner) — stores an email invitation and emails it (outbox). */
import * as z from 'zod/mini';
import { inviteByEmail } from '../../shared/db/invitations.ts';
import { getTenant } from '../../shared/db/tenants.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { notFound } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';
import { MembershipRole } from '../../shared/schemas/enums.ts';

export const handler = defineHandler({
  route: 'POST /v1/organizations/:id/invites',
  input: z.strictObject({ organizationId: Uuid, email: Email, role: MembershipRole }),
  run: async ({ input, caller }) => {
    const tenant = await getTenant(input.organizationId);
    if (!tenant) throw notFound('The organization');
    const invitation = await inviteByEmail({
      tenantId: tenant.id,
      tenantName: tenant.name,
      email: input.email,
      role: input.role,
      invitedBy: caller.userId,
    });
    return created(invitation);
  },
});
