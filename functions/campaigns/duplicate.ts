/**
 * POST /v1/campaigns/:id/duplicate — a new campaign with a copy of the planning brief and budget:
 * no dates (a draft) unless given, no activities, spend or outcomes. An owner who has left the
 * organization is not copied.
 */
import * as z from 'zod/mini';
import { campaignFields, campaignFromItem, createCampaign } from '../../shared/db/campaigns/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { created } from '../../shared/http/result.ts';
import { DateTime } from '../../shared/schemas/common.ts';
import { checkDates } from '../../shared/schemas/date-order.ts';
import { CampaignId, CampaignName } from './inputs.ts';
import { campaignView, changedFields, isActiveMember, liveCampaign, receipt } from './views.ts';
import { duplicateFields } from './plan.ts';
import { CampaignRecord, MutationReceipt } from '../../shared/schemas/records/campaign.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/campaigns/:id/duplicate'),
  output: createdReply(CampaignRecord, { mutation: MutationReceipt }),
  input: z.strictObject({
    ...CampaignId,
    name: z.optional(CampaignName),
    startAt: z.optional(z.nullable(DateTime)),
    endAt: z.optional(z.nullable(DateTime)),
  }),
  tenantOf: recordTenant('campaign', 'campaignId'),
  record: campaignFromItem,
  run: async ({ input, tenant, record }) => {
    const source = liveCampaign(record);
    const tenantId = tenant.tenantId;
    checkDates(input.startAt, input.endAt);
    const ownerStays = source.ownerUserId ? await isActiveMember(tenantId, source.ownerUserId) : false;
    const fields = duplicateFields(source, input, ownerStays);
    const copy = await createCampaign(tenantId, fields, timeZoneOf(tenant.details));
    return created(campaignView(copy, tenant.details), {
      mutation: receipt('duplicate', copy.id, changedFields(campaignFields({ name: '' }), fields)),
    });
  },
});
