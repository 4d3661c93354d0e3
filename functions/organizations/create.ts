/** POST /v1/organizations — creates an organization whose owner is the caller (who needs a user record first: 403); at most 10 a user per day with the other creating routes (429). */
import { createTenant, EMPTY_AGGREGATE, tenantView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { signedUp } from '../../shared/http/signed-up.ts';
import { created } from '../../shared/http/result.ts';
import { NewOrganization } from './inputs.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/organizations'),
  output: createdReply(TenantRecord),
  input: NewOrganization,
  run: async ({ input: { userId, ...fields }, profile }) => {
    signedUp(profile);
    const tenant = await createTenant({ ...fields, ownerUserId: userId });
    return created(tenantView(tenant, 'owner', 'active', EMPTY_AGGREGATE));
  },
});
