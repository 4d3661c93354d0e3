/**
 * Campaign events, both read from the campaign item:
 * - `campaign.status_changed`: the status last announced (`announcedStatus`, campaign-status.ts in
 *   shared/db/campaigns) moved. It is written by the date edits that move the derived status and by
 *   the hourly sweep when time moves it, so this one field is the single source of both; an item
 *   that never announced one (stored before it existed) announces its first silently.
 * - `campaign.budget_exceeded`: its spend in the organization's currency (the currency its budget is
 *   in, as the reports compare them) goes from within the budget to above it, rounded to the
 *   currency's minor unit as the reports round. Once per crossing: a later cost while above causes
 *   nothing, until spend falls back within the budget (or the budget is raised) and crosses again.
 *   A budget lowered below the spend is such a crossing too.
 * The campaign is shown as the Campaigns routes show it, with its status at the change.
 */
import { roundMoney } from '../../domain/currencies.ts';
import { campaignFromItem, campaignView } from '../../db/campaigns/index.ts';
import { isEntity } from '../../db/table/index.ts';
import { getTenant, type Tenant } from '../../db/tenancy/index.ts';
import type { StreamChange } from '../../domain/webhook-events.ts';
import { tenantIdOf, type Image, type Occurrence, type Source } from './source.ts';

const announced = (item: Image | undefined) =>
  typeof item?.announcedStatus === 'string' ? item.announcedStatus : undefined;

/** Spend in `currency`, rounded to its minor unit (major units, as stored per currency). */
const spendIn = (item: Image, currency: string) =>
  roundMoney(Number((item.spend as Record<string, unknown> | undefined)?.[currency] ?? 0), currency);

function overBudget(item: Image, currency: string): boolean {
  return typeof item.budget === 'number' && spendIn(item, currency) > roundMoney(item.budget, currency);
}

/** Whether the change could take spend above budget at all (no read of the tenant otherwise). */
const mayCross = (oldImage: Image, newImage: Image) =>
  typeof newImage.budget === 'number' &&
  (JSON.stringify(oldImage.spend) !== JSON.stringify(newImage.spend) || oldImage.budget !== newImage.budget);

async function occurrences({ oldImage, newImage, createdAt }: StreamChange): Promise<Occurrence[]> {
  // A campaign being deleted reads as gone: nothing to announce about it.
  const campaign = newImage && campaignFromItem(newImage);
  if (!oldImage || !newImage || !campaign) return [];
  const previousStatus = announced(oldImage);
  const status = announced(newImage);
  const statusMoved = previousStatus !== undefined && status !== undefined && previousStatus !== status;
  if (!statusMoved && !mayCross(oldImage, newImage)) return [];
  const tenantId = tenantIdOf(newImage);
  const tenant: Tenant | undefined = await getTenant(tenantId);
  if (!tenant) return [];
  const view = campaignView(campaign, tenant, new Date(createdAt));
  const occurrences: Occurrence[] = [];
  if (statusMoved)
    occurrences.push({ type: 'campaign.status_changed', tenantId, data: { ...view, status, previousStatus } });
  const { currency } = tenant;
  if (!overBudget(oldImage, currency) && overBudget(newImage, currency)) {
    occurrences.push({
      type: 'campaign.budget_exceeded',
      tenantId,
      data: {
        ...view,
        currency,
        spendInCurrency: spendIn(newImage, currency),
        previousSpendInCurrency: spendIn(oldImage, currency),
      },
    });
  }
  return occurrences;
}

export const campaignSource: Source = { reads: (item) => isEntity(item, 'campaign'), occurrences };
