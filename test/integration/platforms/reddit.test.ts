/** The Reddit adapter (application-only OAuth) against the local fake over HTTP. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_RATE_LIMIT_SECONDS,
  fakeCounts,
  fakeFollowers,
  FakePlatforms,
} from '../../../infra/local/fakes/platforms.ts';
import { platformConfigFrom } from '../../../shared/integrations/platforms/config.ts';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import { resetRedditTokens } from '../../../shared/integrations/platforms/reddit.ts';
import { accountRef, contentRef, FAKE_NOW, isoTime, logLines, useFakePlatforms } from './support.ts';

const { fake, config } = useFakePlatforms();
const reddit = () => adapterFor('reddit', config());
const post = (url: string) => contentRef('reddit', url);
const SOURCE = { kind: 'api', adapter: 'reddit-api', apiVersion: 'oauth' };

beforeEach(() => resetRedditTokens());

describe('Reddit adapter', () => {
  it('reads ups and comments of posts in one /api/info call; impressions are null', async () => {
    const urls = [
      'https://www.reddit.com/r/test/comments/abc123/some_title/',
      'https://old.reddit.com/r/other/comments/XYZ9/',
      'https://redd.it/q1w2e3',
    ];
    const before = fake().calls.length;
    const results = await reddit().readContent(urls.map(post));
    expect(results).toEqual(
      ['abc123', 'xyz9', 'q1w2e3'].map((id, i) => {
        const c = fakeCounts(`reddit:${id}`, FAKE_NOW);
        return {
          status: 'ok',
          value: {
            fields: {
              ups: c.likes,
              downs: 0,
              score: c.likes,
              num_comments: c.comments,
              num_crossposts: 0,
              total_awards_received: 0,
            },
            counts: { views: null, likes: c.likes, comments: c.comments, shares: null, saves: null },
            impressions: null,
            engagement: c.likes + c.comments,
            reach: null,
            source: SOURCE,
            contentUrl: urls[i],
            fetchedAt: isoTime,
          },
        };
      }),
    );
    const calls = fake().calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /reddit-www/api/v1/access_token',
      'GET /reddit/api/info',
    ]);
    expect(calls[1]!.query.get('id')).toBe('t3_abc123,t3_xyz9,t3_q1w2e3');
  });

  it('keeps its token until it expires: a second read asks for no new one', async () => {
    await reddit().readContent([post('https://redd.it/first1')]);
    const before = fake().calls.length;
    await reddit().readContent([post('https://redd.it/second2')]);
    expect(
      fake()
        .calls.slice(before)
        .map((c) => c.path),
    ).toEqual(['/reddit/api/info']);
  });

  it('a token Reddit no longer accepts is replaced once, and the read goes on', async () => {
    let clock = FAKE_NOW;
    const own = await FakePlatforms.start({ now: () => clock });
    try {
      const adapter = adapterFor('reddit', platformConfigFrom(own.env(), own.env()));
      await adapter.readContent([post('https://redd.it/early1')]);
      clock = new Date(FAKE_NOW.getTime() + 2 * 86_400_000); // the fake's token has expired, our cache does not know
      const before = own.calls.length;
      expect((await adapter.readContent([post('https://redd.it/later1')])).map((r) => r.status)).toEqual(['ok']);
      expect(own.calls.slice(before).map((c) => c.path)).toEqual([
        '/reddit/api/info',
        '/reddit-www/api/v1/access_token',
        '/reddit/api/info',
      ]);
    } finally {
      await own.stop();
    }
  });

  it('a post Reddit does not list is missing, beside the others', async () => {
    expect(
      (await reddit().readContent([post('https://redd.it/missing1'), post('https://redd.it/there1')])).map(
        (r) => r.status,
      ),
    ).toEqual(['missing', 'ok']);
  });

  it('a 429 is rate limited until x-ratelimit-reset seconds from now, logged with that time', async () => {
    const before = Date.now();
    const { result, lines } = await logLines(() =>
      reddit().readContent([post('https://redd.it/ratelimit1'), post('https://redd.it/other1')]),
    );
    const retryAt = result.map((r) => (r.status === 'rate_limited' ? Date.parse(r.retryAt) : NaN));
    for (const at of retryAt) {
      expect(at).toBeGreaterThanOrEqual(before + FAKE_RATE_LIMIT_SECONDS * 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + FAKE_RATE_LIMIT_SECONDS * 1000);
    }
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'platform rate limit',
        platform: 'reddit',
        retryAt: new Date(retryAt[0]!).toISOString(),
      }),
    );
  });

  it("an HTML page instead of JSON fails the call's items", async () => {
    const results = await reddit().readContent([post('https://redd.it/malformed1'), post('https://redd.it/fine1')]);
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it("wrong app credentials fail every item with the token endpoint's refusal", async () => {
    const wrong = adapterFor('reddit', { reddit: { ...config().reddit!, clientSecret: 'wrong' } });
    expect(await wrong.readContent([post('https://redd.it/abc1')])).toEqual([
      { status: 'failed', message: "Reddit refused the app's credentials (HTTP 401 from access_token)" },
    ]);
  });

  it('reads followers of users (profile subreddit subscribers) and communities; an unknown user is missing', async () => {
    const results = await reddit().readFollowers([
      accountRef('reddit', 'https://www.reddit.com/user/Some_User/'),
      accountRef('reddit', 'https://www.reddit.com/r/typescript/'),
      accountRef('reddit', 'https://www.reddit.com/user/missinguser/'),
    ]);
    expect(results).toEqual([
      {
        status: 'ok',
        value: { followersCount: fakeFollowers('user/some_user', FAKE_NOW), source: SOURCE, fetchedAt: isoTime },
      },
      {
        status: 'ok',
        value: { followersCount: fakeFollowers('r/typescript', FAKE_NOW), source: SOURCE, fetchedAt: isoTime },
      },
      { status: 'missing' },
    ]);
  });
});
