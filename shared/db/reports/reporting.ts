/**
 * What reporting reads: the stored aggregate of one scope (the tenant's AGGREGATE item, or the
 * campaign, creator or activity item that keeps its own counters) with one GetItem (the tenant's with
 * its web analytics connection's status, one more), and its day
 * rollups with one Query (metrics/day-rollups.ts). Never a scan of activities or costs, so a report costs
 * the same at 100 activities as at 100,000.
 */
import * as z from 'zod/mini';
import { Connections } from '../analytics/analytics.ts';
import { contribution } from '../../domain/activity-metrics.ts';
import { standingOf } from '../catalogue/cost-rollups.ts';
import type { RollupScope } from '../metrics/day-rollups.ts';
import { Campaigns, campaignFromItem, type Campaign } from '../campaigns/campaigns.ts';
import { defineEntity, defineProjection, getRecord } from '../table/entity.ts';
import type { Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import { queryItems } from '../table/query.ts';

/** An item that keeps a scope's counters (the tenant's AGGREGATE, a campaign, creator or activity), read whole: reports name its counters by pattern. */
const Aggregates = defineEntity({
  name: 'The aggregate',
  schema: () => z.custom<Record<string, unknown>>(),
  key: (key: Key) => key,
});

/** The tenant's web analytics connection, as reports read it: its status only. */
const ConnectionStatuses = defineProjection(Connections, () => z.object({ status: z.string() }));

/**
 * The stored aggregate of a scope, undefined when it does not exist (or is being deleted). An
 * activity counts for itself what it adds to the others (`contribution`: coverage and the CPM/CPE
 * sums) and its last reading is its freshness, so one rule gives every scope's figures and evidence.
 */
export async function readAggregate(
  tenantId: string,
  scope: RollupScope,
): Promise<Record<string, unknown> | undefined> {
  if (scope.kind === 'tenant') {
    // The web analytics connection's status beside it (one more item): reports warn when it needs reconnecting.
    const [aggregate, connection] = await Promise.all([
      getRecord(Aggregates, keys.tenantAggregate(tenantId)),
      getRecord(ConnectionStatuses, ConnectionStatuses.key(tenantId), { attributes: ['status'] }),
    ]);
    return { ...aggregate, ...(typeof connection?.status === 'string' ? { analyticsStatus: connection.status } : {}) };
  }
  const key =
    scope.kind === 'activity'
      ? keys.activity(tenantId, scope.id)
      : scope.kind === 'campaign'
        ? keys.campaign(tenantId, scope.id)
        : keys.creator(tenantId, scope.id);
  const item = await getRecord(Aggregates, key);
  if (!item || item.deletingAt) return undefined;
  return scope.kind === 'activity' ? activityAggregate(item) : item;
}

/**
 * An activity item (or its compact entry) as its own aggregate: what it adds to the others
 * (`contribution`), counted once, its newest reading its freshness, as the others' is the newest of
 * the activities they count. The activity report and the report page's activity rows read this.
 */
export function activityAggregate(item: Record<string, unknown>): Record<string, unknown> {
  const newest = typeof item.lastFetchedAt === 'string' ? { newestSnapshotAt: item.lastFetchedAt } : {};
  return { ...item, ...contribution(standingOf(item)), activitiesCount: 1, ...newest };
}

/** A campaign record with the reporting counters its item keeps beside it (`contribution`'s). */
export type CampaignWithCounters = Campaign & Readonly<Record<string, unknown>>;

/**
 * The tenant's live campaigns with their stored aggregates: one query of the campaign items (a
 * tenant has few; none of their activities or costs is read). A key range (BETWEEN) rather than
 * begins_with: the same items and cost in DynamoDB, and DynamoDB Local answers a range in a
 * partition of 100,000 items as fast as in one of 100, which it does not for begins_with.
 */
export async function readCampaigns(tenantId: string): Promise<CampaignWithCounters[]> {
  const items = await queryItems(Campaigns.query.ofTenant(tenantId));
  return items.flatMap((item) => campaignFromItem(item) ?? []);
}
