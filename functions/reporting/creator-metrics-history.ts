/**
 * GET /v1/reporting/creator/metrics/history — lists the creator's last `daysBack` days
 * (default 30) ending today in the organization's timezone: each day's impressions, engagement and spend, from
 * its day rollups in one query, zero-filled; 404 for a creator that is not the organization's.
 */
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { list } from '../../shared/http/result.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { MetricsDayRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { DEFAULT_DAYS_BACK, historyReport } from './scope.ts';
import { query } from './creator-metrics-history-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({ input, tenant }: ListWork<Output<typeof query>>) => {
  const { rows, meta } = await historyReport(
    tenant.details,
    { kind: 'creator', id: input.creatorId },
    input.daysBack ?? DEFAULT_DAYS_BACK,
  );
  return { ...list({ items: rows, totalCount: rows.length }), meta };
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/creator/metrics/history'),
  output: listReply(MetricsDayRecord),
  input: query,
  run: read,
});
