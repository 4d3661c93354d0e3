/**
 * Removing what the snapshot writer kept of an activity (apart from the writer, which imports
 * activities.ts): its metric snapshots, its own day rollups and its sparkline buckets, once
 * `withdrawMetricDays` (metric-days.ts) has taken their increases off the tenant's, campaign's and
 * creators' days (and off the buckets: what is left of them holds zeros).
 */
import { daysOfScope } from './day-rollups.ts';
import { keys } from '../table/keys.ts';
import { batchDelete, queryPrefix } from '../table/operations.ts';

export async function deleteSnapshotsOf(tenantId: string, activityId: string): Promise<void> {
  const items = (
    await Promise.all([
      queryPrefix(keys.snapshotsOfActivity(tenantId, activityId)),
      queryPrefix(daysOfScope(tenantId, { kind: 'activity', id: activityId })),
      queryPrefix(keys.sparklineBucketsOfActivity(tenantId, activityId)),
    ])
  ).flat();
  await batchDelete(items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));
}
