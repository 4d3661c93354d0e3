/** The confidence level rule of shared/domain/metrics-confidence.md (not a handler). */

export type ConfidenceLevel = 'none' | 'low' | 'medium' | 'high';

export interface SnapshotSummary {
  /** Snapshots stored for the activity. */
  count: number;
  /** Time of its newest snapshot, or null. */
  newestAt: string | null;
}

const DAY = 86_400_000;

export function confidenceLevel(activities: readonly SnapshotSummary[], now = Date.now()): ConfidenceLevel {
  const measured = activities.filter((a) => a.count > 0 && a.newestAt);
  if (!measured.length) return 'none';
  const coverage = measured.length / activities.length;
  const oldest = Math.max(...measured.map((a) => now - Date.parse(a.newestAt!)));
  if (coverage >= 0.8 && measured.every((a) => a.count >= 3) && oldest <= 2 * DAY) return 'high';
  if (coverage >= 0.5 && oldest <= 7 * DAY) return 'medium';
  return 'low';
}
