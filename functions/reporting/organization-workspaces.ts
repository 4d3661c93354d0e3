/**
 * GET /v1/reporting/organization/workspaces — an organization's and its workspaces' figures side by
 * side, the agency view (docs/decisions.md "Agency view"): one row per tenant the caller can read
 * among the organization itself and the workspaces that name it as their organization (an active
 * membership of each; others are neither shown nor counted), each with that tenant's organization
 * metrics in its own currency, its active campaigns, freshness and warnings, and its total costs
 * converted into the organization's currency at the ECB's last publication. `totals` cover every row
 * (at most 200), not only the page, in the organization's currency: CPM, CPE and CPA divide the rows'
 * converted bases, summed (`_meta.provenance.basis`). A row whose currency has no rate stays out of
 * them, named in `_meta.warnings`. Rows by name, then id.
 */
import * as z from 'zod/mini';
import { rateTable } from '../../shared/db/rates/index.ts';
import { pageOf } from '../../shared/db/table/index.ts';
import { readableFamily } from '../../shared/db/tenancy/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { agencyView, MAX_AGENCY_ROWS, type TenantReport } from '../../shared/domain/reporting/agency.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { AgencyViewRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { tenantReport } from './scope.ts';

/** How many tenants' reports are read at once. */
const READS_AT_ONCE = 10;

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/organization/workspaces'),
  output: okReply(AgencyViewRecord),
  input: z.strictObject({ organizationId: Uuid, ...paging }),
  run: async ({ input: { pageIndex, pageSize }, tenant, caller }) => {
    const now = new Date();
    const [family, quotes] = await Promise.all([readableFamily(caller.userId, tenant.details), rateTable().latest()]);
    const read = family.slice(0, MAX_AGENCY_ROWS);
    const view = agencyView(tenant.details.currency, await reportsOf(read, now), quotes, family.length - read.length);
    const { items, totalCount } = pageOf(view.rows, { pageIndex, pageSize });
    return { ...ok({ currency: view.currency, totals: view.totals, items, totalCount }), meta: view.evidence };
  },
});

/** Each tenant's report, in order, READS_AT_ONCE tenants at a time. */
async function reportsOf(tenants: readonly Tenant[], now: Date): Promise<TenantReport[]> {
  const reports: TenantReport[] = [];
  for (let i = 0; i < tenants.length; i += READS_AT_ONCE) {
    reports.push(...(await Promise.all(tenants.slice(i, i + READS_AT_ONCE).map((t) => tenantReport(t, now)))));
  }
  return reports;
}
