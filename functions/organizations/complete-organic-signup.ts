/**
 * POST /v1/organizations/complete-organic-signup — creates the caller's organization (owner), makes
 * the caller a viewer of the shared demo organization (created on first use) and switches the
 * caller's active organization to the demo (docs/spec/interface.md, "States and transitions"). The
 * organization counts toward the 10 tenants a user may create per day (429 with Retry-After). The
 * caller needs a user record first (403).
 */
import { seedDemoTenant } from '../../shared/db/demo/index.ts';
import {
  addMembership,
  updateSettings,
  createTenant,
  EMPTY_AGGREGATE,
  ensureDemoTenant,
  tenantView,
} from '../../shared/db/tenancy/index.ts';
import { ConflictError } from '../../shared/domain/errors.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { signedUp } from '../../shared/http/signed-up.ts';
import { created } from '../../shared/http/result.ts';
import { NewOrganization } from './inputs.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations/complete-organic-signup'),
  output: createdReply(TenantRecord),
  input: NewOrganization,
  run: async ({ input: { userId, ...fields }, profile }) => {
    signedUp(profile);
    const organization = await createTenant({ ...fields, ownerUserId: userId });
    const demo = await ensureDemoTenant(userId, seedDemoTenant);
    try {
      await addMembership(demo.id, userId, 'viewer', 'active');
    } catch (error) {
      // Already in the demo (a second organic sign-up): keep that membership.
      if (!(error instanceof ConflictError)) throw error;
    }
    await updateSettings(userId, { activeOrganizationId: demo.id });
    return created(tenantView(organization, 'owner', 'active', EMPTY_AGGREGATE));
  },
});
