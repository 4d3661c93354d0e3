/**
 * GET /v1/reporting/campaign/closeout — closes out a campaign: recorded performance in the
 * organization's currency (conversions and CPA from its outcome measurements of kind count), budget
 * use, evidence quality, limitations and follow-ups, with no causal claim; from the campaign's stored
 * aggregate (its measurements' totals included), never its activities, costs or measurements. 404
 * for another organization's campaign.
 */
import * as z from 'zod/mini';
import type { StoredCampaign } from '../../shared/domain/reporting/campaigns.ts';
import { closeout } from '../../shared/domain/reporting/closeout.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ClosedCampaignRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { campaignReport } from './scope.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/campaign/closeout'),
  output: okReply(ClosedCampaignRecord),
  input: z.strictObject({ organizationId: Uuid, campaignId: Uuid }),
  run: async ({ input, tenant }) => {
    const now = new Date();
    const { campaign, outcomes, evidence } = await campaignReport(tenant.details, input.campaignId, now);
    const ctx = { currency: tenant.details.currency, timeZone: timeZoneOf(tenant.details), now };
    return { ...ok(closeout(campaign as StoredCampaign, evidence.warnings, ctx, outcomes)), meta: evidence };
  },
});
