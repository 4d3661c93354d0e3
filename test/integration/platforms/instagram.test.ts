/** The Instagram business discovery adapter against the local fake over HTTP. */
import { describe, expect, it } from 'vitest';
import { FAKE_RATE_LIMIT_SECONDS, fakeCounts, fakeFollowers } from '../../../infra/local/fakes/platforms.ts';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import { accountRef, contentRef, FAKE_NOW, isoTime, logLines, useFakePlatforms } from './support.ts';

const { fake, config } = useFakePlatforms();
const instagram = () => adapterFor('instagram', config());
const post = (url: string, accountHandle?: string) =>
  contentRef('instagram', url, accountHandle ? { accountHandle } : {});
const SOURCE = { kind: 'api', adapter: 'instagram-graph-api', apiVersion: 'v21.0' };

describe('Instagram adapter', () => {
  it("finds posts among their account's media by shortcode: impressions are views, engagement likes + comments", async () => {
    fake().publishInstagram('brand.creator', 'CreelAAA111');
    fake().publishInstagram('brand.creator', 'CpostBBB222');
    const urls = [
      'https://www.instagram.com/reel/CreelAAA111/',
      'https://www.instagram.com/brand.creator/p/CpostBBB222/?igsh=x',
    ];
    const before = fake().calls.length;
    const results = await instagram().readContent([post(urls[0]!, '@Brand.Creator'), post(urls[1]!)]);
    expect(results).toEqual(
      ['CreelAAA111', 'CpostBBB222'].map((shortcode, i) => {
        const c = fakeCounts(`instagram:${shortcode}`, FAKE_NOW);
        return {
          status: 'ok',
          value: {
            fields: { like_count: c.likes, comments_count: c.comments, view_count: c.views },
            counts: { views: c.views, likes: c.likes, comments: c.comments, shares: null, saves: null },
            impressions: c.views,
            engagement: c.likes + c.comments,
            reach: null,
            source: SOURCE,
            contentUrl: urls[i],
            fetchedAt: isoTime,
          },
        };
      }),
    );
    // One account, one discovery call for both posts.
    const calls = fake().calls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/graph/v21.0/17841400000000000');
    expect(calls[0]!.query.get('fields')).toBe(
      'business_discovery.username(brand.creator){media.limit(50){id,permalink,like_count,comments_count,view_count}}',
    );
  });

  it('pages through older media until the post is found', async () => {
    fake().publishInstagram('pager', 'ColdCCC333');
    // 60 newer posts: it is on the second page of 50.
    for (let i = 0; i < 60; i++) fake().publishInstagram('pager', `Cnew${i}`);
    const before = fake().calls.length;
    const [result] = await instagram().readContent([post('https://www.instagram.com/p/ColdCCC333/', 'pager')]);
    expect(result!.status).toBe('ok');
    expect(fake().calls.slice(before)).toHaveLength(2);
  });

  it("a post not among its account's media is missing; an unknown account makes its posts missing", async () => {
    const results = await instagram().readContent([
      post('https://www.instagram.com/p/Cgone999/', 'brand.creator'),
      post('https://www.instagram.com/p/Cany1/', 'missinguser'),
    ]);
    expect(results).toEqual([{ status: 'missing' }, { status: 'missing' }]);
  });

  it('a post whose account is not known (or not a possible username) fails with the reason, the others are read', async () => {
    fake().publishInstagram('known', 'Cknown1');
    const results = await instagram().readContent([
      post('https://www.instagram.com/p/Cwho/'),
      post('https://www.instagram.com/p/Cknown1/', 'known'),
      post('https://www.instagram.com/p/Cbad/', 'x){media}'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['failed', 'ok', 'failed']);
  });

  it('error code 4 is rate limited for the minutes the usage header says, logged with that time', async () => {
    const before = Date.now();
    const { result, lines } = await logLines(() =>
      instagram().readContent([post('https://www.instagram.com/p/Cx/', 'ratelimited')]),
    );
    const [r] = result;
    expect(r!.status).toBe('rate_limited');
    const at = Date.parse((r as { retryAt: string }).retryAt);
    expect(at).toBeGreaterThanOrEqual(before + FAKE_RATE_LIMIT_SECONDS * 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + FAKE_RATE_LIMIT_SECONDS * 1000);
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'platform rate limit',
        platform: 'instagram',
        retryAt: new Date(at).toISOString(),
      }),
    );
  });

  it("a malformed body fails the account's posts", async () => {
    expect(await instagram().readContent([post('https://www.instagram.com/p/Cx/', 'malformed')])).toEqual([
      { status: 'failed', message: expect.stringContaining('not JSON') },
    ]);
  });

  it("a wrong token fails with Meta's OAuthException", async () => {
    const wrong = adapterFor('instagram', { instagram: { ...config().instagram!, accessToken: 'wrong' } });
    expect(await wrong.readContent([post('https://www.instagram.com/p/Cx/', 'brand.creator')])).toEqual([
      {
        status: 'failed',
        message: 'Instagram answered 400 (code 190): Invalid OAuth access token - Cannot parse access token',
      },
    ]);
  });

  it('reads followers_count; an unknown account is missing', async () => {
    expect(
      await instagram().readFollowers([
        accountRef('instagram', 'https://www.instagram.com/brand.creator/'),
        accountRef('instagram', 'https://www.instagram.com/missinguser/'),
      ]),
    ).toEqual([
      {
        status: 'ok',
        value: {
          followersCount: fakeFollowers('instagram/brand.creator', FAKE_NOW),
          source: SOURCE,
          fetchedAt: isoTime,
        },
      },
      { status: 'missing' },
    ]);
  });
});
