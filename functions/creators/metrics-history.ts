/**
 * GET /v1/creators/metrics/history — lists exactly `daysBack` daily rows `{date, impressions,
 * engagement, spend}`, oldest first, the last being today in the workspace's timezone: the same
 * answer as GET /v1/reporting/creator/metrics/history (one function for both), from the creator's
 * day rollups in one query. Spend is the costs attributed to the creator in the workspace currency,
 * each on the day its activity ran; spend in other currencies is named in `_meta.warnings`.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { list } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { CreatorMetricsDayRecord } from '../../shared/schemas/records/stats.ts';
import { DEFAULT_DAYS_BACK, historyInput, historyReport } from '../reporting/scope.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators/metrics/history'),
  output: listReply(CreatorMetricsDayRecord),
  input: z.strictObject({ workspaceId: Uuid, creatorId: Uuid, ...historyInput }),
  run: async ({ input, tenant }) => {
    const { rows, meta } = await historyReport(
      tenant.details,
      { kind: 'creator', id: input.creatorId },
      input.daysBack ?? DEFAULT_DAYS_BACK,
    );
    return { ...list({ items: rows, totalCount: rows.length }), meta };
  },
});
