/**
 * Campaigns: a planning brief with dates and budget that groups activities. The campaign item keeps
 * its stored aggregate (activitiesCount, costsCount, spend per currency, and its activities'
 * impressions and engagement), moved by the links of activities (shared/db/campaigns/campaign-links.ts), by
 * cost writes (shared/db/catalogue/costs.ts) and by activity metric changes in the same transactions. Status is derived from the dates at read time; the
 * item also keeps the status it last announced (announced-status.ts), which only the outbound events read.
 *
 * A campaign being deleted carries `deletingAt` from the first step of its delete: it takes no new
 * links and reads as gone, while the delete unlinks its activities and removes what hangs off it.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { notFound } from '../../domain/errors.ts';
import { tenantAggregateUpdate } from '../table/aggregates.ts';
import { conditionHeld, defineEntity, getRecord, updateRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import { absent, all, asRead, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';
import { getTenant } from '../tenancy/tenants.ts';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../../domain/campaign-status.ts';
import { announcement, type Dates } from './announced-status.ts';
import { type CampaignFields, CampaignSchema } from '../../records/campaign.ts';
import { timeZoneOf } from '../../records/tenant.ts';
export { BRIEF_FIELDS, type CampaignFields, CAMPAIGN_FIELDS } from '../../records/campaign.ts';

/** The condition that a campaign exists and is not being deleted (writes that add to it). */
export const liveCampaign = all(has('pk'), lacks('deletingAt'));

/**
 * The campaign item. It also keeps reporting's contribution counters (shared/domain/activity-metrics.ts
 * `contribution`), read through `campaignFromItem` and no part of the record shown.
 */
export const Campaigns = defineEntity({
  name: 'The campaign',
  schema: () =>
    z.object({
      ...CampaignSchema.shape,
      /** Set by the first step of its delete: the campaign reads as gone from then on. */
      deletingAt: z.optional(z.string()),
      /** The status last announced (announced-status.ts); absent on items stored before it existed. Never shown. */
      announcedStatus: z.optional(z.enum(CAMPAIGN_STATUSES)),
    }),
  key: keys.campaign,
  counters: ['activitiesCount', 'costsCount', 'impressions', 'engagement'],
  queries: {
    /** Every campaign of the tenant (those being deleted included), with its counters. */
    ofTenant: collections.campaignsOfTenant,
    /** The status sweep's due entries (gsi4, keys only) before `bound`, oldest first. */
    statusDueBefore: collections.campaignStatusDueBefore,
  },
});

type StoredCampaign = z.infer<typeof Campaigns.schema>;
export type Campaign = Omit<StoredCampaign, 'deletingAt' | 'announcedStatus'>;

export type NewCampaign = Pick<CampaignFields, 'name'> & Partial<CampaignFields>;
export type CampaignChanges = Partial<CampaignFields>;

/** The record of a stored campaign, or undefined for one being deleted. */
function live(stored: StoredCampaign): Campaign | undefined {
  if (stored.deletingAt) return undefined;
  const { deletingAt: _deleting, announcedStatus: _announced, ...record } = stored;
  // Campaigns stored before metrics were counted have no metric attributes yet (ADD creates them).
  return { ...record, impressions: Number(record.impressions ?? 0), engagement: Number(record.engagement ?? 0) };
}

/** The record of a stored campaign item, or undefined for one being deleted. */
export const campaignFromItem = (item: Record<string, unknown>): Campaign | undefined => live(Campaigns.fromItem(item));

/** Every field of a new campaign, the omitted ones empty. */
export function campaignFields(input: NewCampaign): CampaignFields {
  return {
    name: input.name,
    startAt: input.startAt ?? null,
    endAt: input.endAt ?? null,
    budget: input.budget ?? null,
    summary: input.summary ?? null,
    objective: input.objective ?? null,
    audience: input.audience ?? null,
    keyMessage: input.keyMessage ?? null,
    desiredOutcomes: input.desiredOutcomes ?? null,
    channels: input.channels ?? [],
    ownerUserId: input.ownerUserId ?? null,
    tags: input.tags ?? [],
  };
}

/** The tenant's timezone, for the writers not given it (the routes give the one they read). */
const timeZoneOfTenant = async (tenantId: string) => timeZoneOf(await getTenant(tenantId));

/**
 * Creates a campaign with its pointer and the tenant's campaign count, in one transaction; it
 * starts with its status announced (in `timeZone`, the tenant's, read when not given).
 */
export async function createCampaign(tenantId: string, input: NewCampaign, timeZone?: string): Promise<Campaign> {
  const zone = timeZone ?? (await timeZoneOfTenant(tenantId));
  const now = new Date().toISOString();
  const campaign: Campaign = {
    id: randomUUID(),
    organizationId: tenantId,
    workspaceId: tenantId,
    ...campaignFields(input),
    ...Campaigns.emptyCounters(),
    createdAt: now,
    updatedAt: now,
  };
  const key = Campaigns.key(tenantId, campaign.id);
  await transact([
    Campaigns.tx.put(
      key,
      campaign,
      { condition: absent },
      announcement(tenantId, campaign.id, campaign, zone, new Date(now)).set,
    ),
    pointerPut('campaign', campaign.id, tenantId, key),
    {
      ...tenantAggregateUpdate(tenantId, { counts: { campaignsCount: 1 } })!,
      failure: () => notFound('The organization'),
    },
  ]);
  return campaign;
}

export async function getCampaign(
  tenantId: string,
  campaignId: string,
  { consistent = false } = {},
): Promise<Campaign | undefined> {
  const stored = await getRecord(Campaigns, Campaigns.key(tenantId, campaignId), { consistent });
  return stored && live(stored);
}

/** Every live campaign of a tenant. */
export async function campaignsOfTenant(tenantId: string): Promise<Campaign[]> {
  const stored = await queryRecords(Campaigns.query.ofTenant(tenantId));
  return stored.flatMap((campaign) => live(campaign) ?? []);
}

/**
 * Sets the fields given; 404 when the campaign is gone or being deleted. Returns the whole record.
 * A change of its dates then announces the status they give (`timeZone`: the tenant's, read when
 * not given).
 */
export async function updateCampaign(
  tenantId: string,
  campaignId: string,
  changes: CampaignChanges,
  timeZone?: string,
): Promise<Campaign> {
  const set = { ...changes, updatedAt: new Date().toISOString() };
  const updated = live(
    await updateRecord(Campaigns, Campaigns.key(tenantId, campaignId), { set }, { condition: liveCampaign }),
  )!;
  if (changes.startAt !== undefined || changes.endAt !== undefined)
    await announceStatus(tenantId, updated, timeZone ?? (await timeZoneOfTenant(tenantId)));
  return updated;
}

/**
 * Announces the status the campaign's dates give now in `timeZone` and makes it due when time will
 * move it, on the condition that its dates are still those (a concurrent date edit announces its
 * own) and it is live. Answers the status announced, or undefined when that condition failed.
 */
export async function announceStatus(
  tenantId: string,
  campaign: Pick<Campaign, 'id'> & Dates,
  timeZone: string,
  now = new Date(),
): Promise<CampaignStatus | undefined> {
  const changes = announcement(tenantId, campaign.id, campaign, timeZone, now);
  const condition = all(liveCampaign, asRead('startAt', campaign.startAt), asRead('endAt', campaign.endAt));
  const held = await conditionHeld((failure) =>
    updateRecord(Campaigns, Campaigns.key(tenantId, campaign.id), changes, { condition, failure }),
  );
  return held ? changes.set.announcedStatus : undefined;
}
