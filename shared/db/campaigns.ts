/**
 * Campaigns: a planning brief with dates and budget that groups activities. The campaign item keeps
 * its stored aggregate (activitiesCount, costsCount, spend per currency, and its activities'
 * impressions and engagement), moved by the links of activities (shared/db/campaign-links.ts), by
 * cost writes (shared/db/costs.ts) and by activity metric changes in the same transactions. Status is never stored: it is derived from the dates at read time.
 *
 * A campaign being deleted carries `deletingAt` from the first step of its delete: it takes no new
 * links and reads as gone, while the delete unlinks its activities and removes what hangs off it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '../domain/errors.ts';
import { emptyAggregate, tenantAggregateUpdate } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { isConditionFailure, queryPrefix, recordOf, transactWrite } from './operations.ts';
import { pointerPut } from './records.ts';

export const CAMPAIGN_COUNTERS = ['activitiesCount', 'costsCount', 'impressions', 'engagement'] as const;

/** The condition that a campaign exists and is not being deleted (writes that add to it). */
export const LIVE_CAMPAIGN = 'attribute_exists(pk) AND attribute_not_exists(deletingAt)';

/** The planning brief (Form A): what duplicate copies. */
export const BRIEF_FIELDS = ['summary', 'objective', 'audience', 'keyMessage', 'desiredOutcomes', 'channels', 'ownerUserId', 'tags'] as const;

export interface CampaignFields {
  name: string;
  startAt: string | null;
  endAt: string | null;
  budget: number | null;
  summary: string | null;
  objective: string | null;
  audience: string | null;
  keyMessage: string | null;
  desiredOutcomes: string | null;
  channels: string[];
  ownerUserId: string | null;
  tags: string[];
}

export type CampaignField = keyof CampaignFields;
export const CAMPAIGN_FIELDS: readonly CampaignField[] = ['name', 'startAt', 'endAt', 'budget', ...BRIEF_FIELDS];

export interface Campaign extends CampaignFields {
  id: string;
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  organizationId: string;
  workspaceId: string;
  activitiesCount: number;
  costsCount: number;
  /** The metrics of its activities (manual counts over fetched ones). */
  impressions: number;
  engagement: number;
  /** Recorded spend per currency, in major units. */
  spend: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export type NewCampaign = Pick<CampaignFields, 'name'> & Partial<CampaignFields>;
export type CampaignChanges = Partial<CampaignFields>;

/** The record of a stored campaign item, or undefined for one being deleted. */
export function campaignFromItem(item: Record<string, unknown>): Campaign | undefined {
  if (item.deletingAt) return undefined;
  const { deletingAt: _deleting, ...record } = recordOf<Campaign & { deletingAt?: string }>(item);
  // Campaigns stored before metrics were counted have no metric attributes yet (ADD creates them).
  return { ...record, impressions: Number(record.impressions ?? 0), engagement: Number(record.engagement ?? 0) };
}

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

/** Creates a campaign with its pointer and the tenant's campaign count, in one transaction. */
export async function createCampaign(tenantId: string, input: NewCampaign): Promise<Campaign> {
  const now = new Date().toISOString();
  const campaign: Campaign = {
    id: randomUUID(),
    organizationId: tenantId,
    workspaceId: tenantId,
    ...campaignFields(input),
    ...(emptyAggregate(CAMPAIGN_COUNTERS) as Pick<Campaign, (typeof CAMPAIGN_COUNTERS)[number] | 'spend'>),
    createdAt: now,
    updatedAt: now,
  };
  const key = keys.campaign(tenantId, campaign.id);
  await transactWrite([
    { Put: { TableName: tableName(), Item: { ...key, ...campaign }, ConditionExpression: 'attribute_not_exists(pk)' } },
    pointerPut('campaign', campaign.id, tenantId, key),
    tenantAggregateUpdate(tenantId, { counts: { campaignsCount: 1 } })!,
  ], [
    [2, () => notFound('The organization')],
  ]);
  return campaign;
}

export async function getCampaign(tenantId: string, campaignId: string, { consistent = false } = {}): Promise<Campaign | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.campaign(tenantId, campaignId), ConsistentRead: consistent }),
  );
  return out.Item ? campaignFromItem(out.Item) : undefined;
}

/** Every live campaign of a tenant. */
export async function campaignsOfTenant(tenantId: string): Promise<Campaign[]> {
  const items = await queryPrefix(keys.campaignsOfTenant(tenantId));
  return items.flatMap((item) => campaignFromItem(item) ?? []);
}

/** Sets the fields given; 404 when the campaign is gone or being deleted. Returns the whole record. */
export async function updateCampaign(tenantId: string, campaignId: string, changes: CampaignChanges): Promise<Campaign> {
  const sets = { ...changes, updatedAt: new Date().toISOString() };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(sets).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaign(tenantId, campaignId),
        UpdateExpression: `SET ${parts.join(', ')}`,
        ConditionExpression: LIVE_CAMPAIGN,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return campaignFromItem(out.Attributes!)!;
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('The campaign');
    throw error;
  }
}
