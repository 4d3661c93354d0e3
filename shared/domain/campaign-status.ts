/**
 * A campaign's status is derived from its dates at read time (DECISIONS.md "Campaigns"), by
 * calendar day in the tenant's timezone: `draft` without a start; `scheduled` while the start day is
 * still ahead; `completed` once the end day is past; otherwise `active` (the start and end days
 * themselves are active days).
 */
import { localDate } from './dates.ts';

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
