/** The X API v2 adapter against the local fake over HTTP. */
import { describe, expect, it } from 'vitest';
import { FAKE_RATE_LIMIT_SECONDS, fakeCounts, fakeFollowers } from '../../../infra/local/fakes/platforms.ts';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import { accountRef, contentRef, FAKE_NOW, isoTime, logLines, useFakePlatforms } from './support.ts';

const { fake, config } = useFakePlatforms();
const x = () => adapterFor('twitter', config());
const post = (url: string) => contentRef('twitter', url);
const SOURCE = { kind: 'api', adapter: 'x-api', apiVersion: 'v2' };

describe('X adapter', () => {
  it('reads public_metrics in one call: impressions are impression_count, engagement likes + replies + reposts + quotes + bookmarks', async () => {
    const urls = [
      'https://x.com/someone/status/1790000000000000001',
      'https://twitter.com/other/status/1790000000000000002?s=20',
    ];
    const before = fake().calls.length;
    const results = await x().readContent(urls.map(post));
    expect(results).toEqual(
      ['1790000000000000001', '1790000000000000002'].map((id, i) => {
        const c = fakeCounts(`x:${id}`, FAKE_NOW);
        const quotes = Math.floor(c.shares / 3);
        return {
          status: 'ok',
          value: {
            fields: {
              retweet_count: c.shares,
              reply_count: c.comments,
              like_count: c.likes,
              quote_count: quotes,
              bookmark_count: c.saves,
              impression_count: c.views,
            },
            counts: { views: c.views, likes: c.likes, comments: c.comments, shares: c.shares + quotes, saves: c.saves },
            impressions: c.views,
            engagement: c.likes + c.comments + c.shares + quotes + c.saves,
            reach: null,
            source: SOURCE,
            contentUrl: urls[i],
            fetchedAt: isoTime,
          },
        };
      }),
    );
    const [call] = fake().calls.slice(before);
    expect(call!.query.get('ids')).toBe('1790000000000000001,1790000000000000002');
    expect(call!.query.get('tweet.fields')).toBe('public_metrics');
  });

  it('posts X names in errors[] are missing, beside the others, and when all are missing', async () => {
    expect(
      (
        await x().readContent([
          post('https://x.com/a/status/4040001'),
          post('https://x.com/a/status/1790000000000000003'),
        ])
      ).map((r) => r.status),
    ).toEqual(['missing', 'ok']);
    expect(await x().readContent([post('https://x.com/a/status/4040002')])).toEqual([{ status: 'missing' }]);
  });

  it('a 429 is rate limited until x-rate-limit-reset, logged with that time', async () => {
    const { result, lines } = await logLines(() => x().readContent([post('https://x.com/a/status/4290001')]));
    const retryAt = new Date((Math.floor(FAKE_NOW.getTime() / 1000) + FAKE_RATE_LIMIT_SECONDS) * 1000).toISOString();
    expect(result).toEqual([{ status: 'rate_limited', retryAt }]);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'platform rate limit', platform: 'twitter', retryAt }),
    );
  });

  it("a malformed body fails the call's items", async () => {
    expect(
      (
        await x().readContent([
          post('https://x.com/a/status/5000001'),
          post('https://x.com/a/status/1790000000000000004'),
        ])
      ).map((r) => r.status),
    ).toEqual(['failed', 'failed']);
  });

  it("a wrong bearer token fails with X's 401", async () => {
    const wrong = adapterFor('twitter', { twitter: { ...config().twitter!, bearerToken: 'wrong' } });
    expect(await wrong.readContent([post('https://x.com/a/status/1790000000000000005')])).toEqual([
      { status: 'failed', message: 'X answered 401: Unauthorized' },
    ]);
  });

  it('reads followers by username; an unknown user is missing', async () => {
    expect(
      await x().readFollowers([
        accountRef('twitter', 'https://x.com/SomeOne'),
        accountRef('twitter', 'https://x.com/missinguser'),
      ]),
    ).toEqual([
      {
        status: 'ok',
        value: { followersCount: fakeFollowers('x/someone', FAKE_NOW), source: SOURCE, fetchedAt: isoTime },
      },
      { status: 'missing' },
    ]);
  });
});
