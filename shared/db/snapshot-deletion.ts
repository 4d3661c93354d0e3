/** Removing an activity's metric snapshots (apart from the writer, which imports activities.ts). */
import { keys } from './keys.ts';
import { batchDelete, queryPrefix } from './operations.ts';

export async function deleteSnapshotsOf(tenantId: string, activityId: string): Promise<void> {
  const snapshots = await queryPrefix(keys.snapshotsOfActivity(tenantId, activityId));
  await batchDelete(snapshots.map((s) => ({ pk: String(s.pk), sk: String(s.sk) })));
}
