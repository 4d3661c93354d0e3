/** GET /v1/activities/count — the number of activities matching the list's filters. */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { count } from '../../shared/http/result.ts';
import { filterInput } from './filters.ts';
import { activityChannelCounts, channelTotal, filteredActivities } from '../../shared/db/catalogue/index.ts';
import { countReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/count'),
  output: countReply,
  input: z.strictObject(filterInput),
  run: async ({ input: { organizationId, ...filters } }) => {
    // By channel or unfiltered, the channel counters kept on write hold the count.
    if (!filters.creatorId && !filters.campaignId)
      return count(channelTotal(await activityChannelCounts(organizationId), filters.channel));
    const { all, matches } = await filteredActivities(organizationId, filters);
    return count(all.filter(matches).length);
  },
});
