/**
 * POST /v1/organizations/invites/:organizationId/accept — the caller accepts either a pending
 * membership of the tenant (a workspace add) or a pending email invitation to the address the
 * caller's token vouches for — never the profile's email, which its user can edit. A retry of an
 * accept already done answers 200 with the membership, as the accept did. 403 before the caller
 * has a user record (whatever is pending: nothing is told); 404 when there is neither, or no
 * vouched address (docs/decisions.md).
 */
import * as z from 'zod/mini';
import {
  acceptInvitation,
  acceptedMembership,
  activateMembership,
  getMembership,
  getTenant,
  membershipView,
} from '../../shared/db/tenancy/index.ts';
import { NotFoundError } from '../../shared/domain/errors.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { signedUp } from '../../shared/http/signed-up.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { MembershipRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations/invites/:organizationId/accept'),
  output: okReply(MembershipRecord),
  input: z.strictObject({ organizationId: Uuid, userId: Uuid }),
  run: async ({ input: { organizationId, userId }, caller, profile }) => {
    signedUp(profile);
    // A deleted tenant has no invitations (and its counters would refuse with a misleading 409).
    if (!(await getTenant(organizationId))) throw notFound('The invitation');
    const membership = await getMembership(organizationId, userId);
    if (membership?.status === 'pending') return ok(membershipView(await activateMembership(organizationId, userId)));
    // A pending email invitation first: the user may have accepted a workspace add meanwhile (409).
    const retried = await acceptedMembership(organizationId, userId);
    if (caller.email) {
      try {
        return ok(membershipView(await acceptInvitation(organizationId, caller.email, userId)));
      } catch (error) {
        if (!(retried && error instanceof NotFoundError)) throw error;
      }
    }
    // A retried accept of a workspace add answers as the first one did.
    if (retried) return ok(membershipView(retried));
    throw notFound('The invitation');
  },
});
