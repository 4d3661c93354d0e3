/**
 * What the Campaigns routes answer: the stored campaign with its derived status
 * (shared/db/campaigns/campaign-view.ts), and the `mutation` receipt of a write.
 */
import { CAMPAIGN_FIELDS, type Campaign, type CampaignFields } from '../../shared/db/campaigns/index.ts';
import { getMembership } from '../../shared/db/tenancy/index.ts';
import { invalidInput, notFound } from '../../shared/http/problem.ts';

// The record as shown lives with the data layer, which the outbound events share (shared/webhooks).
export { campaignView } from '../../shared/db/campaigns/index.ts';

/** The campaign read by authorization (undefined while it is being deleted: gone). */
export function liveCampaign(campaign: Campaign | undefined): Campaign {
  if (!campaign) throw notFound('The campaign');
  return campaign;
}

export type Operation = 'create' | 'update' | 'delete' | 'duplicate';

export function receipt(operation: Operation, campaignId: string, changedFields: readonly string[]) {
  return { operation, campaignId, changedFields: [...changedFields], at: new Date().toISOString() };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `changes` whose value differs from `current`, in the record's field order. */
export function changedFields(
  current: Partial<CampaignFields>,
  changes: Partial<CampaignFields>,
): (keyof CampaignFields)[] {
  return CAMPAIGN_FIELDS.filter((field) => changes[field] !== undefined && !same(current[field], changes[field]));
}

/** Whether a user is an active member of the tenant (a campaign's owner must be). */
export async function isActiveMember(tenantId: string, userId: string): Promise<boolean> {
  const membership = await getMembership(tenantId, userId);
  return membership?.status === 'active';
}

export async function requireOwnerMember(tenantId: string, ownerUserId: string | null | undefined): Promise<void> {
  if (ownerUserId && !(await isActiveMember(tenantId, ownerUserId))) {
    throw invalidInput('ownerUserId is not a member of this organization.', [
      { path: 'ownerUserId', message: 'Must be an active member of the organization.' },
    ]);
  }
}
