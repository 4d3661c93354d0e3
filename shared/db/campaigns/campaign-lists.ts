/** What the campaign list's creator filter reads (GET /v1/campaigns and its stats filter the campaigns in memory: a tenant has few). */
import { activitiesByIds, activityIdsOfCreator } from '../catalogue/activities.ts';

/** The ids of the campaigns holding an activity of the creator (its links, then those activities' campaigns). */
export async function campaignIdsOfCreator(tenantId: string, creatorId: string): Promise<Set<string>> {
  const activities = await activitiesByIds(tenantId, await activityIdsOfCreator(tenantId, creatorId));
  return new Set(activities.flatMap((a) => (a.campaignId ? [a.campaignId] : [])));
}
