/**
 * An activity's `latestCounts` as shown (docs/decisions.md "Figures a reader can check", "Metric
 * snapshots and refresh"): the newest reading in one vocabulary, with the manual counts over it
 * field by field as its metrics have them (`viewsCount` the views, `likeCount` the likes,
 * `replyCount` the comments), so that its likes, comments, shares and saves add up to the
 * activity's engagement and its views are its impressions. `source` is `api` when every count
 * shown was read, `manual` when every one was entered, `mixed` when both; `fetchedAt` is when the
 * newest of them was read or entered. Pure.
 */
import type { ManualCounts } from './activity-metrics.ts';
import type { CommonCounts } from './metric-readings.ts';

export type CountsSource = 'api' | 'manual' | 'mixed';

export interface LatestCounts extends CommonCounts {
  fetchedAt: string;
  source: CountsSource;
}

/** The counts of a reading as stored on the activity (items written before `saves` existed lack it). */
export type StoredCounts = Omit<CommonCounts, 'saves'> & { saves?: number | null; fetchedAt: string; source: string };

const MANUAL_OF = { views: 'viewsCount', likes: 'likeCount', comments: 'replyCount' } as const;

/**
 * `stored`: the newest reading's counts (null or undefined: never read); `manualAt`: when the manual
 * counts were last entered. Null when the activity was never read and has no manual count.
 */
export function latestCountsOf(
  stored: StoredCounts | null | undefined,
  manual: ManualCounts,
  manualAt: string,
): LatestCounts | null {
  const read: CommonCounts = {
    views: stored?.views ?? null,
    likes: stored?.likes ?? null,
    comments: stored?.comments ?? null,
    shares: stored?.shares ?? null,
    saves: stored?.saves ?? null,
  };
  const entered = (Object.keys(MANUAL_OF) as (keyof typeof MANUAL_OF)[]).filter(
    (name) => manual[MANUAL_OF[name]] !== null,
  );
  if (!stored && entered.length === 0) return null;
  const counts: CommonCounts = { ...read };
  for (const name of entered) counts[name] = manual[MANUAL_OF[name]];
  const fromReading =
    stored !== null &&
    stored !== undefined &&
    (Object.keys(read) as (keyof CommonCounts)[]).some(
      (name) => read[name] !== null && !entered.includes(name as never),
    );
  if (entered.length === 0)
    return { ...counts, fetchedAt: stored!.fetchedAt, source: stored!.source === 'manual' ? 'manual' : 'api' };
  if (!fromReading) return { ...counts, fetchedAt: manualAt, source: 'manual' };
  return { ...counts, fetchedAt: stored!.fetchedAt > manualAt ? stored!.fetchedAt : manualAt, source: 'mixed' };
}
