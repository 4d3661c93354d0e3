/**
 * GET /v1/reporting/marketing-brief — writes the organization's marketing brief for an `audience`
 * (executive: short and plain; practitioner: the figures and their evidence) over the last
 * `daysBack` days: headline, highlights, risks, decisions, actions, campaign evidence, currency and
 * measurement limitations, from templates filled with the stored aggregates' figures, with the
 * organization's conversions and CPA where an outcome measurement of kind count is recorded.
 */
import * as z from 'zod/mini';
import { marketingBrief } from '../../shared/domain/reporting/brief.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { BriefRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { DaysBack, organizationReport } from './scope.ts';
import { tenantWindow } from './tenant-window.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/marketing-brief'),
  output: okReply(BriefRecord),
  input: z.strictObject({ organizationId: Uuid, daysBack: DaysBack, audience: z.enum(['executive', 'practitioner']) }),
  run: async ({ input, tenant }) => {
    // The organization's report over the campaigns of the window: its conversions, CPA and basis (scope.ts).
    const now = new Date();
    const { ctx, campaigns, aggregate, days } = await tenantWindow(tenant.details, input.daysBack, now);
    const { outcomes, evidence } = await organizationReport(tenant.details, now, campaigns);
    const conversions = {
      ...outcomes,
      basis: evidence.provenance.basis.cpa,
      definitions: evidence.provenance.conversionDefinitions,
    };
    const brief = marketingBrief(
      { tenant: aggregate, campaigns, days, warnings: evidence.warnings, conversions },
      input.audience,
      input.daysBack,
      ctx,
    );
    return { ...ok(brief), meta: evidence };
  },
});
