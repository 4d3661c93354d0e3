/**
 * GET /v1/reporting/spend/history — lists the organization's daily spend from `startDate` to
 * `endDate` (inclusive, at most 366 days) in its currency with the running `cumulativeAmount`, each
 * cost on the day its activity ran, zero-filled; from the tenant's day rollups in one query. Spend
 * in other currencies over the range is named per currency in `_meta.warnings`.
 */
import { readDays } from '../../shared/db/metrics/index.ts';
import { spendRows } from '../../shared/domain/reporting/days.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { list } from '../../shared/http/result.ts';
import { rangeDates } from '../../shared/schemas/date-order.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { SpendDayRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { aggregateOf, scopeEvidence, windowSpend } from './scope.ts';
import { query } from './spend-history-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({ input, tenant }: ListWork<Output<typeof query>>) => {
  const dates = rangeDates(input);
  const [aggregate, days] = await Promise.all([
    aggregateOf(tenant.tenantId, { kind: 'tenant' }),
    readDays(tenant.tenantId, { kind: 'tenant' }, input.startDate, input.endDate),
  ]);
  const rows = spendRows(dates, days, tenant.details.currency);
  return {
    ...list({ items: rows, totalCount: rows.length }),
    meta: await scopeEvidence(tenant.details, { kind: 'tenant' }, aggregate, new Date(), { spend: windowSpend(days) }),
  };
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/spend/history'),
  output: listReply(SpendDayRecord),
  input: query,
  run: read,
});
