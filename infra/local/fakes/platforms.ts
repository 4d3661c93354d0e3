/**
 * The local stand-ins for the platforms' metrics APIs (docs/decisions.md "Local stand-ins for third
 * parties"): one HTTP server on loopback speaking each API's documented wire format under its own
 * path prefix — YouTube Data API v3 (`/youtube/v3`), Reddit's token endpoint (`/reddit-www`) and
 * OAuth API (`/reddit`), X API v2 (`/x`) and the Instagram Graph API (`/graph`) — with their auth
 * checks and error bodies, so the same adapter code runs against it as against the real APIs.
 *
 * Counts are a deterministic function of the content id and the fake's clock that never decreases
 * (`fakeCounts`). Ids or usernames starting with `missing`, `ratelimit` or `malformed` (for X's
 * numeric ids: `404`, `429`, `500`) make the platform answer not found, its rate-limit answer with
 * its reset header, or a truncated body, for tests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_PLATFORM_CREDENTIALS = {
  YOUTUBE_API_KEY: 'AIzaFakeLocalYouTubeKey000000000000000',
  REDDIT_CLIENT_ID: 'fake-reddit-client',
  REDDIT_CLIENT_SECRET: 'fake-reddit-secret',
  X_BEARER_TOKEN: 'AAAAFakeLocalXBearerToken',
  INSTAGRAM_ACCESS_TOKEN: 'EAAFakeLocalInstagramToken',
  INSTAGRAM_BUSINESS_ACCOUNT_ID: '17841400000000000',
} as const;

/** Counts start growing from here, so they are the same on every machine at the same time. */
const EPOCH = Date.UTC(2026, 0, 1);
/** How long a fake rate limit lasts: the reset time each platform announces. */
export const FAKE_RATE_LIMIT_SECONDS = 120;

function hash(key: string): number[] {
  const digest = createHash('sha256').update(key).digest();
  return [0, 4, 8, 12].map((offset) => digest.readUInt32BE(offset));
}

/**
 * A content item's counts at `at`: views grow linearly from a base at a per-item rate; the other
 * counts are fixed fractions of views, so every count is non-decreasing in time.
 */
export function fakeCounts(id: string, at: Date) {
  const [h0, h1, h2, h3] = hash(id) as [number, number, number, number];
  const minutes = Math.max(0, (at.getTime() - EPOCH) / 60_000);
  const views = Math.floor(100 + (h0 % 5000) + minutes * (0.05 + (h1 % 100) / 200));
  const share = (h: number, min: number, spread: number) => Math.floor(views * (min + (h % 1000) / (1000 / spread)));
  return {
    views,
    likes: share(h2, 0.02, 0.06),
    comments: share(h3, 0.002, 0.01),
    shares: share(h1 >>> 8, 0.001, 0.005),
    saves: share(h2 >>> 8, 0.001, 0.004),
  };
}

/** An account's followers at `at`: the same growth, slower. */
export function fakeFollowers(handle: string, at: Date): number {
  const [h0, h1] = hash(`followers:${handle.toLowerCase()}`) as [number, number];
  const days = Math.max(0, (at.getTime() - EPOCH) / 86_400_000);
  return Math.floor(1000 + (h0 % 200_000) + days * (1 + (h1 % 50)));
}

type Special = 'missing' | 'rate_limited' | 'malformed' | undefined;

function special(id: string): Special {
  const s = id.toLowerCase();
  if (s.startsWith('missing') || /^404\d*$/.test(s)) return 'missing';
  if (s.startsWith('ratelimit') || /^429\d*$/.test(s)) return 'rate_limited';
  if (s.startsWith('malformed') || /^500\d*$/.test(s)) return 'malformed';
  return undefined;
}

/** A response cut off mid-body, as a proxy or a platform incident leaves it. */
const TRUNCATED = '{"data": [{"id": ';

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** One request the fake answered, for tests that count calls (batching). */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
}

export interface FakePlatformsOptions {
  /** The fake's clock (tests freeze it to assert exact counts). */
  now?: () => Date;
  /** More posts of an Instagram account, listed as its newest (`npm start`: the local table's links, instagram-posts.ts). */
  instagramPostsOf?: (username: string) => Promise<string[]>;
}

