/**
 * Reddit with application-only OAuth: a client-credentials token (`POST /api/v1/access_token` on
 * www.reddit.com, HTTP Basic with the app's id and secret), kept until shortly before it expires,
 * then `GET /api/info?id=t3_a,t3_b` (up to 100 fullnames) on oauth.reddit.com for posts and
 * `/user/<name>/about` (or `/r/<sub>/about`) for followers. Reddit publishes no view counts:
 * impressions are null, engagement is `ups` + `num_comments`. A 429 carries `x-ratelimit-reset`,
 * the seconds until the window resets.
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
  type Answer,
} from './http.ts';
import { redditPostId } from './links.ts';

type RedditConfig = NonNullable<PlatformConfig['reddit']>;

const SOURCE = { kind: 'api', adapter: 'reddit-api', apiVersion: 'oauth' } as const;
const MAX_IDS = 100;
/** Reddit's window is ten minutes; without a reset header, wait for the next one. */
const FALLBACK_BACKOFF_MS = 10 * 60_000;
/** Counts kept as Reddit names them. */
const POST_FIELDS = ['ups', 'downs', 'score', 'num_comments', 'num_crossposts', 'total_awards_received'] as const;

/** Tokens per app (id, secret and address), each until a minute before it expires. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Forget cached tokens (tests that change credentials). */
export function resetRedditTokens(): void {
  tokens.clear();
}

type Token = { ok: true; token: string } | { ok: false; answer: Answer };

async function accessToken(config: RedditConfig): Promise<Token> {
  const key = `${config.authBaseUrl}|${config.clientId}|${config.clientSecret}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return { ok: true, token: cached.token };
  const answer = await call(`${config.authBaseUrl}/api/v1/access_token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': config.userAgent,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  });
  const token = answer.ok ? field(answer.body, 'access_token') : undefined;
  const expiresIn = answer.ok ? field(answer.body, 'expires_in') : undefined;
  if (!answer.ok || answer.status === 429) return { ok: false, answer };
  if (answer.status !== 200 || typeof token !== 'string' || !token) {
    return {
      ok: false,
      answer: {
        ok: false,
        status: answer.status,
        headers: answer.headers,
        message: `Reddit refused the app's credentials (HTTP ${answer.status} from access_token)`,
      },
    };
  }
  tokens.set(key, {
    token,
    expiresAt: Date.now() + Math.max(0, (typeof expiresIn === 'number' ? expiresIn : 3600) - 60) * 1000,
  });
  return { ok: true, token };
}

/** The results for every item of a call that gave no usable answer. */
function whole<T>(answer: Answer, n: number, what: string): ReadResult<T>[] {
  if (answer.status === 429)
    return rateLimitedAll(
      'reddit',
      n,
      resetAt(answer.headers.get('x-ratelimit-reset'), 'secondsFromNow', FALLBACK_BACKOFF_MS),
      'HTTP 429',
    );
  if (!answer.ok) return failedAll(n, answer.message);
  const message = field(answer.body, 'message') ?? field(answer.body, 'error');
  return failedAll(
    n,
    `Reddit answered ${answer.status} to ${what}${message === undefined ? '' : `: ${String(message)}`}`,
  );
}

/** A post's counts in one vocabulary: Reddit publishes no views and no shares; its likes are upvotes. */
export const redditCounts = (fields: Readonly<Record<string, number>>): CommonCounts => ({
  views: null,
  likes: fields.ups ?? null,
  comments: fields.num_comments ?? null,
  shares: null,
  saves: null,
});

function postReading(post: unknown, contentUrl: string): ReadResult<ContentReading> {
  const fields: Record<string, number> = {};
  for (const name of POST_FIELDS) {
    const value = field(post, name);
    if (isCount(value)) fields[name] = value;
  }
  if (fields.ups === undefined || fields.num_comments === undefined)
    return { status: 'failed', message: 'Reddit answered a post without ups or num_comments' };
  return {
    status: 'ok',
    value: {
      fields,
      counts: redditCounts(fields),
      impressions: null,
      engagement: fields.ups + fields.num_comments,
      reach: null,
      source: SOURCE,
      contentUrl,
      fetchedAt: new Date().toISOString(),
    },
  };
}

export function redditAdapter(config: RedditConfig): PlatformAdapter {
  async function once(path: string): Promise<Answer> {
    const token = await accessToken(config);
    if (!token.ok) return token.answer;
    return call(`${config.baseUrl}${path}`, {
      headers: { authorization: `bearer ${token.token}`, 'user-agent': config.userAgent, accept: 'application/json' },
    });
  }

  /** A GET on the OAuth host; a 401 (a cached token revoked or expired early) gets one fresh token. */
  async function get(path: string): Promise<Answer> {
    const answer = await once(path);
    if (answer.status !== 401) return answer;
    tokens.clear();
    return once(path);
  }

  return {
    platform: 'reddit',
    maxIdsPerCall: MAX_IDS,

    readContent: (refs: readonly ContentRef[]) =>
      readByIds(refs, redditPostId, MAX_IDS, async (batch) => {
        const answer = await get(
          `/api/info?${new URLSearchParams({ id: batch.map((id) => `t3_${id}`).join(','), raw_json: '1' })}`,
        );
        if (!answer.ok || answer.status !== 200) return whole<ContentReading>(answer, batch.length, '/api/info');
        const children = field(field(answer.body, 'data'), 'children');
        if (!Array.isArray(children)) return failedAll(batch.length, 'Reddit answered a malformed listing');
        const posts = children.filter((child) => field(child, 'kind') === 't3').map((child) => field(child, 'data'));
        return byId(posts, postReading);
      }),

    // A user's followers are the subscribers of their profile subreddit; a community's, its own.
    readFollowers: (accounts: readonly AccountRef[]) =>
      readEachAccount('reddit', accounts, async (handle) => {
        const [kind, name] = handle.split('/') as [string, string];
        const answer = await get(`/${kind === 'u' ? 'user' : 'r'}/${encodeURIComponent(name)}/about`);
        if (answer.status === 404 || answer.status === 403) return { status: 'missing' }; // deleted, suspended, banned or private
        if (!answer.ok || answer.status !== 200) return whole<FollowerReading>(answer, 1, 'about')[0]!;
        const data = field(answer.body, 'data');
        const subscribers = kind === 'u' ? field(field(data, 'subreddit'), 'subscribers') : field(data, 'subscribers');
        return isCount(subscribers)
          ? followers(subscribers, SOURCE)
          : { status: 'failed', message: 'Reddit answered an account without a subscriber count' };
      }),
  };
}
