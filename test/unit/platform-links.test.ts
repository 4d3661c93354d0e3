/** The platform's own id of a connected content URL, as the adapters derive it; and reset headers read as times. */
import { describe, expect, it } from 'vitest';
import { resetAt } from '../../shared/integrations/platforms/http.ts';
import { instagramMedia, redditPostId, tweetId, youtubeVideoId } from '../../shared/integrations/platforms/links.ts';

describe('content ids from URLs', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/@someone', undefined],
    ['not a url', undefined],
  ])('YouTube %s -> %s', (url, id) => expect(youtubeVideoId(url)).toBe(id));

  it.each([
    ['https://www.reddit.com/r/test/comments/AbC123/title/', 'abc123'],
    ['https://old.reddit.com/comments/abc123', 'abc123'],
    ['https://redd.it/abc123', 'abc123'],
    ['https://www.reddit.com/r/test/', undefined],
  ])('Reddit %s -> %s', (url, id) => expect(redditPostId(url)).toBe(id));

  it.each([
    ['https://x.com/someone/status/1790000000000000001?s=20', '1790000000000000001'],
    ['https://twitter.com/i/web/status/1790000000000000001', '1790000000000000001'],
    ['https://x.com/someone', undefined],
    ['https://x.com/someone/status/notanumber', undefined],
  ])('X %s -> %s', (url, id) => expect(tweetId(url)).toBe(id));

  it.each([
    ['https://www.instagram.com/p/Cabc_1-2/', { shortcode: 'Cabc_1-2' }],
    ['https://www.instagram.com/reel/Cabc/?igsh=1', { shortcode: 'Cabc' }],
    ['https://www.instagram.com/Brand.Creator/p/Cabc/', { shortcode: 'Cabc', username: 'brand.creator' }],
    ['https://www.instagram.com/stories/someone/3300000000000000000/', undefined],
    ['https://www.instagram.com/a){x}/p/Cabc/', { shortcode: 'Cabc' }],
  ])('Instagram %s -> %j', (url, media) => expect(instagramMedia(url)).toEqual(media));
});

describe('resetAt', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it('reads epoch seconds (X) and seconds from now (Reddit)', () => {
    expect(resetAt(String(now.getTime() / 1000 + 900), 'epochSeconds', 1, now).toISOString()).toBe(
      '2026-11-23T12:15:00.000Z',
    );
    expect(resetAt('299.4', 'secondsFromNow', 1, now).toISOString()).toBe('2026-11-23T12:05:00.000Z');
  });
  it('falls back without a usable header, and never answers a time already past', () => {
    expect(resetAt(null, 'epochSeconds', 60_000, now).toISOString()).toBe('2026-11-23T12:01:00.000Z');
    expect(resetAt('soon', 'secondsFromNow', 60_000, now).toISOString()).toBe('2026-11-23T12:01:00.000Z');
    expect(resetAt(String(now.getTime() / 1000 - 5), 'epochSeconds', 60_000, now).toISOString()).toBe(
      '2026-11-23T12:00:01.000Z',
    );
  });
});
