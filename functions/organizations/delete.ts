/**
 * DELETE /v1/organizations/:id (owner; never an agent token: the route's `agent: false`) — deletes the organization, permanently: the organization and everything it owns,
 * its stored files included, whose objects are deleted within minutes (shared/db/tenancy/tenant-deletion.ts). Marked first, so from the first
 * step on it is gone for every reader and a second DELETE is 404. Its Stripe subscription is
 * canceled before that (shared/db/billing/billing-end.ts).
 */
import * as z from 'zod/mini';
import { deleteTenantCascade } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { endBilling } from '../../shared/db/billing/index.ts';
import { routeByKey } from '../routes/organizations.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/organizations/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ input }) => {
    await endBilling(input.organizationId);
    await deleteTenantCascade(input.organizationId);
    return deleted(input.organizationId);
  },
});
