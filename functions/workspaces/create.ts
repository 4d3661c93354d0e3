/**
 * POST /v1/workspaces — creates a tenant whose creator is its owner. `organizationId` names the
 * parent organization; the caller must own it (403 otherwise, also when it does not exist: a scope
 * named in the body). Absent, it defaults to the first top-level tenant the caller owns (oldest
 * membership), or none; `null` asks for no parent explicitly. It counts toward the 10 tenants a
 * user may create per day (429 with Retry-After). The caller needs a user record first (403).
 */
import * as z from 'zod/mini';
import {
  tenantAccess,
  membershipsOfUser,
  createTenant,
  EMPTY_AGGREGATE,
  getTenantsWithAggregates,
  tenantView,
} from '../../shared/db/tenancy/index.ts';
import { sortRecords } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { signedUp } from '../../shared/http/signed-up.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { Currency, Timezone } from '../../shared/schemas/enums.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';

async function ownedParent(userId: string, organizationId: string): Promise<string> {
  const { membership } = await tenantAccess(organizationId, userId);
  if (membership?.status !== 'active' || membership.role !== 'owner') {
    throw forbidden('You can only create a workspace under an organization you own.');
  }
  return organizationId;
}

/** The oldest-joined live tenant the caller actively owns that is itself an organization (no parent). */
async function defaultParent(userId: string): Promise<string | null> {
  const owned = (await membershipsOfUser(userId)).filter((m) => m.status === 'active' && m.role === 'owner');
  if (!owned.length) return null;
  const tenants = await getTenantsWithAggregates(owned.map((m) => m.tenantId));
  const first = sortRecords(owned, (m) => m.createdAt, 'asc').find(
    (m) => tenants.get(m.tenantId)?.tenant.organizationId === null,
  );
  return first?.tenantId ?? null;
}

export const handler = defineHandler({
  route: routeByKey('POST /v1/workspaces'),
  output: createdReply(TenantRecord),
  input: z.strictObject({
    userId: Uuid,
    name: text(1, 255),
    organizationId: z.optional(z.nullable(Uuid)),
    ianaTimezone: z.optional(Timezone),
    currency: z.optional(Currency),
  }),
  run: async ({ input: { userId, organizationId, ...fields }, profile }) => {
    signedUp(profile);
    const parent =
      organizationId === undefined
        ? await defaultParent(userId)
        : organizationId === null
          ? null
          : await ownedParent(userId, organizationId);
    const tenant = await createTenant({ ...fields, ownerUserId: userId, organizationId: parent });
    return created(tenantView(tenant, 'owner', 'active', EMPTY_AGGREGATE));
  },
});
