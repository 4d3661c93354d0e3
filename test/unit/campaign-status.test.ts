/** The derived campaign status at its date boundaries, by calendar day in the tenant's timezone. */
import { describe, expect, it } from 'vitest';
import { campaignStatus, statusCounts } from '../../shared/domain/campaign-status.ts';

// 03:00 UTC on 10 March is still 9 March (23:00) in New York.
const NOW = new Date('2026-03-10T03:00:00Z');
const status = (startAt: string | null, endAt: string | null, timeZone = 'UTC') =>
  campaignStatus({ startAt, endAt }, timeZone, NOW);

describe('campaignStatus', () => {
  it('is draft without a start, whatever the end', () => {
    expect(status(null, null)).toBe('draft');
    expect(status(null, '2020-01-01T00:00:00Z')).toBe('draft');
  });

  it('is scheduled while the start day is ahead, active from the start day itself', () => {
    expect(status('2026-03-11T00:00:00Z', null)).toBe('scheduled');
    expect(status('2026-03-10T23:59:59Z', null)).toBe('active');
    expect(status('2026-03-10T00:00:00Z', null)).toBe('active');
  });

  it('is active through the end day, completed from the day after', () => {
    expect(status('2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z')).toBe('active');
    expect(status('2026-03-01T00:00:00Z', '2026-03-09T23:59:59Z')).toBe('completed');
    expect(status('2026-03-01T00:00:00Z', null)).toBe('active');
  });

  it("reads the days in the tenant's timezone", () => {
    // Noon UTC on the 10th: today in UTC, tomorrow in New York (where it is still the 9th).
    expect(status('2026-03-10T12:00:00Z', null, 'UTC')).toBe('active');
    expect(status('2026-03-10T12:00:00Z', null, 'America/New_York')).toBe('scheduled');
    // Ended at noon UTC on the 9th: yesterday in UTC, today in New York.
    expect(status('2026-03-01T00:00:00Z', '2026-03-09T12:00:00Z', 'UTC')).toBe('completed');
    expect(status('2026-03-01T00:00:00Z', '2026-03-09T12:00:00Z', 'America/New_York')).toBe('active');
    // Tokyo is already on the 10th at 12:00: a start at 2026-03-10T00:00+09:00 is today there.
    expect(status('2026-03-09T15:00:00Z', null, 'Asia/Tokyo')).toBe('active');
    expect(status('2026-03-10T15:00:00Z', null, 'Asia/Tokyo')).toBe('scheduled');
  });
});

describe('statusCounts', () => {
  it('counts every status, zeros included', () => {
    expect(statusCounts(['active', 'draft', 'active'])).toEqual({ active: 2, scheduled: 0, completed: 0, draft: 1 });
  });
});
