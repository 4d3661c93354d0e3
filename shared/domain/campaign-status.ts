/**
 * A campaign's status is derived from its dates at read time (docs/decisions.md "Campaigns"), by
 * calendar day in the tenant's timezone: `draft` without a start; `scheduled` while the start day is
 * still ahead; `completed` once the end day is past; otherwise `active` (the start and end days
 * themselves are active days).
 */
import { dayEnd, dayStart, localDate } from './dates.ts';

export const CAMPAIGN_STATUSES = ['active', 'scheduled', 'completed', 'draft'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export function campaignStatus(
  dates: { startAt: string | null; endAt: string | null },
  timeZone: string,
  now: Date = new Date(),
): CampaignStatus {
  if (!dates.startAt) return 'draft';
  const today = localDate(now, timeZone);
  if (localDate(dates.startAt, timeZone) > today) return 'scheduled';
  if (dates.endAt && localDate(dates.endAt, timeZone) < today) return 'completed';
  return 'active';
}

/** Counts per status, every status present (a facet the client can render without gaps). */
export function statusCounts(statuses: Iterable<CampaignStatus>): Record<CampaignStatus, number> {
  const counts = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, 0])) as Record<CampaignStatus, number>;
  for (const status of statuses) counts[status]++;
  return counts;
}

/**
 * The first instant after `now` at which the derived status will be another (by the calendar in
 * `timeZone`): a scheduled campaign's start day beginning, an active one's end day over; null when
 * time alone never changes it (draft, completed, active without an end). What makes a campaign due
 * for the status sweep (shared/db/campaigns/status-announcements.ts).
 */
export function nextStatusChangeAt(
  dates: { startAt: string | null; endAt: string | null },
  timeZone: string,
  now: Date = new Date(),
): Date | null {
  const status = campaignStatus(dates, timeZone, now);
  if (status === 'scheduled') return dayStart(localDate(dates.startAt!, timeZone), timeZone);
  if (status === 'active' && dates.endAt) return dayEnd(localDate(dates.endAt, timeZone), timeZone);
  return null;
}
