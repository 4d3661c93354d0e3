/** DELETE /v1/creators/:creatorId/social-accounts/:platform/:accountId — removes a social account from the creator (404 unless the account is on that platform). */
import * as z from 'zod/mini';
import { recordTenant } from '../../shared/db/table/index.ts';
import { deleteSocialAccount } from '../../shared/db/catalogue/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Channel } from '../../shared/schemas/enums.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/creators/:creatorId/social-accounts/:platform/:accountId'),
  output: okReply(Deleted),
  input: z.strictObject({ creatorId: Uuid, platform: Channel, accountId: Uuid }),
  tenantOf: recordTenant('creator', 'creatorId'),
  run: async ({ input, tenant }) => {
    await deleteSocialAccount(tenant.tenantId, input.creatorId, input.platform, input.accountId);
    return deleted(input.accountId);
  },
});
