/** GET /v1/activities — the organization's activities, filtered, searched by name, sorted and paged; facets count each channel under the other filters. */
import { activitiesByIds, filteredActivities, indexedActivitiesPage } from '../../shared/db/catalogue/index.ts';
import { pageOf, sortRecords } from '../../shared/db/table/index.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { routeByKey } from '../routes/activities.ts';
import { list } from '../../shared/http/result.ts';
import { ActivitySummaryRecord } from '../../shared/schemas/records/activity.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { query } from './list-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({
  input: { organizationId, pageIndex, pageSize, sortBy = 'createdAt', sortDirection, ...filters },
}: ListWork<Output<typeof query>>) => {
  const direction = sortDirection ?? (sortBy === 'name' ? 'asc' : 'desc');
  // An order an index keeps reads one page, and the facet and total from counters; any other list reads the tenant's activities.
  const indexed = await indexedActivitiesPage(organizationId, filters, { sortBy, direction }, { pageIndex, pageSize });
  if (indexed) return list(...indexed);
  const { all, matches } = await filteredActivities(organizationId, filters);
  const channel: Record<string, number> = {};
  for (const a of all) channel[a.channel] = (channel[a.channel] ?? 0) + 1;
  const sorted = sortRecords(all.filter(matches), (a) => a[sortBy], direction);
  // The filters read compact entries (or a parent's activities): the page's full items, in its order.
  const page = pageOf(sorted, { pageIndex, pageSize });
  const full = new Map(
    (
      await activitiesByIds(
        organizationId,
        page.items.map((a) => a.id),
      )
    ).map((a) => [a.id, a]),
  );
  return list({ items: page.items.flatMap((a) => full.get(a.id) ?? []), totalCount: page.totalCount }, { channel });
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities'),
  output: listReply(ActivitySummaryRecord),
  input: query,
  run: read,
});
