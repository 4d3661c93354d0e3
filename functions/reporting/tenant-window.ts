/**
 * What the tenant-wide campaign reports (portfolio, brief, recommendations) read: the tenant's
 * campaigns with their aggregates, the tenant's aggregate and its day rollups over the window — three
 * requests whatever the number of activities and costs.
 */
import { readDays } from '../../shared/db/metrics/index.ts';
import { readAggregate, readCampaigns } from '../../shared/db/reports/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import type { ReportContext } from '../../shared/domain/reporting/campaigns.ts';
import { lastDays } from '../../shared/domain/reporting/days.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export async function tenantWindow(tenant: Tenant, daysBack: number, now = new Date()) {
  const ctx: ReportContext = { currency: tenant.currency, timeZone: timeZoneOf(tenant), now };
  const dates = lastDays(daysBack, ctx.timeZone, now);
  const [campaigns, aggregate, days] = await Promise.all([
    readCampaigns(tenant.id),
    readAggregate(tenant.id, { kind: 'tenant' }),
    readDays(tenant.id, { kind: 'tenant' }, dates[0]!, dates.at(-1)!),
  ]);
  return { ctx, campaigns, aggregate: aggregate ?? {}, days };
}
