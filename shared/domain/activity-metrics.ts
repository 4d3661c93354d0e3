/**
 * An activity's metrics (docs/decisions.md "Metric snapshots and refresh", "Money and metrics"): manual
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
    engagement:
      (manual.likeCount ?? fetched?.likes ?? 0) +
      (manual.replyCount ?? fetched?.replies ?? 0) +
      (fetched?.otherEngagement ?? 0),
  };
}

/** Coverage: an activity has metrics when it has impressions or engagement from either source (a manual count counts). */
export function hasMetrics(activity: ManualCounts & Metrics): boolean {
  return (
    activity.impressions > 0 || activity.engagement > 0 || MANUAL_COUNT_FIELDS.some((field) => activity[field] !== null)
  );
}

/** One activity's part of a report: its spend in the report currency and its metrics. */
export interface ActivityFigures extends Metrics {
  spend: number;
}

/**
 * CPM (spend / impressions x 1000) and CPE (spend / engagement), denominator-aware (docs/decisions.md
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

/** An activity's current figures, as kept on its item: metrics and spend per currency (major units). */
export interface ActivityStanding extends Metrics {
  spend: Readonly<Record<string, number>>;
  /** `hasMetrics` of the activity (a manual count of 0 counts). */
  withMetrics: boolean;
  /** Where its metrics come from (`_meta.provenance.sources`): a fetched snapshot, a manual count, or both. */
  apiMetrics?: boolean;
  manualMetrics?: boolean;
  /** Why no number can be fetched for it (`metricsUnavailableReason`), if a refresh said so. */
  unavailableReason?: string;
  /** Its first reading's lifetime total counts on its publish date, before the reading's own day. */
  backdated?: boolean;
}

/** The counter of activities without metrics for one unavailable reason (`activitiesUnavailable_<reason>`). */
export const UNAVAILABLE_COUNTER_PREFIX = 'activitiesUnavailable_';

/**
 * What one activity adds to the stored aggregates of every record it belongs to (each linked
 * creator, its campaign, the tenant), as flat counters for `aggregateUpdate`'s `counts`:
 * `impressions`, `engagement`, `activitiesWithMetrics` (coverage), `activitiesWithApiMetrics` and
 * `activitiesWithManualMetrics` (provenance), and per currency the sums that
 * make CPM and CPE denominator-aware without reading activities: `cpmSpend_<CUR>`,
 * `cpmImpressions_<CUR>` and `cpmActivities_<CUR>` (how many: the basis a reader checks) over
 * activities with both spend in CUR and impressions, `cpeSpend_<CUR>`, `cpeEngagement_<CUR>` and
 * `cpeActivities_<CUR>` likewise with engagement; and `activitiesUnavailable_<reason>` while it
 * has no metrics from either source and a refresh said why none can be fetched (reporting names
 * the reason instead of "no metrics yet"); `activitiesBackdated` when its first reading's total
 * counts on its publish date (reporting says so).
 *
 * Whoever changes an activity's figures (a snapshot, a manual count, a cost) adds
 * `contributionDelta(before, after)` to those records; linking adds the whole contribution and
 * unlinking or deleting subtracts it.
 */
export function contribution(activity: ActivityStanding): Record<string, number> {
  const counts: Record<string, number> = {
    impressions: activity.impressions,
    engagement: activity.engagement,
    activitiesWithMetrics: activity.withMetrics ? 1 : 0,
    activitiesWithApiMetrics: activity.apiMetrics ? 1 : 0,
    activitiesWithManualMetrics: activity.manualMetrics ? 1 : 0,
    activitiesBackdated: activity.backdated ? 1 : 0,
  };
  if (!activity.withMetrics && activity.unavailableReason)
    counts[`${UNAVAILABLE_COUNTER_PREFIX}${activity.unavailableReason}`] = 1;
  for (const [currency, amount] of Object.entries(activity.spend)) {
    if (amount <= 0) continue;
    if (activity.impressions > 0) {
      counts[`cpmSpend_${currency}`] = amount;
      counts[`cpmImpressions_${currency}`] = activity.impressions;
      counts[`cpmActivities_${currency}`] = 1;
    }
    if (activity.engagement > 0) {
      counts[`cpeSpend_${currency}`] = amount;
      counts[`cpeEngagement_${currency}`] = activity.engagement;
      counts[`cpeActivities_${currency}`] = 1;
    }
  }
  return counts;
}

/** `after - before`, counter by counter, without the zeros (what to ADD to the aggregates). */
export function contributionDelta(before: ActivityStanding, after: ActivityStanding): Record<string, number> {
  const was = contribution(before);
  const now = contribution(after);
  const delta: Record<string, number> = {};
  for (const name of new Set([...Object.keys(was), ...Object.keys(now)])) {
    const by = (now[name] ?? 0) - (was[name] ?? 0);
    if (by !== 0) delta[name] = by;
  }
  return delta;
}

/** A contribution with every counter negated (unlinking, deleting). */
export function withdrawn(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).flatMap(([name, by]) => (by === 0 ? [] : [[name, -by]])));
}

/** What a CPM or CPE is computed over: the spend, the denominator and how many activities have both. */
export interface RatioBasis {
  cpm: { spend: number; impressions: number; activities: number };
  cpe: { spend: number; engagement: number; activities: number };
}

/**
 * The basis of an aggregate's CPM and CPE in one currency, from `contribution`'s counters:
 * exactly the activities with both spend in that currency and the denominator. Unrounded.
 */
export function aggregateBasis(aggregate: Readonly<Record<string, unknown>>, currency: string): RatioBasis {
  const num = (name: string) => Number(aggregate[`${name}_${currency}`] ?? 0);
  return {
    cpm: { spend: num('cpmSpend'), impressions: num('cpmImpressions'), activities: num('cpmActivities') },
    cpe: { spend: num('cpeSpend'), engagement: num('cpeEngagement'), activities: num('cpeActivities') },
  };
}

/**
 * CPM and CPE of an aggregate kept with `contribution`'s counters, in one currency; unrounded,
 * null when there is no denominator (docs/decisions.md "Money and metrics").
 */
export function aggregateRatios(
  aggregate: Readonly<Record<string, unknown>>,
  currency: string,
): { cpm: number | null; cpe: number | null } {
  const { cpm, cpe } = aggregateBasis(aggregate, currency);
  return {
    cpm: cpm.impressions > 0 ? (cpm.spend / cpm.impressions) * 1000 : null,
    cpe: cpe.engagement > 0 ? cpe.spend / cpe.engagement : null,
  };
}
