/**
 * The campaign status sweep (hourly, functions/jobs/sweep-campaign-status.ts): announces the status
 * of the campaigns whose derived status time has moved (announced-status.ts). It reads only the
 * entries of the due index up to now (one Query of a sparse, keys-only partition, never a scan),
 * then those campaigns and their tenants, and announces each again: its new status and the next
 * instant it will move (or no entry). A campaign whose dates changed meanwhile was announced by
 * that edit and is left alone; one being deleted is left to its delete.
 */
import * as keys from '../table/item-keys.ts';
import { batchGet } from '../table/operations.ts';
import { queryItems, queryItemsUpTo } from '../table/query.ts';
import { getTenant } from '../tenancy/tenants.ts';
import { announceStatus, campaignFromItem, Campaigns } from './campaigns.ts';
import { timeZoneOf } from '../../records/tenant.ts';

export interface DueCampaign {
  tenantId: string;
  campaignId: string;
}

/** The campaigns due at or before `now`, oldest first, at most `limit` (the rest is the next run's). */
export async function dueCampaigns(now: Date, limit = 1000): Promise<DueCampaign[]> {
  // `<iso>#...` sorts after `<iso>` and before `<iso>$`: everything due up to and including now.
  const items = await queryItemsUpTo(Campaigns.query.statusDueBefore(`${now.toISOString()}$`), limit);
  return items.map((item) => {
    const [, tenantId, campaignId] = String(item.gsi4sk).split('#');
    return { tenantId: tenantId!, campaignId: campaignId! };
  });
}

export interface SweepCounts {
  /** Due entries read. */
  due: number;
  /** Campaigns whose announced status moved. */
  announced: number;
}

/** One run of the sweep at `now`. */
export async function sweepCampaignStatuses(now = new Date(), limit?: number): Promise<SweepCounts> {
  const due = await dueCampaigns(now, limit);
  const byTenant = new Map<string, string[]>();
  for (const { tenantId, campaignId } of due) byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), campaignId]);
  let announced = 0;
  for (const [tenantId, campaignIds] of byTenant) {
    const [tenant, items] = await Promise.all([
      getTenant(tenantId),
      batchGet(campaignIds.map((id) => keys.campaign(tenantId, id))),
    ]);
    // A tenant gone takes its campaigns (and their entries) with it.
    if (!tenant) continue;
    const timeZone = timeZoneOf(tenant);
    announced += await announceAgain(tenantId, items, timeZone, now);
  }
  return { due: due.length, announced };
}

/**
 * Announces every live campaign of a tenant again in `timeZone`: after a change of the tenant's
 * timezone, which moves the calendar days its statuses and due instants are counted in. A tenant
 * has few campaigns (one query, as the campaign list reads them). Answers how many moved.
 */
export async function announceStatusesOf(tenantId: string, timeZone: string, now = new Date()): Promise<number> {
  return announceAgain(tenantId, await queryItems(Campaigns.query.ofTenant(tenantId)), timeZone, now);
}

/** Announces each live campaign of these items; how many announced another status than they had. */
async function announceAgain(
  tenantId: string,
  items: readonly Record<string, unknown>[],
  timeZone: string,
  now: Date,
): Promise<number> {
  let announced = 0;
  for (const item of items) {
    const campaign = campaignFromItem(item);
    const status = campaign && (await announceStatus(tenantId, campaign, timeZone, now));
    if (status !== undefined && status !== item.announcedStatus) announced++;
  }
  return announced;
}
