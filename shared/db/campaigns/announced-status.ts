/**
 * The campaign status last announced (docs/webhooks.md: `campaign.status_changed`). Status is derived from
 * the dates in the tenant's timezone (shared/domain/campaign-status.ts), so it moves both when the
 * dates are edited and when time passes. The campaign item keeps the status it last announced
 * (`announcedStatus`, never part of the record shown) and, while time alone will move it, an entry
 * in the sweep's due index at the instant it will (campaignStatusKeys). Whatever moves the status
 * rewrites that one field: a date edit (campaigns.ts `announceStatus`), or the hourly sweep
 * (status-sweep.ts) once the instant has passed; the table's stream shows that field's change, and
 * that change alone is the event (shared/webhooks/sources/campaign.ts).
 */
import { campaignStatus, nextStatusChangeAt, type CampaignStatus } from '../../domain/campaign-status.ts';
import { campaignStatusKeys } from '../table/keys.ts';

export interface Dates {
  startAt: string | null;
  endAt: string | null;
}

/** The attributes that announce a campaign's status now: the status, and its due entry (or none, removed). */
export function announcement(tenantId: string, campaignId: string, dates: Dates, timeZone: string, now: Date) {
  const announcedStatus: CampaignStatus = campaignStatus(dates, timeZone, now);
  const next = nextStatusChangeAt(dates, timeZone, now);
  return {
    set: { announcedStatus, ...(next ? campaignStatusKeys.due(tenantId, campaignId, next.toISOString()) : {}) },
    remove: next ? [] : (['gsi4pk', 'gsi4sk'] as const),
  };
}
