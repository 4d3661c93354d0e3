/**
 * What the metrics pipeline passes between its parts (docs/decisions.md "Metric snapshots and refresh"):
 * platform adapters (shared/integrations/platforms) turn a platform's answer into readings; the
 * worker hands readings to the snapshot and rollup writer (shared/db). Plain data, no AWS.
 */
import type { ChannelName } from './activity-types.ts';

/** A piece of content to read: the activity's connected content link. */
export interface ContentRef {
  tenantId: string;
  activityId: string;
  platform: ChannelName;
  /** The content URL as connected; adapters derive the platform's id from it. */
  contentUrl: string;
  /**
   * The username of the creator's account on this platform, where known. Instagram finds a post
   * only among its account's media (business discovery), and its /p/<code> URLs name no account.
   */
  accountHandle?: string;
}

/** A connected social account whose follower count to read. */
export interface AccountRef {
  tenantId: string;
  creatorId: string;
  accountId: string;
  platform: ChannelName;
  /** The canonical profile URL of the account. */
  profileUrl: string;
}

/** Where a reading came from: an adapter (with the platform API version it spoke) or a person. */
export type ReadingSource = { kind: 'api'; adapter: string; apiVersion: string } | { kind: 'manual' };

/**
 * A reading's counts in one vocabulary for every platform (docs/decisions.md "Figures a reader can
 * check": an activity's `latestCounts`); null where the platform publishes, or gave, no such count.
 * Engagement is the sum of likes, comments, shares and saves as given (docs/decisions.md "Metric
 * snapshots and refresh"), so these carry every count it adds up.
 */
export interface CommonCounts {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  /** Saves or bookmarks, where the platform reports them and engagement adds them (X's bookmarks). */
  saves: number | null;
}

/** One reading of a content's public counts. */
export interface ContentReading {
  /** The counts as the platform named them (`viewCount`, `like_count`, `ups`...), where given. */
  fields: Record<string, number>;
  /** The same counts in one vocabulary (each adapter's `<platform>Counts`). */
  counts: CommonCounts;
  /** Normalised per docs/decisions.md; null where the platform reports none (Reddit impressions). */
  impressions: number | null;
  engagement: number | null;
  /** Only where the platform reports reach. */
  reach: number | null;
  source: ReadingSource;
  /** The URL read (the connected content URL). */
  contentUrl: string;
  fetchedAt: string;
}

/** Why no number can be read for a piece of content or an account (shown as `metricsUnavailableReason`). */
export type UnavailableReason = 'platform_has_no_public_metrics' | 'platform_credentials_missing';

/**
 * The platforms that publish no metrics of other people's content (docs/decisions.md "Metric snapshots
 * and refresh"): their adapters answer `platform_has_no_public_metrics` (platforms/cloud.ts), and
 * connecting such a content link says so at once.
 */
export const WITHOUT_PUBLIC_METRICS: ReadonlySet<ChannelName> = new Set<ChannelName>(['tiktok', 'linkedin']);

/** The outcome of reading one item; an adapter answers one per ref, in the refs' order. */
export type ReadResult<T> =
  | { status: 'ok'; value: T }
  /** The platform says the content or account does not exist (deleted, private). */
  | { status: 'missing' }
  /** No number can be had (no credentials, or a platform without a public metrics API). */
  | { status: 'unavailable'; reason: UnavailableReason }
  /** 429 or a quota error: try again at `retryAt` (the platform's reset time when it gives one). */
  | { status: 'rate_limited'; retryAt: string }
  /** Anything else (401 credentials, malformed body, 5xx): retried by the queue, then dead-lettered. */
  | { status: 'failed'; message: string };

export interface FollowerReading {
  followersCount: number;
  source: ReadingSource;
  fetchedAt: string;
}

/** One platform's reader. Batches are at most `maxIdsPerCall` refs (YouTube 50). */
export interface PlatformAdapter {
  platform: ChannelName;
  maxIdsPerCall: number;
  readContent(refs: readonly ContentRef[]): Promise<ReadResult<ContentReading>[]>;
  readFollowers(accounts: readonly AccountRef[]): Promise<ReadResult<FollowerReading>[]>;
}
