/**
 * GET /v1/reporting/campaign/readiness — checks a campaign's launch readiness: one check per brief
 * field and link (summary, objective, audience, desired outcomes, channels, dates, owner, budget,
 * linked activities), `missing` naming those not there yet; 404 for another organization's campaign.
 */
import * as z from 'zod/mini';
import { campaignFromItem } from '../../shared/db/campaigns/index.ts';
import { readiness } from '../../shared/domain/reporting/readiness.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ReadinessRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { aggregateOf, scopeEvidence } from './scope.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/campaign/readiness'),
  output: okReply(ReadinessRecord),
  input: z.strictObject({ organizationId: Uuid, campaignId: Uuid }),
  run: async ({ input, tenant }) => {
    const aggregate = await aggregateOf(tenant.tenantId, { kind: 'campaign', id: input.campaignId });
    const campaign = campaignFromItem({ ...aggregate })!;
    return {
      ...ok({ campaignId: campaign.id, ...readiness(campaign) }),
      meta: await scopeEvidence(tenant.details, { kind: 'campaign', id: input.campaignId }, aggregate, new Date()),
    };
  },
});
