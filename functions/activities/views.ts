/** The activity record as returned: stored fields, the linked creator ids, and `metricsFetchDueAt` (null when none). */
import type { Activity } from '../../shared/db/catalogue/index.ts';
import { linksOfActivity } from '../../shared/db/catalogue/index.ts';

export type ActivityView = Activity & { metricsFetchDueAt: string | null; creatorIds: string[] };

export async function activityView(activity: Activity): Promise<ActivityView> {
  const links = await linksOfActivity(activity.organizationId, activity.id);
  return { ...activity, metricsFetchDueAt: activity.metricsFetchDueAt ?? null, creatorIds: links.map((l) => l.creatorId) };
}
