/**
 * Instagram Graph API business discovery: with the configured business account's id and token,
 * `GET /<version>/<IG_BUSINESS_ACCOUNT_ID>?fields=business_discovery.username(<user>){...}` reads
 * another professional account's `followers_count` and its media (newest first, paged with
 * `media.after(<cursor>)`), each with `permalink`, `like_count`, `comments_count` and, where
 * Instagram gives it, `view_count`. A post is found by its permalink's shortcode among its
 * account's media, so the account must be known: from the URL (instagram.com/<user>/p/<code>) or
 * the ref's `accountHandle`. Errors come as `{error: {code, error_subcode, message}}`; codes 4,
 * 17, 32 and 613 are rate limits (the `x-business-use-case-usage` header says in how many minutes
 * access is regained); code 110 / subcode 2207013 is an account that is not a professional one or
 * does not exist.
 */
import type {
  AccountRef,
  CommonCounts,
  ContentReading,
  ContentRef,
  FollowerReading,
  PlatformAdapter,
  ReadingSource,
  ReadResult,
} from '../../domain/metric-readings.ts';
import type { PlatformConfig } from './config.ts';
import {
  call,
  each,
  failedAll,
  field,
  followers,
  isCount,
  rateLimitedAll,
  readEachAccount,
  sumOfGiven,
  type Answer,
} from './http.ts';
import { instagramMedia, instagramUsername } from './links.ts';

type InstagramConfig = NonNullable<PlatformConfig['instagram']>;

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const FALLBACK_BACKOFF_MS = 60 * 60_000;
const MEDIA_FIELDS = 'id,permalink,like_count,comments_count,view_count';
const PAGE_SIZE = 50;
/** Media pages read per account: posts older than the newest 500 are not looked for. */
const MAX_PAGES = 10;

/** Minutes until access is regained, from Meta's usage header, else an hour. */
function regainAt(headers: Headers): Date {
  let minutes: number | undefined;
  try {
    const usage: unknown = JSON.parse(headers.get('x-business-use-case-usage') ?? '{}');
    for (const entries of Object.values(usage as Record<string, unknown>)) {
      for (const entry of Array.isArray(entries) ? entries : []) {
        const m = field(entry, 'estimated_time_to_regain_access');
        if (typeof m === 'number' && m > 0) minutes = Math.max(minutes ?? 0, m);
      }
    }
  } catch {
    // A malformed header: the default wait.
  }
  return new Date(Date.now() + (minutes ? minutes * 60_000 : FALLBACK_BACKOFF_MS));
}

type Discovery = { ok: true; account: unknown } | { ok: false; results: <T>(n: number) => ReadResult<T>[] };

function discovered(answer: Answer): Discovery {
  if (!answer.ok) return { ok: false, results: (n) => failedAll(n, answer.message) };
  const error = field(answer.body, 'error');
  if (error !== undefined || answer.status !== 200) {
    const code = field(error, 'code');
    const message = String(field(error, 'message') ?? 'no message');
    if (answer.status === 429 || (typeof code === 'number' && RATE_LIMIT_CODES.has(code))) {
      return {
        ok: false,
        results: (n) =>
          rateLimitedAll('instagram', n, regainAt(answer.headers), `error code ${String(code)}: ${message}`),
      };
    }
    if (code === 110 || field(error, 'error_subcode') === 2207013)
      return { ok: false, results: (n) => each(n, { status: 'missing' }) };
    return {
      ok: false,
      results: (n) => failedAll(n, `Instagram answered ${answer.status} (code ${String(code)}): ${message}`),
    };
  }
  const account = field(answer.body, 'business_discovery');
  if (typeof account !== 'object' || account === null)
    return { ok: false, results: (n) => failedAll(n, 'Instagram answered a malformed body (no business_discovery)') };
  return { ok: true, account };
}

/** A post's counts in one vocabulary: views where Instagram gives them (plays of a reel or video), no shares. */
export const instagramCounts = (fields: Readonly<Record<string, number>>): CommonCounts => ({
  views: fields.view_count ?? null,
  likes: fields.like_count ?? null,
  comments: fields.comments_count ?? null,
  shares: null,
  saves: null,
});

