/** PATCH /v1/campaigns/:id — updates the campaign, only the fields given; the receipt names those that changed. */
import * as z from 'zod/mini';
import { campaignFromItem, updateCampaign } from '../../shared/db/campaigns/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { ok } from '../../shared/http/result.ts';
import { checkDates } from '../../shared/schemas/date-order.ts';
import { checkMinorUnit } from '../../shared/schemas/money.ts';
import { CampaignId, campaignFieldInputs } from './inputs.ts';
import { campaignView, changedFields, liveCampaign, receipt, requireOwnerMember } from './views.ts';
import { CampaignRecord, MutationReceipt } from '../../shared/schemas/records/campaign.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/campaigns/:id'),
  output: okReply(CampaignRecord, { mutation: MutationReceipt }),
  input: z.strictObject({ ...CampaignId, ...campaignFieldInputs }),
  tenantOf: recordTenant('campaign', 'campaignId'),
  record: campaignFromItem,
  run: async ({ input, tenant, record }) => {
    const current = liveCampaign(record);
    const { campaignId, ...changes } = input;
    checkDates(
      changes.startAt === undefined ? current.startAt : changes.startAt,
      changes.endAt === undefined ? current.endAt : changes.endAt,
    );
    checkMinorUnit(changes.budget, tenant.details.currency, 'budget');
    const changed = changedFields(current, changes);
    if (changed.includes('ownerUserId')) await requireOwnerMember(tenant.tenantId, changes.ownerUserId);
    const updated = changed.length
      ? await updateCampaign(
          tenant.tenantId,
          campaignId,
          Object.fromEntries(changed.map((f) => [f, changes[f]])),
          timeZoneOf(tenant.details),
        )
      : current;
    return ok(campaignView(updated, tenant.details), { mutation: receipt('update', campaignId, changed) });
  },
});
