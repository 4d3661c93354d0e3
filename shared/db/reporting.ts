/**
 * What reporting reads: the stored aggregate of one scope (the tenant's AGGREGATE item, or the
 * campaign, creator or activity item that keeps its own counters) with one GetItem, and its day
 * rollups with one Query (day-rollups.ts). Never a scan of activities or costs, so a report costs
 * the same at 100 activities as at 100,000.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { contribution } from '../domain/activity-metrics.ts';
import { documentClient, tableName } from './client.ts';
import { standingOf } from './cost-rollups.ts';
import type { RollupScope } from './day-rollups.ts';
import { keys } from './keys.ts';

export { readDays } from './day-rollups.ts';

async function getItem(key: { pk: string; sk: string }) {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
}

/**
 * The stored aggregate of a scope, undefined when it does not exist (or is being deleted). An
 * activity counts for itself what it adds to the others (`contribution`: coverage and the CPM/CPE
 * sums), so one rule gives every scope's figures.
 */
export async function readAggregate(tenantId: string, scope: RollupScope): Promise<Record<string, unknown> | undefined> {
  if (scope.kind === 'tenant') return (await getItem(keys.tenantAggregate(tenantId))) ?? {};
  const item = await getItem(keys[scope.kind](tenantId, scope.id));
  if (!item || item.deletingAt) return undefined;
  return scope.kind === 'activity' ? { ...item, ...contribution(standingOf(item)), activitiesCount: 1 } : item;
}

/**
 * The tenant's live campaigns with their stored aggregates (one query of the campaign items: a
 * tenant has few, and none of their activities or costs is read).
 */
export { campaignsOfTenant as readCampaigns } from './campaigns.ts';
