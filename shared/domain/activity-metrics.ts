/**
 * An activity's metrics (DECISIONS.md "Metric snapshots and refresh", "Money and metrics"): manual
 * counts override fetched values field by field until cleared with null — `viewsCount` is
 * impressions, `likeCount` + `replyCount` is engagement (plus whatever else a platform reports,
 * such as shares and saves).
 */

export interface ManualCounts {
  viewsCount: number | null;
  likeCount: number | null;
  replyCount: number | null;
}

/** The normalised counts of the latest fetched snapshot (none are stored until the metrics pipeline exists). */
export interface FetchedCounts {
  impressions: number | null;
  likes: number;
  replies: number;
  /** Engagement besides likes and replies (shares, saves, reposts...). */
  otherEngagement: number;
}

export interface Metrics {
  impressions: number;
  engagement: number;
}

export const MANUAL_COUNT_FIELDS = ['viewsCount', 'likeCount', 'replyCount'] as const;

/** Impressions and engagement from the manual counts over the fetched ones. */
export function activityMetrics(manual: ManualCounts, fetched?: FetchedCounts): Metrics {
  return {
    impressions: manual.viewsCount ?? fetched?.impressions ?? 0,
    engagement: (manual.likeCount ?? fetched?.likes ?? 0) + (manual.replyCount ?? fetched?.replies ?? 0) + (fetched?.otherEngagement ?? 0),
  };
}

/** Coverage: an activity has metrics when it has impressions or engagement from either source (a manual count counts). */
export function hasMetrics(activity: ManualCounts & Metrics): boolean {
  return activity.impressions > 0 || activity.engagement > 0 || MANUAL_COUNT_FIELDS.some((field) => activity[field] !== null);
}

/** One activity's part of a report: its spend in the report currency and its metrics. */
export interface ActivityFigures extends Metrics {
  spend: number;
}

/**
 * CPM (spend / impressions x 1000) and CPE (spend / engagement), denominator-aware (DECISIONS.md
 * "Money and metrics"): each over only the activities with both spend and that denominator; null
 * when there are none. Unrounded.
 */
export function costRatios(activities: readonly ActivityFigures[]): { cpm: number | null; cpe: number | null } {
  const ratio = (denominator: 'impressions' | 'engagement', scale: number) => {
    const both = activities.filter((a) => a.spend > 0 && a[denominator] > 0);
    const total = both.reduce((sum, a) => sum + a[denominator], 0);
    return total > 0 ? (both.reduce((sum, a) => sum + a.spend, 0) / total) * scale : null;
  };
  return { cpm: ratio('impressions', 1000), cpe: ratio('engagement', 1) };
}
