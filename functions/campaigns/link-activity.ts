/**
 * POST /v1/campaigns/:id/activities — puts an activity of the same organization in the campaign,
 * moving it (atomically) out of the campaign it was in. 201 with the new link; linking it where it
 * already is answers 200 with the existing link (a retried request changes nothing).
 */
import * as z from 'zod/mini';
import { linkActivity, campaignFromItem } from '../../shared/db/campaigns/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { created, ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { CampaignId } from './inputs.ts';
import { liveCampaign } from './views.ts';
import { CampaignActivityRecord } from '../../shared/schemas/records/campaign.ts';
import { createdOrExistingReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/campaigns/:id/activities'),
  output: createdOrExistingReply(CampaignActivityRecord),
  input: z.strictObject({ ...CampaignId, activityId: Uuid }),
  tenantOf: recordTenant('campaign', 'campaignId'),
  record: campaignFromItem,
  run: async ({ input, tenant, record }) => {
    liveCampaign(record);
    const { link, created: isNew } = await linkActivity(
      tenant.tenantId,
      input.campaignId,
      input.activityId,
      timeZoneOf(tenant.details),
    );
    return isNew ? created(link) : ok(link);
  },
});
