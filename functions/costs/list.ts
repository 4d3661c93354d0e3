/**
 * GET /v1/costs — the tenant's costs with creator, category and activity names; filters of both
 * forms; sorted globally (amount or createdAt, newest first by default) before paging. Amounts of
 * different currencies sort by their number: money is never converted.
 */
import { pageOf, sortRecords } from '../../shared/db/table/index.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { routeByKey } from '../routes/costs.ts';
import { list } from '../../shared/http/result.ts';
import { compactCostsPage, costsByCreationPage, findCosts, isFiltered } from '../../shared/db/catalogue/index.ts';
import { CostViewRecord } from '../../shared/schemas/records/cost.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { query } from './list-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({
  input: { organizationId, pageIndex, pageSize, sortBy = 'createdAt', sortDirection, ...filters },
}: ListWork<Output<typeof query>>) => {
  const direction = sortDirection ?? (sortBy === 'createdAt' ? 'desc' : 'asc');
  const page = { pageIndex, pageSize };
  // Unfiltered by creation (newest or oldest first): one page of the creation index.
  if (sortBy === 'createdAt' && !isFiltered(filters))
    return list(await costsByCreationPage(organizationId, page, direction));
  // By amount, searched or by category, with no parent filter: the compact entries, then the page's items (see query.ts).
  if (!filters.activityId && !filters.campaignId && !filters.creatorId)
    return list(await compactCostsPage(organizationId, filters, { sortBy, direction }, page));
  // By activity, campaign or creator: that parent's costs.
  const { costs } = await findCosts(organizationId, filters);
  return list(
    pageOf(
      sortRecords(costs, (c) => c[sortBy], direction),
      page,
    ),
  );
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/costs'),
  output: listReply(CostViewRecord),
  input: query,
  run: read,
});
