/**
 * DELETE /v1/campaigns/:id/activities/:activityId — takes the activity out of the campaign. Form A
 * names the activity in the path; Form B names the link's `campaignActivityId`, in the path segment
 * or the body (docs/decisions.md). Answers the removed link's id.
 */
import * as z from 'zod/mini';
import { findLink, unlinkActivity, campaignFromItem } from '../../shared/db/campaigns/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { notFound } from '../../shared/http/problem.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { CampaignId } from './inputs.ts';
import { liveCampaign } from './views.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/campaigns/:id/activities/:activityId'),
  output: okReply(Deleted),
  input: z.strictObject({ ...CampaignId, activityId: Uuid, campaignActivityId: z.optional(Uuid) }),
  tenantOf: recordTenant('campaign', 'campaignId'),
  record: campaignFromItem,
  run: async ({ input, tenant, record }) => {
    liveCampaign(record);
    const { campaignId } = input;
    const missing = () => notFound('The activity in this campaign');
    // The path segment is an activity id, or (Form B) the link's own id.
    const linkId = input.campaignActivityId ?? input.activityId;
    const link = await findLink(linkId);
    const activityId = link ? link.activityId : input.activityId;
    if (link && link.campaignId !== campaignId) throw missing();
    if (input.campaignActivityId && !link) throw missing();
    const removed = await unlinkActivity(tenant.tenantId, campaignId, activityId, timeZoneOf(tenant.details));
    return deleted(removed.campaignActivityId);
  },
});
