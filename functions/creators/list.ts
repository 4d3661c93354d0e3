/**
 * GET /v1/creators — the workspace's creators, filtered, sorted and paged; facets count the roles
 * among the creators that match every other filter. Unfiltered by creation, name, impressions,
 * engagement or spend (while its index holds the current currency), one page from an index and
 * counters (`indexedCreatorsPage`). Otherwise (CPM, CPE, activities, followers, role, dates, a
 * search, spend right after a currency change) filtered and sorted in memory over the compact
 * projection's entries (`filterCreators`: keys and the filtered and sorted attributes, including
 * the stored per-creator aggregates; a search joins the search projection's name, email and
 * notes), never the full items but the page's own.
 */
import { creatorsByIds, indexedCreatorsPage } from '../../shared/db/catalogue/index.ts';
import { pageOf, sortRecords } from '../../shared/db/table/index.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { routeByKey } from '../routes/creators.ts';
import { list } from '../../shared/http/result.ts';
import { creatorFigures } from './figures.ts';
import { filterCreators, roleOf, type FilteredCreator } from './filters.ts';
import { CreatorSummaryRecord } from '../../shared/schemas/records/creator.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { query } from './list-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({ input, tenant: scope }: ListWork<Output<typeof query>>) => {
  const tenant = scope.details;
  const sortBy = input.sortBy ?? 'createdAt';
  const direction = input.sortDirection ?? (input.sortBy ? 'asc' : 'desc');
  const indexed = await indexedCreatorsPage(tenant.id, input, { sortBy, direction }, input);
  if (indexed) return list(...indexed);
  const { candidates, matching } = await filterCreators(tenant, input);
  const column = (c: FilteredCreator) => {
    if (sortBy === 'spend' || sortBy === 'cpm' || sortBy === 'cpe') return creatorFigures(c, tenant.currency)[sortBy];
    return c[sortBy];
  };
  const sorted = sortRecords(matching, column, direction);
  const role: Record<string, number> = {};
  for (const c of candidates) {
    const key = roleOf(c);
    if (key) role[key] = (role[key] ?? 0) + 1;
  }
  // The filters read compact entries (or an activity's creators): the page's full items, in its order.
  const page = pageOf(sorted, input);
  const full = new Map(
    (
      await creatorsByIds(
        tenant.id,
        page.items.map((c) => c.id),
      )
    ).map((c) => [c.id, c]),
  );
  return list({ items: page.items.flatMap((c) => full.get(c.id) ?? []), totalCount: page.totalCount }, { role });
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators'),
  output: listReply(CreatorSummaryRecord),
  input: query,
  run: read,
});
