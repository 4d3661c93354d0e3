/**
 * What a campaign write would produce, shared by the writes and their preview: the fields of a
 * duplicate, and the warnings worth showing before a write (end before start, budget below the
 * recorded spend, an owner who is not a member, activities a delete would unlink).
 */
import { BRIEF_FIELDS, campaignFields, type Campaign, type CampaignFields } from '../../shared/db/campaigns/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { formatMoney } from '../../shared/domain/words/index.ts';

const MAX_NAME = 255;

/** The fields of a duplicate of `source`: brief and budget copied, name and dates as given. */
export function duplicateFields(
  source: Campaign,
  input: { name?: string; startAt?: string | null; endAt?: string | null },
  ownerStays: boolean,
): CampaignFields {
  const brief = Object.fromEntries(BRIEF_FIELDS.map((field) => [field, source[field]])) as Pick<
    CampaignFields,
    (typeof BRIEF_FIELDS)[number]
  >;
  return campaignFields({
    ...brief,
    ownerUserId: ownerStays ? source.ownerUserId : null,
    budget: source.budget,
    name: input.name ?? `${source.name} (copy)`.slice(0, MAX_NAME),
    startAt: input.startAt ?? null,
    endAt: input.endAt ?? null,
  });
}

export interface WarningFacts {
  fields: CampaignFields;
  /** Spend recorded on the campaign (none for a new one or a duplicate). */
  spend: Record<string, number>;
  tenant: Tenant;
  ownerIsMember: boolean;
}

export function warningsFor({ fields, spend, tenant, ownerIsMember }: WarningFacts): string[] {
  const warnings: string[] = [];
  if (fields.startAt && fields.endAt && fields.endAt < fields.startAt) warnings.push('endAt is before startAt.');
  const spent = spend[tenant.currency] ?? 0;
  if (fields.budget !== null && spent > fields.budget) {
    warnings.push(
      `The budget (${formatMoney(fields.budget, tenant.currency)}) is below the recorded spend (${formatMoney(spent, tenant.currency)}).`,
    );
  }
  if (fields.ownerUserId && !ownerIsMember) warnings.push('ownerUserId is not an active member of this organization.');
  return warnings;
}
