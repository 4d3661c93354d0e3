/** GET /v1/campaigns/:id — one campaign with its derived status and stored aggregate. */
import * as z from 'zod/mini';
import { campaignFromItem } from '../../shared/db/campaigns/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { ok } from '../../shared/http/result.ts';
import { CampaignId } from './inputs.ts';
import { campaignView, liveCampaign } from './views.ts';
import { CampaignRecord } from '../../shared/schemas/records/campaign.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/campaigns/:id'),
  output: okReply(CampaignRecord),
  input: z.strictObject(CampaignId),
  tenantOf: recordTenant('campaign', 'campaignId'),
  record: campaignFromItem,
  run: async ({ tenant, record }) => ok(campaignView(liveCampaign(record), tenant.details)),
});
