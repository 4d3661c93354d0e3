/**
 * A connected or changed content link is read at once rather than at the next scheduled dispatch:
 * the activity, due now in the index, is also put on the refresh queue (SQS in the cloud, the
 * in-process queue locally). The due index stays the source of truth, so a failed send only
 * delays the reading to the next dispatch; it is logged, not answered as an error of the request
 * whose change is already stored.
 */
import type { Activity } from '../../shared/db/activities.ts';
import { requestRefresh } from '../../shared/integrations/refresh-queue.ts';
import { logger } from '../../shared/support/logger.ts';

export async function refreshNow(activity: Activity): Promise<void> {
  if (!activity.contentHref || !activity.metricsFetchDueAt) return;
  try {
    await requestRefresh([{ kind: 'content', tenantId: activity.organizationId, activityId: activity.id, dueAt: activity.metricsFetchDueAt }]);
  } catch (error) {
    logger.warn('refresh-now: not queued, the next dispatch reads it', { activityId: activity.id, error: error instanceof Error ? error.message : String(error) });
  }
}
