/**
 * X API v2 with an app bearer token: `GET /2/tweets?ids=...&tweet.fields=public_metrics` (up to
 * 100 ids) for posts, `GET /2/users/by/username/:username?user.fields=public_metrics` for
 * followers. Ids X cannot show come back in `errors[]` (`resource_type: tweet`), not in `data`.
 * A 429 carries `x-rate-limit-reset`, the epoch second the window resets.
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
  resetAt,
  sumOfGiven,
  type Answer,
} from './http.ts';
import { tweetId } from './links.ts';

const SOURCE = { kind: 'api', adapter: 'x-api', apiVersion: 'v2' } as const;
const MAX_IDS = 100;
/** X's windows are 15 minutes. */
const FALLBACK_BACKOFF_MS = 15 * 60_000;
const ENGAGEMENT = ['like_count', 'reply_count', 'retweet_count', 'quote_count', 'bookmark_count'] as const;

/** The results for every item of a call answered with an error status (or no usable answer). */
function whole<T>(answer: Answer, n: number): ReadResult<T>[] {
  if (answer.status === 429)
    return rateLimitedAll(
      'twitter',
      n,
      resetAt(answer.headers.get('x-rate-limit-reset'), 'epochSeconds', FALLBACK_BACKOFF_MS),
      'HTTP 429',
    );
  if (!answer.ok) return failedAll(n, answer.message);
  const detail = field(answer.body, 'detail') ?? field(answer.body, 'title');
  return failedAll(n, `X answered ${answer.status}${detail === undefined ? '' : `: ${String(detail)}`}`);
}

function metrics(value: unknown): Record<string, number> | undefined {
  const m = field(value, 'public_metrics');
  if (typeof m !== 'object' || m === null) return undefined;
  return Object.fromEntries(Object.entries(m).filter((entry): entry is [string, number] => isCount(entry[1])));
}

/**
 * A post's counts in one vocabulary: its shares are its reposts (`retweet_count`) plus its quote posts
 * (`quote_count`), its saves its bookmarks (`bookmark_count`): with likes and replies, what its engagement adds up.
 */
export const twitterCounts = (fields: Readonly<Record<string, number>>): CommonCounts => ({
  views: fields.impression_count ?? null,
  likes: fields.like_count ?? null,
  comments: fields.reply_count ?? null,
  shares: sumOfGiven(fields, ['retweet_count', 'quote_count']),
  saves: fields.bookmark_count ?? null,
});

function postReading(post: unknown, contentUrl: string): ReadResult<ContentReading> {
  const fields = metrics(post);
  if (!fields) return { status: 'failed', message: 'X answered a post without public_metrics' };
  const engagement = sumOfGiven(fields, ENGAGEMENT);
  if (engagement === null && fields.impression_count === undefined)
    return { status: 'failed', message: 'X answered a post without any count' };
  return {
    status: 'ok',
    value: {
      fields,
      counts: twitterCounts(fields),
      impressions: fields.impression_count ?? null,
      engagement,
      reach: null,
      source: SOURCE,
      contentUrl,
      fetchedAt: new Date().toISOString(),
    },
  };
}

export function twitterAdapter(config: NonNullable<PlatformConfig['twitter']>): PlatformAdapter {
  const get = (path: string, params: Record<string, string>) =>
    call(`${config.baseUrl}${path}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${config.bearerToken}`, accept: 'application/json' },
    });

  return {
    platform: 'twitter',
    maxIdsPerCall: MAX_IDS,

    readContent: (refs: readonly ContentRef[]) =>
      readByIds(refs, tweetId, MAX_IDS, async (batch) => {
        const answer = await get('/2/tweets', { ids: batch.join(','), 'tweet.fields': 'public_metrics' });
        if (!answer.ok || answer.status !== 200) return whole<ContentReading>(answer, batch.length);
        // Ids in errors[] (deleted, protected, suspended) are nowhere in data (absent when none is found): missing.
        const data = field(answer.body, 'data') ?? (Array.isArray(field(answer.body, 'errors')) ? [] : undefined);
        if (!Array.isArray(data))
          return failedAll(batch.length, 'X answered a malformed body (neither data nor errors is a list)');
        return byId(data, postReading);
      }),

    readFollowers: (accounts: readonly AccountRef[]) =>
      readEachAccount('twitter', accounts, async (username) => {
        const answer = await get(`/2/users/by/username/${encodeURIComponent(username)}`, {
          'user.fields': 'public_metrics',
        });
        if (!answer.ok || answer.status !== 200) return whole<FollowerReading>(answer, 1)[0]!;
        const user = field(answer.body, 'data');
        // An unknown or suspended user is a 200 with errors[] and no data.
        if (user === undefined && Array.isArray(field(answer.body, 'errors'))) return { status: 'missing' };
        const count = metrics(user)?.followers_count;
        return count === undefined
          ? { status: 'failed', message: 'X answered a user without public_metrics.followers_count' }
          : followers(count, SOURCE);
      }),
  };
}
