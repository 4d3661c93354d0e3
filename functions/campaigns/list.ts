/**
 * GET /v1/campaigns — the organization's campaigns filtered, sorted (newest first by default) and
 * paged in memory; facets count the derived statuses among those matching every other filter
 * (statuses with no campaign left out). It reads every campaign of the tenant on purpose: a status
 * is derived from the dates and today's date, so no counter kept on write can hold the facet, and
 * a tenant has few campaigns (the activities, costs and creators are the lists that grow).
 */
import { pageOf, sortRecords } from '../../shared/db/table/index.ts';
import { statusCounts } from '../../shared/domain/campaign-status.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { list } from '../../shared/http/result.ts';
import { filterCampaigns, type CampaignView } from './filters.ts';
import { CampaignRecord } from '../../shared/schemas/records/campaign.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { query } from './list-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({ input, tenant: scope }: ListWork<Output<typeof query>>) => {
  const tenant = scope.details;
  const { candidates, matching } = await filterCampaigns(tenant, input);
  const sortBy = input.sortBy ?? 'createdAt';
  // Spend sorts by the amount in the organization's currency (other currencies are not comparable).
  const column = (c: CampaignView) => (sortBy === 'spend' ? (c.spend[tenant.currency] ?? 0) : c[sortBy]);
  const sorted = sortRecords(matching, column, input.sortDirection ?? (input.sortBy ? 'asc' : 'desc'));
  // Facets name the statuses present (docs/decisions.md's example: `{status: {active: 3, draft: 1}}`).
  const status = Object.fromEntries(
    Object.entries(statusCounts(candidates.map((c) => c.status))).filter(([, n]) => n > 0),
  );
  return list(pageOf(sorted, input), { status });
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/campaigns'),
  output: listReply(CampaignRecord),
  input: query,
  run: read,
});
