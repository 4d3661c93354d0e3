/**
 * Removing what the snapshot writer kept of an activity (apart from the writer, which imports
 * activities.ts): its metric snapshots and its own day rollups. The days of its tenant, campaign
 * and creators keep their history.
 */
import { daysOfScope } from './day-rollups.ts';
import { keys } from './keys.ts';
import { batchDelete, queryPrefix } from './operations.ts';

export async function deleteSnapshotsOf(tenantId: string, activityId: string): Promise<void> {
  const items = (
    await Promise.all([queryPrefix(keys.snapshotsOfActivity(tenantId, activityId)), queryPrefix(daysOfScope(tenantId, { kind: 'activity', id: activityId }))])
  ).flat();
  await batchDelete(items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));
}
