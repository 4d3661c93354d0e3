/**
 * GET /v1/reporting/campaign/portfolio — summarises the organization's campaigns: counts by derived
 * status and attention, budget and spend totals (spend in its currency), brief completeness,
 * evidence quality, the last `daysBack` days' trend, priorities and next actions.
 */
import * as z from 'zod/mini';
import { portfolio } from '../../shared/domain/reporting/portfolio.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { PortfolioRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { DaysBack, scopeEvidence } from './scope.ts';
import { tenantWindow } from './tenant-window.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/campaign/portfolio'),
  output: okReply(PortfolioRecord),
  input: z.strictObject({ organizationId: Uuid, daysBack: DaysBack }),
  run: async ({ input, tenant }) => {
    const { ctx, campaigns, aggregate, days } = await tenantWindow(tenant.details, input.daysBack);
    return {
      ...ok(portfolio(campaigns, aggregate, days, input.daysBack, ctx)),
      meta: await scopeEvidence(tenant.details, { kind: 'tenant' }, aggregate, ctx.now, { campaigns }),
    };
  },
});
