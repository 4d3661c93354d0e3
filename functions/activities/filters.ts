/** The filters shared by the activity list, count and stats (not a handler). */
import * as z from 'zod/mini';
import { activitiesOfTenant, activityChannelCounts, activityIdsOfCreator, activityPageByCreation, type Activity } from '../../shared/db/activities.ts';
import type { Facets, Page, PageRequest } from '../../shared/db/paging.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Channel } from '../../shared/schemas/enums.ts';

export const filterInput = {
  organizationId: Uuid,
  channel: z.optional(Channel),
  creatorId: z.optional(Uuid),
  campaignId: z.optional(Uuid),
};

export interface ActivityFilters {
  channel?: string;
  creatorId?: string;
  campaignId?: string;
  searchTerm?: string;
}

/**
 * The tenant's activities matching every filter but the channel, and the channel test apart, so
 * that a list's channel facet counts each channel under the other filters.
 */
export async function filteredActivities(tenantId: string, filters: ActivityFilters): Promise<{ all: Activity[]; matches: (a: Activity) => boolean }> {
  const [activities, ofCreator] = await Promise.all([
    activitiesOfTenant(tenantId),
    filters.creatorId ? activityIdsOfCreator(tenantId, filters.creatorId).then((ids) => new Set(ids)) : undefined,
  ]);
  const term = filters.searchTerm?.toLowerCase();
  const all = activities.filter(
    (a) =>
      (!ofCreator || ofCreator.has(a.id)) &&
      (!filters.campaignId || a.campaignId === filters.campaignId) &&
      (!term || a.name.toLowerCase().includes(term)),
  );
  return { all, matches: (a) => !filters.channel || a.channel === filters.channel };
}

/** Whether any filter or search narrows the list. */
export function isFiltered(filters: ActivityFilters): boolean {
  return Boolean(filters.channel || filters.creatorId || filters.campaignId || filters.searchTerm);
}

/**
 * One page of the tenant's unfiltered activities newest first, with its channel facet: the page
 * from the creation-ordered index, the facet from the per-channel counters kept on write and the
 * total their sum (every activity is on one channel) — nothing read grows with the tenant.
 * Filtered and searched lists still read every activity (`filteredActivities`): a filter's facet
 * counts channels under the other filters, which no counter holds yet.
 */
export async function newestActivitiesPage(tenantId: string, page: PageRequest): Promise<[Page<Activity>, Facets]> {
  const [items, channel] = await Promise.all([activityPageByCreation(tenantId, page), activityChannelCounts(tenantId)]);
  const totalCount = Object.values(channel).reduce((sum, n) => sum + n, 0);
  return [{ items, totalCount }, { channel }];
}
