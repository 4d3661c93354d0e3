/**
 * The activity as the API shows it (the Activities routes, and the outbound events that carry it):
 * stored fields, the linked creator ids, and `metricsFetchDueAt` (null when none).
 */
import type { Activity } from './activities.ts';
import { linksOfActivity } from './creator-links.ts';

export type ActivityView = Activity & { metricsFetchDueAt: string | null; creatorIds: string[] };

export async function activityView(activity: Activity): Promise<ActivityView> {
  const links = await linksOfActivity(activity.organizationId, activity.id);
  return {
    ...activity,
    metricsFetchDueAt: activity.metricsFetchDueAt ?? null,
    creatorIds: links.map((l) => l.creatorId),
  };
}
