/**
 * POST /v1/organizations/invites/process-signup — turns every pending email invitation to the
 * address the caller's token vouches for into a membership of the signed-up user; never the
 * profile's email, which its user can edit. 200 also when there is nothing to process (docs/decisions.md);
 * 403 before the caller has a user record, whose member lists would not show them.
 */
import * as z from 'zod/mini';
import { acceptInvitation, pendingInvitationsFor, membershipView } from '../../shared/db/tenancy/index.ts';
import type { Membership } from '../../shared/db/tenancy/index.ts';
import { ConflictError, NotFoundError } from '../../shared/domain/errors.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { signedUp } from '../../shared/http/signed-up.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ProcessedSignup } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations/invites/process-signup'),
  output: okReply(ProcessedSignup),
  input: z.strictObject({ userId: Uuid }),
  run: async ({ input, caller, profile }) => {
    signedUp(profile);
    // Without an address the token vouches for, there is nothing to process.
    const email = caller.email;
    const invitations = email ? await pendingInvitationsFor(email) : [];
    const memberships: Membership[] = [];
    for (const invitation of invitations) {
      try {
        memberships.push(await acceptInvitation(invitation.organizationId, email!, input.userId));
      } catch (error) {
        // Already a member (409), or the invitation or its tenant went away meanwhile (404): skip.
        if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
      }
    }
    return ok({ memberships: memberships.map(membershipView) });
  },
});
