/**
 * POST /v1/campaigns — a campaign with both forms' fields; the owner user must be a member. Answers
 * the record with its derived status and a `mutation` receipt naming the fields set.
 */
import * as z from 'zod/mini';
import { createCampaign } from '../../shared/db/campaigns/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { checkDates } from '../../shared/schemas/date-order.ts';
import { checkMinorUnit } from '../../shared/schemas/money.ts';
import { CampaignName, campaignFieldInputs } from './inputs.ts';
import { campaignView, changedFields, receipt, requireOwnerMember } from './views.ts';
import { CampaignRecord, MutationReceipt } from '../../shared/schemas/records/campaign.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/campaigns'),
  output: createdReply(CampaignRecord, { mutation: MutationReceipt }),
  input: z.strictObject({
    organizationId: Uuid,
    ...campaignFieldInputs,
    name: CampaignName,
  }),
  run: async ({ input, tenant }) => {
    const { organizationId, ...fields } = input;
    checkDates(fields.startAt, fields.endAt);
    checkMinorUnit(fields.budget, tenant.details.currency, 'budget');
    await requireOwnerMember(organizationId, fields.ownerUserId);
    const campaign = await createCampaign(organizationId, fields, timeZoneOf(tenant.details));
    return created(campaignView(campaign, tenant.details), {
      mutation: receipt('create', campaign.id, changedFields({}, fields)),
    });
  },
});
