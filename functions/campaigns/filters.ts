/**
 * The filters GET /v1/campaigns and GET /v1/campaigns/stats share: search over the name, planning
 * texts and tags; campaigns with an activity linked to a creator; derived status (by the tenant's
 * timezone, evaluated once per request).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { campaignIdsOfCreator, campaignsOfTenant, type Campaign } from '../../shared/db/campaigns/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { CAMPAIGN_STATUSES } from '../../shared/domain/campaign-status.ts';
import { SearchTerm, Uuid } from '../../shared/schemas/common.ts';
import { campaignView } from './views.ts';

export const filterFields = /* @__PURE__ */ lazySchema(() => ({
  organizationId: Uuid,
  searchTerm: z.optional(SearchTerm),
  status: z.optional(z.enum(CAMPAIGN_STATUSES)),
  creatorId: z.optional(Uuid),
}));

export interface CampaignFilters {
  searchTerm?: string;
  status?: (typeof CAMPAIGN_STATUSES)[number];
  creatorId?: string;
}

export type CampaignView = ReturnType<typeof campaignView>;

const searchable = (c: Campaign) => [
  c.name,
  c.summary,
  c.objective,
  c.audience,
  c.keyMessage,
  c.desiredOutcomes,
  ...c.tags,
];

/** `candidates`: matching every filter but status (for the status facet); `matching`: all filters. */
export async function filterCampaigns(
  tenant: Tenant,
  filters: CampaignFilters,
): Promise<{ candidates: CampaignView[]; matching: CampaignView[] }> {
  const [all, ofCreator] = await Promise.all([
    campaignsOfTenant(tenant.id),
    filters.creatorId ? campaignIdsOfCreator(tenant.id, filters.creatorId) : undefined,
  ]);
  const term = filters.searchTerm?.trim().toLowerCase();
  const now = new Date();
  const candidates = all
    .filter((c) => !ofCreator || ofCreator.has(c.id))
    .filter((c) => !term || searchable(c).some((field) => field?.toLowerCase().includes(term)))
    .map((c) => campaignView(c, tenant, now));
  const matching = filters.status ? candidates.filter((c) => c.status === filters.status) : candidates;
  return { candidates, matching };
}
