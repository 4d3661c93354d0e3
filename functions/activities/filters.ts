/** The filters shared by the activity list, count and stats (not a handler). */
import * as z from 'zod/mini';
import { activitiesOfTenant, activityIdsOfCreator, type Activity } from '../../shared/db/activities.ts';
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
