/**
 * When an activity's content link is read next (docs/decisions.md "Metric snapshots and refresh", docs/decisions.md "Metric snapshots and
 * refresh"): every 2 hours for the first 7 days after the content was published (or, with no
 * publish date, connected), daily up to day 60, weekly after that; never for a disconnected link.
 * Counts move fast right after publishing and barely at all months later, so the cadence follows
 * that curve instead of spending the platforms' quotas evenly.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Age limits (exclusive) and the interval that applies below each; the last one has no limit. */
export const CADENCE = [
  { until: 7 * DAY, every: 2 * HOUR },
  { until: 60 * DAY, every: DAY },
  { until: Infinity, every: 7 * DAY },
] as const;

/** Social accounts' follower counts are read once a day whatever their age. */
export const FOLLOWERS_EVERY = DAY;

export interface CadenceAnchor {
  /** The content's publish time (the activity's `startAt`), when known and not in the future. */
  publishedAt?: string | null;
  /** When the content link was connected (or last changed). */
  connectedAt?: string | null;
  /** False when no content link is connected: nothing is due, ever. */
  connected: boolean;
}

/**
 * The publish time when it is known and already past, else the connect time: an old video
 * connected today is old content (weekly), while a planned activity's future date is no anchor.
 */
export function cadenceAnchor({ publishedAt, connectedAt }: CadenceAnchor, now: Date): Date | null {
  const published = publishedAt ? new Date(publishedAt) : null;
  if (published && !Number.isNaN(published.getTime()) && published.getTime() <= now.getTime()) return published;
  const connected = connectedAt ? new Date(connectedAt) : null;
  return connected && !Number.isNaN(connected.getTime()) ? connected : null;
}

/** The interval that applies to content of this age (ms). */
export function refreshInterval(ageMs: number): number {
  return CADENCE.find((step) => ageMs < step.until)!.every;
}

/** The next read after one at `now`; null for a disconnected link. */
export function nextFetchAt(anchor: CadenceAnchor, now: Date): Date | null {
  if (!anchor.connected) return null;
  const from = cadenceAnchor(anchor, now) ?? now;
  return new Date(now.getTime() + refreshInterval(Math.max(0, now.getTime() - from.getTime())));
}
