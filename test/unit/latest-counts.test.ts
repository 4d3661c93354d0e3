/**
 * An activity's `latestCounts` as shown (shared/domain/latest-counts.ts, docs/decisions.md "Figures a
 * reader can check"): the reading with the manual counts over it, its source `api`, `manual` or
 * `mixed`, and its likes + comments + shares + saves the engagement the metrics count.
 */
import { describe, expect, it } from 'vitest';
import { activityMetrics, type ManualCounts } from '../../shared/domain/activity-metrics.ts';
import { latestCountsOf, type LatestCounts } from '../../shared/domain/latest-counts.ts';
import { fetchedCounts } from '../../shared/db/metrics/snapshots.ts';
import { twitterReading } from '../support/readings.ts';

const NO_MANUAL: ManualCounts = { viewsCount: null, likeCount: null, replyCount: null };
const READ_AT = '2026-03-12T15:00:00.000Z';
const ENTERED_AT = '2026-03-14T09:00:00.000Z';
const X = twitterReading(READ_AT, {
  impression_count: 250_000,
  like_count: 6_900,
  reply_count: 343,
  retweet_count: 400,
  quote_count: 100,
  bookmark_count: 702,
});
const stored = { ...X.counts, fetchedAt: READ_AT, source: 'api' };
const engagementOf = (c: LatestCounts) => (c.likes ?? 0) + (c.comments ?? 0) + (c.shares ?? 0) + (c.saves ?? 0);

describe('latestCounts', () => {
  it('is null for an activity never read and without manual counts', () => {
    expect(latestCountsOf(null, NO_MANUAL, ENTERED_AT)).toBeNull();
    expect(latestCountsOf(undefined, NO_MANUAL, ENTERED_AT)).toBeNull();
  });

  it('adds up to the engagement of an X post from its counts alone (bookmarks as saves)', () => {
    const shown = latestCountsOf(stored, NO_MANUAL, ENTERED_AT)!;
    expect(shown).toEqual({
      views: 250_000,
      likes: 6_900,
      comments: 343,
      shares: 500,
      saves: 702,
      fetchedAt: READ_AT,
      source: 'api',
    });
    expect(engagementOf(shown)).toBe(8_445);
    expect(engagementOf(shown)).toBe(activityMetrics(NO_MANUAL, fetchedCounts(X)).engagement);
  });

  it('shows the manual counts over the reading, source mixed, and still adds up to the engagement', () => {
    const manual = { viewsCount: 300_000, likeCount: 7_000, replyCount: null };
    const shown = latestCountsOf(stored, manual, ENTERED_AT)!;
    expect(shown).toEqual({
      views: 300_000,
      likes: 7_000,
      comments: 343,
      shares: 500,
      saves: 702,
      fetchedAt: ENTERED_AT,
      source: 'mixed',
    });
    const metrics = activityMetrics(manual, fetchedCounts(X));
    expect(engagementOf(shown)).toBe(metrics.engagement);
    expect(shown.views).toBe(metrics.impressions);
  });

  it('is manual when every count shown was entered', () => {
    const manual = { viewsCount: 12_000, likeCount: 800, replyCount: 45 };
    expect(latestCountsOf(null, manual, ENTERED_AT)).toEqual({
      views: 12_000,
      likes: 800,
      comments: 45,
      shares: null,
      saves: null,
      fetchedAt: ENTERED_AT,
      source: 'manual',
    });
    // A YouTube reading has nothing the three manual counts leave: all entered.
    const youtube = { views: 10, likes: 1, comments: 2, shares: null, saves: null, fetchedAt: READ_AT, source: 'api' };
    expect(latestCountsOf(youtube, manual, ENTERED_AT)!.source).toBe('manual');
  });

  it('keeps the newest time: a reading after the manual counts were entered', () => {
    const later = { ...stored, fetchedAt: '2026-03-20T00:00:00.000Z' };
    expect(latestCountsOf(later, { ...NO_MANUAL, likeCount: 1 }, ENTERED_AT)!.fetchedAt).toBe(
      '2026-03-20T00:00:00.000Z',
    );
  });

  it('reads an item stored before saves existed as saves null', () => {
    const { saves: _saves, ...old } = stored;
    expect(latestCountsOf(old, NO_MANUAL, ENTERED_AT)!.saves).toBeNull();
  });
});
