/**
 * GET /v1/reporting/campaign/comparison — compares 1-20 campaigns of the organization: current
 * figures, the change over the last `daysBack` days, efficiency, currency, evidence quality and
 * findings stated as observations; each campaign's conversions, CPA and basis are those of its
 * campaign report. Reads each campaign's item and day rollups (two requests per campaign) and the
 * outcome definitions their conversions count (one more); a campaign of another organization is 404.
 */
import * as z from 'zod/mini';
import { readDays } from '../../shared/db/metrics/index.ts';
import type { StoredCampaign } from '../../shared/domain/reporting/campaigns.ts';
import { comparison } from '../../shared/domain/reporting/comparison.ts';
import { lastDays } from '../../shared/domain/reporting/days.ts';
import { mergeEvidence } from '../../shared/domain/reporting/figures.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { arrayInput, Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ComparisonRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { aggregateOf, conversionsOf, DaysBack, withConversions } from './scope.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/campaign/comparison'),
  output: okReply(ComparisonRecord),
  input: z.strictObject({
    organizationId: Uuid,
    campaignIds: arrayInput(Uuid, { min: 1, max: 20 }),
    daysBack: DaysBack,
  }),
  run: async ({ input, tenant }) => {
    const now = new Date();
    const ctx = { currency: tenant.details.currency, timeZone: timeZoneOf(tenant.details), now };
    const dates = lastDays(input.daysBack, ctx.timeZone, now);
    const entries = await Promise.all(
      [...new Set(input.campaignIds)].map(async (id) => {
        const scope = { kind: 'campaign', id } as const;
        const [campaign, days] = await Promise.all([
          aggregateOf(tenant.tenantId, scope),
          readDays(tenant.tenantId, scope, dates[0]!, dates.at(-1)!),
        ]);
        return { campaign: campaign as StoredCampaign, days };
      }),
    );
    // Each campaign as its own campaign report has it: the same conversions, CPA and basis.
    const conversions = await conversionsOf(
      tenant.details,
      entries.map((e) => e.campaign),
    );
    const reports = entries.map((e, i) => withConversions(e.campaign, [conversions[i]!], tenant.details, now));
    const compared = entries.map((e, i) => ({
      ...e,
      outcomes: reports[i]!.outcomes,
      basis: reports[i]!.evidence.provenance.basis,
    }));
    // Each campaign's warnings under its name, so that they still say whose evidence they are about.
    const evidence = reports.map(({ evidence }, i) => ({
      ...evidence,
      warnings: evidence.warnings.map((w) => `${entries[i]!.campaign.name}: ${w}`),
    }));
    return { ...ok(comparison(compared, input.daysBack, ctx)), meta: mergeEvidence(ctx.currency, evidence) };
  },
});
