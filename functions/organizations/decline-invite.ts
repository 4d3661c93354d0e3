/**
 * POST /v1/organizations/invites/:organizationId/decline — the caller declines a pending membership
 * of the tenant (removed) or a pending email invitation to the address the caller's token vouches
 * for (marked declined), never the profile's email. 404 when there is neither (docs/decisions.md).
 */
import * as z from 'zod/mini';
import { declineInvitation, getMembership, removeMembership, getTenant } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { DeclinedInvitation } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations/invites/:organizationId/decline'),
  output: okReply(DeclinedInvitation),
  input: z.strictObject({ organizationId: Uuid, userId: Uuid }),
  run: async ({ input: { organizationId, userId }, caller, profile }) => {
    if (!(await getTenant(organizationId))) throw notFound('The invitation');
    const membership = await getMembership(organizationId, userId);
    if (membership?.status === 'pending') {
      await removeMembership(organizationId, userId);
    } else {
      if (!profile || !caller.email) throw notFound('The invitation');
      await declineInvitation(organizationId, caller.email);
    }
    return ok({ organizationId, declined: true as const });
  },
});
