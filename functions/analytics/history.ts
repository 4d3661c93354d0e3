/**
 * GET /v1/reporting/analytics/history — the property's daily sessions, users, page views and
 * success events (GA4 key events) from `startDate` to `endDate` inclusive, zero-filled; 409
 * `analytics_not_connected` without a connected, imported property.
 */
import { readAnalyticsDays } from '../../shared/db/analytics/index.ts';
import { historyRows } from '../../shared/domain/analytics.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { list } from '../../shared/http/result.ts';
import { AnalyticsDayRecord } from '../../shared/schemas/records/analytics.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/reporting.ts';
import { rangeDates, reportConnection } from './inputs.ts';
import { query } from './history-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({ input, tenant }: ListWork<Output<typeof query>>) => {
  const dates = rangeDates(input);
  const { meta } = await reportConnection(tenant.tenantId);
  const rows = historyRows(dates, await readAnalyticsDays(tenant.tenantId, input.startDate, input.endDate));
  return { ...list({ items: rows, totalCount: rows.length }), meta };
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/analytics/history'),
  output: listReply(AnalyticsDayRecord),
  input: query,
  run: read,
});
