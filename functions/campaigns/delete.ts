/**
 * DELETE /v1/campaigns/:id — unlinks every activity, retires its reported outcomes, removes its
 * notes and files, then the campaign (irreversible). A retry after an interruption finishes it.
 */
import * as z from 'zod/mini';
import { deleteCampaign } from '../../shared/db/campaigns/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { deleted } from '../../shared/http/result.ts';
import { CampaignId } from './inputs.ts';
import { receipt } from './views.ts';
import { MutationReceipt } from '../../shared/schemas/records/campaign.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/campaigns/:id'),
  output: okReply(Deleted, { mutation: MutationReceipt }),
  input: z.strictObject(CampaignId),
  // A campaign whose delete was interrupted is still found here, so that the retry can finish it.
  tenantOf: recordTenant('campaign', 'campaignId'),
  run: async ({ input, tenant }) => {
    const unlinked = await deleteCampaign(tenant.tenantId, input.campaignId);
    return deleted(input.campaignId, {
      mutation: receipt('delete', input.campaignId, ['deleted', ...(unlinked.length ? ['activities'] : [])]),
    });
  },
});
