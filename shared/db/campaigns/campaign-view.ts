/**
 * The campaign as the API shows it (the Campaigns routes, and the outbound events that carry it):
 * the stored record with its derived status. Status needs the tenant's timezone.
 */
import { campaignStatus } from '../../domain/campaign-status.ts';
import { roundSpend } from '../../domain/currencies.ts';
import { withoutReportingCounters } from '../table/aggregates.ts';
import type { Tenant } from '../tenancy/tenants.ts';
import type { Campaign } from './campaigns.ts';
import { timeZoneOf } from '../../records/tenant.ts';

export function campaignView(campaign: Campaign, tenant: Pick<Tenant, 'ianaTimezone'>, now = new Date()) {
  // The counters kept on the item for reporting (which reads them through campaignFromItem) are no part of the record.
  return {
    ...(withoutReportingCounters({ ...campaign }) as Campaign),
    spend: roundSpend(campaign.spend),
    status: campaignStatus(campaign, timeZoneOf(tenant), now),
  };
}
