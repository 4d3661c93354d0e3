/**
 * Removing what the snapshot writer kept of an activity (apart from the writer, which imports
 * activities.ts): its metric snapshots, its own day rollups and its sparkline buckets, once
 * `withdrawMetricDays` (metric-days.ts) has taken their increases off the tenant's, campaign's and
 * creators' days (and off the buckets: what is left of them holds zeros).
 */
import { DayRollups } from './day-rollups.ts';
import { batchDelete } from '../table/operations.ts';
import { queryItems } from '../table/query.ts';
import { Snapshots } from './snapshots.ts';
import { SparklineBuckets } from './sparkline-buckets.ts';

export async function deleteSnapshotsOf(tenantId: string, activityId: string): Promise<void> {
  const items = (
    await Promise.all([
      queryItems(Snapshots.query.ofActivity(tenantId, activityId), { attributes: ['pk', 'sk'] }),
      queryItems(DayRollups.query.ofScope(tenantId, { kind: 'activity', id: activityId }), {
        attributes: ['pk', 'sk'],
      }),
      queryItems(SparklineBuckets.query.ofActivity(tenantId, activityId), { attributes: ['pk', 'sk'] }),
    ])
  ).flat();
  await batchDelete(items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));
}
