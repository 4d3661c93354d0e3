/**
 * GET /v1/reporting/recommendations — lists the organization's recommendations: deterministic rules
 * (shared/domain/reporting/recommendations.md) over its stored aggregates, each with priority,
 * confidence, rationale, the evidence it rests on and the campaigns it links; the same data gives the
 * same list in the same order.
 */
import * as z from 'zod/mini';
import { recommendations } from '../../shared/domain/reporting/recommendations.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { RecommendationsRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { scopeEvidence } from './scope.ts';
import { tenantWindow } from './tenant-window.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/recommendations'),
  output: okReply(RecommendationsRecord),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ tenant }) => {
    // The window is not used by the rules: one day keeps the read to the two items they need.
    const { ctx, campaigns, aggregate } = await tenantWindow(tenant.details, 1);
    return {
      ...ok(recommendations(aggregate, campaigns, ctx)),
      meta: await scopeEvidence(tenant.details, { kind: 'tenant' }, aggregate, ctx.now, { campaigns }),
    };
  },
});
