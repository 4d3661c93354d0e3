/**
 * GET /v1/reporting/creator/metrics — reads a creator's figures from its stored aggregate (the
 * same answer as GET /v1/creators/metrics): activities, followers, impressions, engagement, the
 * costs attributed to it in the organization's currency, coverage, CPM and CPE.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CreatorMetricsRecord } from '../../shared/schemas/records/stats.ts';
import { routeByKey } from '../routes/reporting.ts';
import { creatorMetrics } from './creator-figures.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/creator/metrics'),
  output: okReply(CreatorMetricsRecord),
  input: z.strictObject({ organizationId: Uuid, creatorId: Uuid }),
  run: async ({ input, tenant }) => {
    const { data, evidence } = await creatorMetrics(tenant.details, input.creatorId);
    return { ...ok(data), meta: evidence };
  },
});