function mediaReading(media: unknown, contentUrl: string, source: ReadingSource): ReadResult<ContentReading> {
  const fields: Record<string, number> = {};
  for (const name of ['like_count', 'comments_count', 'view_count']) {
    const value = field(media, name);
    if (isCount(value)) fields[name] = value;
  }
  // An owner may hide like counts: engagement is what is given, null when nothing is.
  const engagement = sumOfGiven(fields, ['like_count', 'comments_count']);
  if (engagement === null && fields.view_count === undefined)
    return { status: 'failed', message: 'Instagram answered a post without any count' };
  return {
    status: 'ok',
    value: {
      fields,
      counts: instagramCounts(fields),
      impressions: fields.view_count ?? null,
      engagement,
      reach: null,
      source,
      contentUrl,
      fetchedAt: new Date().toISOString(),
    },
  };
}

export function instagramAdapter(config: InstagramConfig): PlatformAdapter {
  const source: ReadingSource = { kind: 'api', adapter: 'instagram-graph-api', apiVersion: config.apiVersion };
  const discover = (username: string, fields: string) =>
    call(
      `${config.baseUrl}/${config.apiVersion}/${encodeURIComponent(config.businessAccountId)}?${new URLSearchParams({ fields: `business_discovery.username(${username}){${fields}}`, access_token: config.accessToken })}`,
      {
        headers: { accept: 'application/json' },
      },
    );

  /** One account's wanted posts (by shortcode) as results, reading its media newest first. */
  async function readAccount(
    username: string,
    wanted: { shortcode: string; contentUrl: string }[],
  ): Promise<ReadResult<ContentReading>[]> {
    const sought = new Set(wanted.map((w) => w.shortcode));
    const found = new Map<string, unknown>();
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES && found.size < sought.size; page++) {
      const edge = `media${after ? `.after(${after})` : ''}.limit(${PAGE_SIZE}){${MEDIA_FIELDS}}`;
      const answer = discovered(await discover(username, edge));
      if (!answer.ok) return answer.results(wanted.length);
      const media = field(answer.account, 'media');
      const data = field(media, 'data') ?? [];
      if (!Array.isArray(data))
        return failedAll(wanted.length, 'Instagram answered a malformed body (media.data is not a list)');
      for (const item of data) {
        const permalink = field(item, 'permalink');
        const shortcode = typeof permalink === 'string' ? instagramMedia(permalink)?.shortcode : undefined;
        if (shortcode && sought.has(shortcode)) found.set(shortcode, item);
      }
      const next = field(field(field(media, 'paging'), 'cursors'), 'after');
      if (typeof next !== 'string' || field(field(media, 'paging'), 'next') === undefined) break;
      after = next;
    }
    return wanted.map((w) => {
      const item = found.get(w.shortcode);
      return item === undefined ? { status: 'missing' } : mediaReading(item, w.contentUrl, source);
    });
  }

  return {
    platform: 'instagram',
    // One discovery call reads one account's media, whatever the number of posts asked of it.
    maxIdsPerCall: 50,

    async readContent(refs: readonly ContentRef[]) {
      const results: ReadResult<ContentReading>[] = refs.map(() => ({ status: 'missing' }));
      const byAccount = new Map<string, { index: number; shortcode: string; contentUrl: string }[]>();
      refs.forEach((ref, index) => {
        const media = instagramMedia(ref.contentUrl);
        if (!media) return; // a story or not a post: nothing business discovery can find
        const username =
          media.username ?? (ref.accountHandle === undefined ? undefined : instagramUsername(ref.accountHandle));
        if (!username) {
          results[index] = {
            status: 'failed',
            message: "Instagram posts are read through their account, and this link's account is not known",
          };
          return;
        }
        byAccount.set(username, [
          ...(byAccount.get(username) ?? []),
          { index, shortcode: media.shortcode, contentUrl: ref.contentUrl },
        ]);
      });
      for (const [username, wanted] of byAccount) {
        const read = await readAccount(username, wanted);
        wanted.forEach((w, i) => {
          results[w.index] = read[i]!;
        });
      }
      return results;
    },

    readFollowers: (accounts: readonly AccountRef[]) =>
      readEachAccount('instagram', accounts, async (username) => {
        const answer = discovered(await discover(username, 'followers_count'));
        if (!answer.ok) return answer.results<FollowerReading>(1)[0]!;
        const count = field(answer.account, 'followers_count');
        return isCount(count)
          ? followers(count, source)
          : { status: 'failed', message: 'Instagram answered an account without followers_count' };
      }),
  };
}
