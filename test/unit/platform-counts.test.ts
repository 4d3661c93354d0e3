/**
 * Each platform's counts in one vocabulary (docs/decisions.md "Figures a reader can check": `latestCounts`):
 * views, likes, comments and shares from the platform's own fields, null where it publishes (or
 * gives) no such count.
 */
import { describe, expect, it } from 'vitest';
import { instagramCounts } from '../../shared/integrations/platforms/instagram.ts';
import { redditCounts } from '../../shared/integrations/platforms/reddit.ts';
import { twitterCounts } from '../../shared/integrations/platforms/twitter.ts';
import { youtubeCounts } from '../../shared/integrations/platforms/youtube.ts';

describe('platform counts in one vocabulary', () => {
  it('YouTube: views are viewCount, likes likeCount, comments commentCount; it publishes no shares', () => {
    expect(youtubeCounts({ viewCount: 64_302, likeCount: 1_200, favoriteCount: 0, commentCount: 80 })).toEqual({
      views: 64_302,
      likes: 1_200,
      comments: 80,
      shares: null,
      saves: null,
    });
    // A video whose owner hides its likes.
    expect(youtubeCounts({ viewCount: 10, commentCount: 2 })).toEqual({
      views: 10,
      likes: null,
      comments: 2,
      shares: null,
      saves: null,
    });
  });

  it('X: views are impression_count, likes like_count, comments reply_count, shares reposts + quotes, saves bookmarks', () => {
    const fields = {
      impression_count: 9_000,
      like_count: 300,
      reply_count: 40,
      retweet_count: 25,
      quote_count: 5,
      bookmark_count: 70,
    };
    expect(twitterCounts(fields)).toEqual({ views: 9_000, likes: 300, comments: 40, shares: 30, saves: 70 });
    expect(twitterCounts({ like_count: 1, quote_count: 2 })).toEqual({
      views: null,
      likes: 1,
      comments: null,
      shares: 2,
      saves: null,
    });
    expect(twitterCounts({ like_count: 1 })).toEqual({
      views: null,
      likes: 1,
      comments: null,
      shares: null,
      saves: null,
    });
  });

  it('Instagram: views where given, likes like_count, comments comments_count; it publishes no shares', () => {
    expect(instagramCounts({ like_count: 50, comments_count: 4, view_count: 2_000 })).toEqual({
      views: 2_000,
      likes: 50,
      comments: 4,
      shares: null,
      saves: null,
    });
    // A photo has no views; an owner may hide likes.
    expect(instagramCounts({ comments_count: 4 })).toEqual({
      views: null,
      likes: null,
      comments: 4,
      shares: null,
      saves: null,
    });
  });

  it('Reddit: no views, likes are ups, comments num_comments; it publishes no shares', () => {
    const fields = { ups: 120, downs: 0, score: 118, num_comments: 33, num_crossposts: 2, total_awards_received: 0 };
    expect(redditCounts(fields)).toEqual({ views: null, likes: 120, comments: 33, shares: null, saves: null });
  });
});
