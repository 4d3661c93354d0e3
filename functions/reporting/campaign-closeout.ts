/**
 * GET /v1/reporting/campaign/closeout — closes out a campaign: recorded performance in the
 * organization's currency, budget use, evidence quality, limitations and follow-ups, with no causal
 * claim; from the campaign's stored aggregate alone. 404 for another organization's campaign.
 */
import * as z from 'zod/mini';
import type { StoredCampaign } from '../../shared/domain/reporting/campaigns.ts';
import { closeout } from '../../shared/domain/reporting/closeout.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ClosedCampaignRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes.ts';
import { aggregateOf, metricsReport, timeZoneOf } from './scope.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/campaign/closeout'),
  output: okReply(ClosedCampaignRecord),
  input: z.strictObject({ organizationId: Uuid, campaignId: Uuid }),
  run: async ({ input, tenant }) => {
    const now = new Date();
    const campaign = await aggregateOf(tenant.tenantId, { kind: 'campaign', id: input.campaignId });
    const { evidence } = metricsReport(campaign, tenant.details, now);
    const ctx = { currency: tenant.details.currency, timeZone: timeZoneOf(tenant.details), now };
    return { ...ok(closeout(campaign as StoredCampaign, evidence.warnings, ctx)), meta: evidence };
  },
});
