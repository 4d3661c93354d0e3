/** The YouTube Data API v3 adapter against the local fake over HTTP. */
import { describe, expect, it } from 'vitest';
import { fakeCounts, fakeFollowers } from '../../../infra/local/fakes/platforms.ts';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import { nextPacificMidnight } from '../../../shared/integrations/platforms/youtube.ts';
import { accountRef, contentRef, FAKE_NOW, isoTime, logLines, useFakePlatforms } from './support.ts';

const { fake, config } = useFakePlatforms();
const youtube = () => adapterFor('youtube', config());
const video = (url: string) => contentRef('youtube', url);
const SOURCE = { kind: 'api', adapter: 'youtube-data-api', apiVersion: 'v3' };

describe('YouTube adapter', () => {
  it('reads views, likes and comments of watch, youtu.be, shorts and live URLs, normalised', async () => {
    const urls = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      'https://youtu.be/aaaaaaaaaa1',
      'https://www.youtube.com/shorts/bbbbbbbbbb2',
      'https://youtube.com/live/ccccccccc3?si=x',
    ];
    const results = await youtube().readContent(urls.map(video));
    const ids = ['dQw4w9WgXcQ', 'aaaaaaaaaa1', 'bbbbbbbbbb2', 'ccccccccc3'];
    expect(results).toEqual(
      ids.map((id, i) => {
        const c = fakeCounts(`youtube:${id}`, FAKE_NOW);
        return {
          status: 'ok',
          value: {
            fields: { viewCount: c.views, likeCount: c.likes, favoriteCount: 0, commentCount: c.comments },
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
  });

  it('answers missing for a video YouTube does not return, and for a URL that names no video, beside the others', async () => {
    const results = await youtube().readContent([
      video('https://youtu.be/missingAAAA'),
      video('https://www.youtube.com/watch?v=okokokokok1'),
      video('https://www.youtube.com/watch'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['missing', 'ok', 'missing']);
  });

  it('reads 51 videos in two calls of at most 50 ids', async () => {
    const before = fake().calls.length;
    const ids = Array.from({ length: 51 }, (_, i) => `vid${String(i).padStart(8, '0')}`);
    const results = await youtube().readContent(ids.map((id) => video(`https://youtu.be/${id}`)));
    const calls = fake().calls.slice(before);
    expect(calls.map((c) => c.query.get('id')!.split(',').length)).toEqual([50, 1]);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
  });

  it('a quota error is rate limited until midnight Pacific time, logged with that time', async () => {
    const { result, lines } = await logLines(() =>
      youtube().readContent([video('https://youtu.be/ratelimitAA'), video('https://youtu.be/okokokokok2')]),
    );
    const retryAt = nextPacificMidnight(new Date()).toISOString();
    expect(result).toEqual([
      { status: 'rate_limited', retryAt },
      { status: 'rate_limited', retryAt },
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'platform rate limit', platform: 'youtube', retryAt }),
    );
  });

  it('midnight Pacific is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(nextPacificMidnight(new Date('2026-01-15T20:00:00Z')).toISOString()).toBe('2026-01-16T08:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-07-15T06:59:00Z')).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-07-15T07:00:00Z')).toISOString()).toBe('2026-07-16T07:00:00.000Z');
  });

  it("a malformed body fails the call's items, it does not throw", async () => {
    const results = await youtube().readContent([
      video('https://youtu.be/malformedAA'),
      video('https://youtu.be/okokokokok3'),
    ]);
    expect(results).toEqual([
      { status: 'failed', message: expect.stringContaining('not JSON') },
      { status: 'failed', message: expect.stringContaining('not JSON') },
    ]);
  });

  it("a wrong API key fails with YouTube's message", async () => {
    const wrong = adapterFor('youtube', { youtube: { ...config().youtube!, apiKey: 'wrong' } });
    expect(await wrong.readContent([video('https://youtu.be/okokokokok4')])).toEqual([
      { status: 'failed', message: 'YouTube answered 400: API key not valid. Please pass a valid API key.' },
    ]);
  });

  it('reads subscribers by handle and by channel id; an unknown channel is missing', async () => {
    const results = await youtube().readFollowers([
      accountRef('youtube', 'https://www.youtube.com/@SomeCreator'),
      accountRef('youtube', 'https://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa'),
      accountRef('youtube', 'https://www.youtube.com/@missingchan'),
    ]);
    expect(results).toEqual([
      {
        status: 'ok',
        value: { followersCount: fakeFollowers('@somecreator', FAKE_NOW), source: SOURCE, fetchedAt: isoTime },
      },
      {
        status: 'ok',
        value: {
          followersCount: fakeFollowers('UCaaaaaaaaaaaaaaaaaaaaaa', FAKE_NOW),
          source: SOURCE,
          fetchedAt: isoTime,
        },
      },
      { status: 'missing' },
    ]);
    const channelCalls = fake().calls.filter((c) => c.path === '/youtube/v3/channels');
    expect(channelCalls.map((c) => c.query.get('forHandle') ?? c.query.get('id'))).toEqual([
      '@somecreator',
      'UCaaaaaaaaaaaaaaaaaaaaaa',
      '@missingchan',
    ]);
  });
});
