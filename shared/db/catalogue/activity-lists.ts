/**
 * The activity list's read model, which GET /v1/activities, its count and its stats share: the
 * activities a filter selects (a parent's, or every compact entry), and the page of an order an
 * index keeps, with the channel facet from the counters kept on write.
 */
import {
  activitiesByIds,
  activityChannelCounts,
  activityIdsOfCreator,
  activityPage,
  compactActivitiesOfTenant,
  type Activity,
  type CompactActivity,
} from './activities.ts';
import { Activities } from './activity-entity.ts';
import { activityIdsOfCampaign } from '../campaigns/campaign-links.ts';
import type { KeyCondition } from '../table/keys.ts';
import type { Facets, Page, PageRequest } from '../table/paging.ts';

export interface ActivityFilters {
  channel?: string;
  creatorId?: string;
  campaignId?: string;
  searchTerm?: string;
}

/**
 * The tenant's activities matching every filter but the channel, and the channel test apart, so
 * that a list's channel facet counts each channel under the other filters. Filtered by campaign or
 * creator, it reads that parent's activities only (its links, then those activities); otherwise
 * every activity's compact entry (gsi5: the searched, sorted and summed attributes, never the
 * full items), since no key holds a name search, the start-date order or the stats' sums.
 */
export async function filteredActivities(
  tenantId: string,
  filters: ActivityFilters,
): Promise<{ all: CompactActivity[]; matches: (a: CompactActivity) => boolean }> {
  const ofCreator = filters.creatorId ? new Set(await activityIdsOfCreator(tenantId, filters.creatorId)) : undefined;
  const parentIds = filters.campaignId
    ? await activityIdsOfCampaign(tenantId, filters.campaignId)
    : ofCreator && [...ofCreator];
  const activities: CompactActivity[] = parentIds
    ? await activitiesByIds(tenantId, parentIds)
    : await compactActivitiesOfTenant(tenantId);
  const term = filters.searchTerm?.toLowerCase();
  const all = activities.filter(
    (a) =>
      (!ofCreator || ofCreator.has(a.id)) &&
      (!filters.campaignId || a.campaignId === filters.campaignId) &&
      (!term || a.name.toLowerCase().includes(term)),
  );
  return { all, matches: (a) => !filters.channel || a.channel === filters.channel };
}

/**
 * The index partition holding the list's order under its filters, if one does: unfiltered, by
 * creation (gsi1) or by name (gsi2); filtered by channel alone, by creation within the channel
 * (gsi3). Other lists (by start date, by creator or campaign, searched) read every activity in
 * `filteredActivities`: no key holds their order or membership.
 */
function orderIndex(tenantId: string, filters: ActivityFilters, sortBy: string): KeyCondition | undefined {
  if (filters.creatorId || filters.campaignId || filters.searchTerm) return undefined;
  if (filters.channel)
    return sortBy === 'createdAt' ? Activities.query.ofChannel(tenantId, filters.channel) : undefined;
  if (sortBy === 'createdAt') return Activities.query.byCreation(tenantId);
  return sortBy === 'name' ? Activities.query.byName(tenantId) : undefined;
}

/**
 * One page of a list whose order an index keeps (`orderIndex`), with its channel facet: the page
 * from the index, the facet from the per-channel counters kept on write (a channel filter leaves
 * the facet as it is, since the facet counts channels under the other filters) and the total the
 * filtered channel's count, else their sum — nothing read grows with the tenant. Undefined when
 * no index keeps the order.
 */
export async function indexedActivitiesPage(
  tenantId: string,
  filters: ActivityFilters,
  sort: { sortBy: string; direction: 'asc' | 'desc' },
  page: PageRequest,
): Promise<[Page<Activity>, Facets] | undefined> {
  const order = orderIndex(tenantId, filters, sort.sortBy);
  if (!order) return undefined;
  const [items, channel] = await Promise.all([
    activityPage(order, page, sort.direction),
    activityChannelCounts(tenantId),
  ]);
  return [{ items, totalCount: channelTotal(channel, filters.channel) }, { channel }];
}

/** How many activities a channel filter (or none) selects, from the per-channel counters: that channel's, else their sum. */
export function channelTotal(channel: Record<string, number>, filter: string | undefined): number {
  return filter ? (channel[filter] ?? 0) : Object.values(channel).reduce((sum, n) => sum + n, 0);
}
