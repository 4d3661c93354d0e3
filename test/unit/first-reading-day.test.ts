/**
 * The day an activity's first reading counts on (docs/decisions.md "Figures a reader can check"): its
 * publish date in the tenant's timezone, as its spend, when the start is known and not after the
 * reading; else the reading's own day. Aggregates count the activities so counted and reports say so.
 */
import { describe, expect, it } from 'vitest';
import { contribution, contributionDelta, type ActivityStanding } from '../../shared/domain/activity-metrics.ts';
import { costDay, firstReadingDay } from '../../shared/domain/dates.ts';
import { evidenceOf } from '../../shared/domain/reporting/figures.ts';

const READ = '2026-03-12T15:00:00.000Z';

describe('firstReadingDay', () => {
  it('is the publish date as spend counts it, in the tenant timezone', () => {
    // 03:00 UTC on March 7th is still March 6th in New York.
    expect(firstReadingDay('2026-03-07T03:00:00.000Z', READ, 'America/New_York')).toEqual({
      day: '2026-03-06',
      backdated: true,
    });
    expect(firstReadingDay('2026-03-07T03:00:00.000Z', READ, 'America/New_York').day).toBe(
      costDay('2026-03-07T03:00:00.000Z', READ, 'America/New_York'),
    );
    // Published the same day: counted on it, nothing before the reading.
    expect(firstReadingDay('2026-03-12T09:00:00.000Z', READ, 'UTC')).toEqual({ day: '2026-03-12', backdated: false });
  });

  it("is the reading's own day without a start, or with one after the reading", () => {
    expect(firstReadingDay(null, READ, 'Asia/Tokyo')).toEqual({ day: '2026-03-13', backdated: false });
    expect(firstReadingDay('2026-03-12T15:00:00.001Z', READ, 'UTC')).toEqual({ day: '2026-03-12', backdated: false });
  });
});

describe('activities counted on their publish date', () => {
  const standing = (over: Partial<ActivityStanding>): ActivityStanding => ({
    impressions: 10,
    engagement: 0,
    spend: {},
    withMetrics: true,
    ...over,
  });

  it('are counted in the contribution and named in the evidence only when there are some', () => {
    expect(contributionDelta(standing({}), standing({ backdated: true }))).toEqual({ activitiesBackdated: 1 });
    const now = new Date('2026-03-13T00:00:00Z');
    const aggregate = { ...contribution(standing({ backdated: true })), activitiesWithMetrics: 7 };
    expect(evidenceOf(aggregate, 'USD', 7, now).warnings).toEqual([
      "1 of 7 activities' totals before their first reading are counted on their publish date.",
    ]);
    expect(evidenceOf({ ...aggregate, activitiesBackdated: 0 }, 'USD', 7, now).warnings).toEqual([]);
  });
});
