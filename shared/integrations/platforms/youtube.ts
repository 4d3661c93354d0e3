/**
 * YouTube Data API v3 with an API key: `videos.list` (part statistics, up to 50 ids a call) for
 * content, `channels.list` (part statistics) for subscribers. Ids YouTube does not know (deleted,
 * private) are simply absent from `items`. Quota errors are 403 with `error.errors[0].reason`
 * `quotaExceeded` (the daily quota resets at midnight Pacific time, so that is the retry time) or
 * `rateLimitExceeded` (short bursts: a minute later).
 */
import type {
  AccountRef,
  CommonCounts,
  ContentReading,
  ContentRef,
  FollowerReading,
  PlatformAdapter,
  ReadResult,
} from '../../domain/metric-readings.ts';
import type { PlatformConfig } from './config.ts';
import {
  byId,
  call,
  failedAll,
  field,
  followers,
  isCount,
  rateLimitedAll,
  readByIds,
  readEachAccount,
  sumOfGiven,
  type Answer,
} from './http.ts';
import { youtubeVideoId } from './links.ts';

const SOURCE = { kind: 'api', adapter: 'youtube-data-api', apiVersion: 'v3' } as const;
const MAX_IDS = 50;
const BURST_BACKOFF_MS = 60_000;

/** The next midnight in America/Los_Angeles, when YouTube resets daily quotas. */
export function nextPacificMidnight(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  // Midnight Pacific is 08:00 UTC in standard time and 07:00 UTC in daylight time.
  for (const hour of [7, 8]) {
    const candidate = new Date(Date.UTC(n('year'), n('month') - 1, n('day') + 1, hour));
    const laHour = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(candidate);
    if (Number(laHour) === 0) return candidate;
  }
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day') + 1, 8));
}

type Items = { ok: true; items: Record<string, unknown>[] } | { ok: false; results: <T>(n: number) => ReadResult<T>[] };

/** The `items` of a list call, or the results for every ref when the call failed or hit the quota. */
function itemsOf(answer: Answer): Items {
  if (!answer.ok) return { ok: false, results: (n) => failedAll(n, answer.message) };
  const error = field(answer.body, 'error');
  if (answer.status !== 200 || error !== undefined) {
    const first = field(error, 'errors');
    const reason = field(Array.isArray(first) ? first[0] : undefined, 'reason');
    if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
      return {
        ok: false,
        results: (n) =>
          rateLimitedAll(
            'youtube',
            n,
            nextPacificMidnight(new Date()),
            `${reason}: the daily quota resets at midnight Pacific time`,
          ),
      };
    }
    if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded' || answer.status === 429) {
      return {
        ok: false,
        results: (n) =>
          rateLimitedAll('youtube', n, new Date(Date.now() + BURST_BACKOFF_MS), String(reason ?? 'HTTP 429')),
      };
    }
    const message = field(error, 'message');
    return {
      ok: false,
      results: (n) =>
        failedAll(
          n,
          `YouTube answered ${answer.status}: ${typeof message === 'string' ? message : String(reason ?? 'no message')}`,
        ),
    };
  }
  const items = field(answer.body, 'items');
  // A list call with no match omits `items` altogether.
  if (items === undefined) return { ok: true, items: [] };
  if (!Array.isArray(items))
    return { ok: false, results: (n) => failedAll(n, 'YouTube answered a malformed body (items is not a list)') };
  return { ok: true, items: items as Record<string, unknown>[] };
}

/** YouTube's statistics are decimal strings ("1234"); a value that is not one is left out. */
function statistics(item: unknown): Record<string, number> | undefined {
  const stats = field(item, 'statistics');
  if (typeof stats !== 'object' || stats === null) return undefined;
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(stats)) {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (isCount(n)) out[name] = n;
  }
  return out;
}

/** A video's counts in one vocabulary: YouTube publishes no shares (an owner may hide likes). */
export const youtubeCounts = (fields: Readonly<Record<string, number>>): CommonCounts => ({
  views: fields.viewCount ?? null,
  likes: fields.likeCount ?? null,
  comments: fields.commentCount ?? null,
  shares: null,
  saves: null,
});

function contentReading(item: unknown, contentUrl: string): ReadResult<ContentReading> {
  const fields = statistics(item) ?? {};
  const engagement = sumOfGiven(fields, ['likeCount', 'commentCount']);
  if (engagement === null && fields.viewCount === undefined)
    return { status: 'failed', message: 'YouTube answered a video without any count' };
  return {
    status: 'ok',
    value: {
      fields,
      counts: youtubeCounts(fields),
      impressions: fields.viewCount ?? null,
      engagement,
      reach: null,
      source: SOURCE,
      contentUrl,
      fetchedAt: new Date().toISOString(),
    },
  };
}

export function youtubeAdapter(config: NonNullable<PlatformConfig['youtube']>): PlatformAdapter {
  const list = (resource: 'videos' | 'channels', params: Record<string, string>) =>
    call(
      `${config.baseUrl}/${resource}?${new URLSearchParams({ part: 'statistics', ...params, key: config.apiKey })}`,
      { headers: { accept: 'application/json' } },
    );

  return {
    platform: 'youtube',
    maxIdsPerCall: MAX_IDS,

    readContent: (refs: readonly ContentRef[]) =>
      readByIds(refs, youtubeVideoId, MAX_IDS, async (batch) => {
        const answer = itemsOf(await list('videos', { id: batch.join(',') }));
        if (!answer.ok) return answer.results(batch.length);
        return byId(answer.items, contentReading);
      }),

    // channels.list takes one handle (forHandle) or legacy username (forUsername) per call.
    readFollowers: (accounts: readonly AccountRef[]) =>
      readEachAccount('youtube', accounts, async (handle) => {
        const by = handle.startsWith('@') ? 'forHandle' : /^UC[\w-]{22}$/.test(handle) ? 'id' : 'forUsername';
        const answer = itemsOf(await list('channels', { [by]: handle }));
        if (!answer.ok) return answer.results<FollowerReading>(1)[0]!;
        const item = answer.items[0];
        if (!item) return { status: 'missing' };
        const count = statistics(item)?.subscriberCount;
        // A channel that hides its subscriber count has no number to give.
        if (field(field(item, 'statistics'), 'hiddenSubscriberCount') === true || count === undefined)
          return { status: 'failed', message: 'YouTube answered a channel without a subscriber count' };
        return followers(count, SOURCE);
      }),
  };
}
