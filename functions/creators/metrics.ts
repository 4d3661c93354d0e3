/**
 * GET /v1/creators/metrics — reads the creator's stored aggregate: the same answer as
 * GET /v1/reporting/creator/metrics (one function for both): spend in the workspace currency (costs in
 * other currencies converted at their stated rates; a currency with no rate listed apart and named in `_meta.warnings`), CPM and CPE
 * denominator-aware (only activities with both spend and the denominator), null without one.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CreatorMetricsRecord } from '../../shared/schemas/records/stats.ts';
import { creatorMetrics } from '../reporting/creator-figures.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators/metrics'),
  output: okReply(CreatorMetricsRecord),
  input: z.strictObject({ workspaceId: Uuid, creatorId: Uuid }),
  run: async ({ input, tenant }) => {
    const { data, evidence } = await creatorMetrics(tenant.details, input.creatorId);
    return { ...ok(data), meta: evidence };
  },
});
