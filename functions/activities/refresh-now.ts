/**
 * A connected or changed content link is read at once rather than at the next scheduled dispatch:
 * the activity, due now in the index, is also put on the refresh queue (SQS in the cloud, the
 * in-process queue locally; a failed send is only logged, see refreshSoon).
 */
import type { Activity } from '../../shared/db/catalogue/index.ts';
import { refreshSoon } from '../../shared/integrations/refresh-queue/index.ts';

export async function refreshNow(activity: Activity): Promise<void> {
  if (!activity.contentHref || !activity.metricsFetchDueAt) return;
  await refreshSoon([{ kind: 'content', tenantId: activity.organizationId, activityId: activity.id, dueAt: activity.metricsFetchDueAt }]);
}