export class FakePlatforms {
  readonly calls: FakeCall[] = [];
  /** Reddit access tokens issued, until they expire. */
  private readonly redditTokens = new Map<string, number>();
  /** Instagram posts per account (shortcodes, newest last) besides the generated ones. */
  private readonly instagramPosts = new Map<string, string[]>();
  private readonly now: () => Date;
  private readonly instagramPostsOf: (username: string) => Promise<string[]>;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    options: FakePlatformsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.instagramPostsOf = options.instagramPostsOf ?? (async () => []);
  }

  static async start(options: FakePlatformsOptions = {}, port = 0): Promise<FakePlatforms> {
    let fake: FakePlatforms | undefined;
    const server = createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    fake = new FakePlatforms(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
    return fake;
  }

  /** The variables that point the platform adapters at this fake, with credentials it accepts. */
  env(): Record<string, string> {
    return {
      ...FAKE_PLATFORM_CREDENTIALS,
      YOUTUBE_API_BASE_URL: `${this.url}/youtube/v3`,
      REDDIT_AUTH_BASE_URL: `${this.url}/reddit-www`,
      REDDIT_API_BASE_URL: `${this.url}/reddit`,
      X_API_BASE_URL: `${this.url}/x`,
      INSTAGRAM_API_BASE_URL: `${this.url}/graph`,
    };
  }

  /** Adds a post to an Instagram account's media, so business discovery lists it (newest first). */
  publishInstagram(username: string, shortcode: string): void {
    const key = username.toLowerCase();
    this.instagramPosts.set(key, [...(this.instagramPosts.get(key) ?? []), shortcode]);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    let body = '';
    for await (const chunk of req) body += String(chunk);
    this.calls.push({ method, path: url.pathname, query: url.searchParams });
    const [, prefix = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    let reply: Reply;
    try {
      if (prefix === 'youtube' && path.startsWith('/v3/')) reply = this.youtube(path.slice(3), url.searchParams);
      else if (prefix === 'reddit-www' && method === 'POST' && path === '/api/v1/access_token')
        reply = this.redditToken(req, body);
      else if (prefix === 'reddit') reply = this.reddit(req, path, url.searchParams);
      else if (prefix === 'x') reply = this.x(req, path, url.searchParams);
      else if (prefix === 'graph') reply = await this.instagram(path, url.searchParams);
      else reply = { status: 404, body: { error: 'not found' } };
    } catch (error) {
      reply = { status: 500, body: { error: String(error) } };
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=UTF-8', ...reply.headers });
    res.end(text);
  }

  private resetEpochSeconds(): number {
    return Math.floor(this.now().getTime() / 1000) + FAKE_RATE_LIMIT_SECONDS;
  }

  // --- YouTube Data API v3 -------------------------------------------------------------------

  private youtube(path: string, q: URLSearchParams): Reply {
    const error = (
      status: number,
      reason: string,
      message: string,
      domain = 'global',
      extra: Record<string, unknown> = {},
    ): Reply => ({
      status,
      body: { error: { code: status, message, errors: [{ message, domain, reason }], ...extra } },
    });
    if (q.get('key') !== FAKE_PLATFORM_CREDENTIALS.YOUTUBE_API_KEY) {
      return error(400, 'badRequest', 'API key not valid. Please pass a valid API key.', 'global', {
        status: 'INVALID_ARGUMENT',
      });
    }
    if (!q.get('part')) return error(400, 'required', 'No filter selected. Expected one of: ...', 'youtube.parameter');
    const parts = q.get('part')!.split(',');
    const now = this.now();
    if (path === '/videos') {
      const ids = (q.get('id') ?? '').split(',').filter(Boolean);
      if (ids.length > 50)
        return error(400, 'badRequest', 'The request specifies an invalid filter parameter.', 'youtube.parameter');
      // As documented: maxResults goes with myRating, not with id.
      if (q.has('maxResults'))
        return error(
          400,
          'incompatibleParameters',
          'Incompatible parameters specified in the request: id, maxResults.',
          'youtube.parameter',
        );
      const specials = ids.map(special);
      if (specials.includes('rate_limited')) {
        return error(
          403,
          'quotaExceeded',
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
          'youtube.quota',
        );
      }
      if (specials.includes('malformed'))
        return { status: 200, body: '{"kind": "youtube#videoListResponse", "items": [' };
      const items = ids
        .filter((id) => !special(id))
        .map((id) => {
          const c = fakeCounts(`youtube:${id}`, now);
          const statistics = {
            viewCount: String(c.views),
            likeCount: String(c.likes),
            favoriteCount: '0',
            commentCount: String(c.comments),
          };
          return { kind: 'youtube#video', etag: etag(id), id, ...(parts.includes('statistics') ? { statistics } : {}) };
        });
      return {
        status: 200,
        body: {
          kind: 'youtube#videoListResponse',
          etag: etag(ids.join()),
          items,
          pageInfo: { totalResults: items.length, resultsPerPage: items.length },
        },
      };
    }
    if (path === '/channels') {
      const handle = q.get('forHandle') ?? q.get('forUsername') ?? q.get('id');
      if (!handle)
        return error(
          400,
          'missingRequiredParameter',
          'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
          'youtube.parameter',
        );
      const kind = special(handle.replace(/^@/, ''));
      if (kind === 'rate_limited')
        return error(
          403,
          'quotaExceeded',
          'The request cannot be completed because you have exceeded your quota.',
          'youtube.quota',
        );
      if (kind === 'malformed') return { status: 200, body: TRUNCATED };
      const page = {
        kind: 'youtube#channelListResponse',
        etag: etag(handle),
        pageInfo: { totalResults: kind ? 0 : 1, resultsPerPage: 5 },
      };
      // No match: YouTube leaves `items` out altogether.
      if (kind === 'missing') return { status: 200, body: page };
      const statistics = {
        viewCount: String(fakeFollowers(handle, now) * 40),
        subscriberCount: String(fakeFollowers(handle, now)),
        hiddenSubscriberCount: false,
        videoCount: '42',
      };
      return {
        status: 200,
        body: {
          ...page,
          items: [
            {
              kind: 'youtube#channel',
              etag: etag(`c${handle}`),
              id: channelId(handle),
              ...(parts.includes('statistics') ? { statistics } : {}),
            },
          ],
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          code: 404,
          message: 'Not Found',
          errors: [{ message: 'Not Found', domain: 'global', reason: 'notFound' }],
        },
      },
    };
  }

  // --- Reddit ----------------------------------------------------------------------------------

  private redditToken(req: IncomingMessage, body: string): Reply {
    const expected = `Basic ${Buffer.from(`${FAKE_PLATFORM_CREDENTIALS.REDDIT_CLIENT_ID}:${FAKE_PLATFORM_CREDENTIALS.REDDIT_CLIENT_SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return { status: 401, body: { message: 'Unauthorized', error: 401 } };
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
      return { status: 200, body: { error: 'unsupported_grant_type' } };
    const token = `fake-${randomBytes(12).toString('hex')}`;
    this.redditTokens.set(token, this.now().getTime() + 86_400_000);
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 86400, scope: '*' } };
  }

  private reddit(req: IncomingMessage, path: string, q: URLSearchParams): Reply {
    const token = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (this.redditTokens.get(token) ?? 0) < this.now().getTime())
      return { status: 401, body: { message: 'Unauthorized', error: 401 } };
    const window = { 'x-ratelimit-used': '1', 'x-ratelimit-remaining': '99.0', 'x-ratelimit-reset': '300' };
    const tooMany: Reply = {
      status: 429,
      body: { message: 'Too Many Requests', error: 429 },
      headers: { ...window, 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': String(FAKE_RATE_LIMIT_SECONDS) },
    };
    const now = this.now();
    if (path === '/api/info') {
      const ids = (q.get('id') ?? '').split(',').filter(Boolean);
      if (ids.length > 100) return { status: 400, body: { message: 'Bad Request', error: 400 }, headers: window };
      const bare = ids.map((id) => id.replace(/^t3_/, ''));
      if (bare.some((id) => special(id) === 'rate_limited')) return tooMany;
      // Reddit's edge answers some failures with an HTML page.
      if (bare.some((id) => special(id) === 'malformed'))
        return {
          status: 200,
          body: '<!doctype html><html><body>upstream request timeout</body></html>',
          headers: { ...window, 'content-type': 'text/html' },
        };
      const children = ids
        .filter((id) => id.startsWith('t3_') && !special(id.slice(3)))
        .map((name) => {
          const id = name.slice(3);
          const c = fakeCounts(`reddit:${id}`, now);
          return {
            kind: 't3',
            data: {
              id,
              name,
              subreddit: 'test',
              title: `Fake post ${id}`,
              ups: c.likes,
              downs: 0,
              score: c.likes,
              upvote_ratio: 0.97,
              num_comments: c.comments,
              num_crossposts: 0,
              total_awards_received: 0,
              permalink: `/r/test/comments/${id}/fake_post/`,
              created_utc: EPOCH / 1000,
            },
          };
        });
      return {
        status: 200,
        body: {
          kind: 'Listing',
          data: { after: null, dist: children.length, modhash: null, geo_filter: '', children, before: null },
        },
        headers: window,
      };
    }
    const about = /^\/(user|r)\/([^/]+)\/about$/.exec(path);
    if (about) {
      const [, kind, name] = about as unknown as [string, string, string];
      const s = special(name);
      if (s === 'rate_limited') return tooMany;
      if (s === 'malformed') return { status: 200, body: TRUNCATED, headers: window };
      if (s === 'missing') return { status: 404, body: { message: 'Not Found', error: 404 }, headers: window };
      const subscribers = fakeFollowers(`${kind}/${name}`, now);
      const data =
        kind === 'user'
          ? {
              kind: 't2',
              data: {
                name,
                id: channelId(name).slice(2, 9).toLowerCase(),
                total_karma: subscribers * 3,
                link_karma: subscribers * 2,
                comment_karma: subscribers,
                subreddit: { display_name: `u_${name}`, subscribers },
              },
            }
          : { kind: 't5', data: { display_name: name, subscribers } };
      return { status: 200, body: data, headers: window };
    }
    return { status: 404, body: { message: 'Not Found', error: 404 }, headers: window };
  }

  // --- X API v2 --------------------------------------------------------------------------------

  private x(req: IncomingMessage, path: string, q: URLSearchParams): Reply {
    if (req.headers.authorization !== `Bearer ${FAKE_PLATFORM_CREDENTIALS.X_BEARER_TOKEN}`) {
      return { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } };
    }
    const limits = (remaining: number) => ({
      'x-rate-limit-limit': '300',
      'x-rate-limit-remaining': String(remaining),
      'x-rate-limit-reset': String(this.resetEpochSeconds()),
    });
    const tooMany: Reply = {
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: limits(0),
    };
    const notFound = (kind: 'tweet' | 'user', parameter: string, value: string) => ({
      value,
      detail: `Could not find ${kind} with ${parameter}: [${value}].`,
      title: 'Not Found Error',
      resource_type: kind,
      parameter,
      resource_id: value,
      type: 'https://api.twitter.com/2/problems/resource-not-found',
    });
    const withMetrics = (q.get('tweet.fields') ?? q.get('user.fields') ?? '').split(',').includes('public_metrics');
    const now = this.now();
    if (path === '/2/tweets') {
      const ids = (q.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100 || ids.some((id) => !/^\d{1,19}$/.test(id))) {
        return {
          status: 400,
          body: {
            errors: [{ parameters: { ids }, message: 'The `ids` query parameter value is not valid' }],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: 'https://api.twitter.com/2/problems/invalid-request',
          },
        };
      }
      if (ids.some((id) => special(id) === 'rate_limited')) return tooMany;
      if (ids.some((id) => special(id) === 'malformed')) return { status: 200, body: TRUNCATED, headers: limits(299) };
      const data = ids
        .filter((id) => !special(id))
        .map((id) => {
          const c = fakeCounts(`x:${id}`, now);
          const public_metrics = {
            retweet_count: c.shares,
            reply_count: c.comments,
            like_count: c.likes,
            quote_count: Math.floor(c.shares / 3),
            bookmark_count: c.saves,
            impression_count: c.views,
          };
          return {
            id,
            text: `Fake post ${id}`,
            edit_history_tweet_ids: [id],
            ...(withMetrics ? { public_metrics } : {}),
          };
        });
      const errors = ids.filter((id) => special(id) === 'missing').map((id) => notFound('tweet', 'ids', id));
      return {
        status: 200,
        body: { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) },
        headers: limits(299),
      };
    }
    const user = /^\/2\/users\/by\/username\/([^/]+)$/.exec(path)?.[1];
    if (user) {
      const s = special(user);
      if (s === 'rate_limited') return tooMany;
      if (s === 'malformed') return { status: 200, body: TRUNCATED, headers: limits(299) };
      if (s === 'missing')
        return { status: 200, body: { errors: [notFound('user', 'username', user)] }, headers: limits(299) };
      const public_metrics = {
        followers_count: fakeFollowers(`x/${user}`, now),
        following_count: 180,
        tweet_count: 1200,
        listed_count: 12,
        like_count: 5000,
      };
      return {
        status: 200,
        body: {
          data: { id: String(hash(user)[0]), name: user, username: user, ...(withMetrics ? { public_metrics } : {}) },
        },
        headers: limits(299),
      };
    }
    return { status: 404, body: { title: 'Not Found Error', type: 'about:blank', status: 404, detail: 'Not Found' } };
  }

  // --- Instagram Graph API (business discovery) ------------------------------------------------

  private async instagram(path: string, q: URLSearchParams): Promise<Reply> {
    const error = (status: number, e: Record<string, unknown>, headers?: Record<string, string>): Reply => ({
      status,
      body: { error: { type: 'OAuthException', fbtrace_id: randomBytes(8).toString('base64url'), ...e } },
      ...(headers ? { headers } : {}),
    });
    if (q.get('access_token') !== FAKE_PLATFORM_CREDENTIALS.INSTAGRAM_ACCESS_TOKEN)
      return error(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
    const [, version, igUserId] = path.split('/');
    if (!/^v\d+\.\d+$/.test(version ?? '') || igUserId !== FAKE_PLATFORM_CREDENTIALS.INSTAGRAM_BUSINESS_ACCOUNT_ID) {
      return error(400, {
        message: `Unsupported get request. Object with ID '${igUserId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        code: 100,
        error_subcode: 33,
      });
    }
    const match = /^business_discovery\.username\(([^)]+)\)\{(.*)\}$/.exec(q.get('fields') ?? '');
    if (!match) return error(400, { message: '(#100) Tried accessing nonexisting field', code: 100 });
    const [, username, inner] = match as unknown as [string, string, string];
    const s = special(username);
    if (s === 'rate_limited') {
      const usage = {
        [igUserId]: [
          {
            type: 'instagram',
            call_count: 100,
            total_cputime: 20,
            total_time: 20,
            estimated_time_to_regain_access: FAKE_RATE_LIMIT_SECONDS / 60,
          },
        ],
      };
      return error(
        403,
        { message: '(#4) Application request limit reached', code: 4, is_transient: true },
        { 'x-business-use-case-usage': JSON.stringify(usage) },
      );
    }
    if (s === 'malformed') return { status: 200, body: '{"business_discovery": {"followers_count": ' };
    if (s === 'missing') {
      return error(400, {
        message: 'Invalid user id',
        code: 110,
        error_subcode: 2207013,
        error_user_title: 'Cannot find User',
        error_user_msg: `The user with username: ${username} cannot be found.`,
      });
    }
    const now = this.now();
    const account: Record<string, unknown> = { id: `178414${String(hash(username)[0]).padStart(11, '0')}` };
    const media = /media((?:\.\w+\([^)]*\))*)\{([^}]*)\}/.exec(inner);
    const outside = media ? inner.replace(media[0], '') : inner;
    if (outside.split(',').includes('followers_count'))
      account.followers_count = fakeFollowers(`instagram/${username}`, now);
    const all = await this.mediaOf(username);
    if (outside.split(',').includes('media_count')) account.media_count = all.length;
    if (media) {
      const modifiers = Object.fromEntries([...media[1]!.matchAll(/\.(\w+)\(([^)]*)\)/g)].map((m) => [m[1], m[2]]));
      const fields = media[2]!.split(',');
      const limit = Math.min(Number(modifiers.limit ?? 25) || 25, 100);
      const start = modifiers.after ? Number(Buffer.from(modifiers.after, 'base64url').toString()) || 0 : 0;
      const page = all.slice(start, start + limit).map((shortcode) => {
        const c = fakeCounts(`instagram:${shortcode}`, now);
        const item: Record<string, unknown> = { id: String(hash(shortcode)[1]) + String(hash(shortcode)[2]) };
        if (fields.includes('permalink')) item.permalink = `https://www.instagram.com/p/${shortcode}/`;
        if (fields.includes('like_count')) item.like_count = c.likes;
        if (fields.includes('comments_count')) item.comments_count = c.comments;
        if (fields.includes('view_count')) item.view_count = c.views;
        return item;
      });
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
      const more = start + limit < all.length;
      account.media = {
        data: page,
        paging: {
          cursors: { before: cursor(start), after: cursor(start + page.length) },
          ...(more ? { next: `${this.url}/graph${path}?after=${cursor(start + page.length)}` } : {}),
        },
      };
    }
    return { status: 200, body: { business_discovery: account, id: igUserId } };
  }

  /** An account's media shortcodes, newest first: those published here, those of `instagramPostsOf`, then 60 generated ones. */
  private async mediaOf(username: string): Promise<string[]> {
    const generated = Array.from(
      { length: 60 },
      (_, i) => `F${hash(`${username.toLowerCase()}:${i}`)[0]!.toString(36)}`,
    );
    const published = [...(this.instagramPosts.get(username.toLowerCase()) ?? [])].reverse();
    return [...new Set([...published, ...(await this.instagramPostsOf(username)), ...generated])];
  }
}

const etag = (seed: string) => createHash('sha1').update(seed).digest('base64url').slice(0, 27);
const channelId = (handle: string) =>
  `UC${createHash('sha1').update(handle.toLowerCase()).digest('base64url').slice(0, 22)}`;
