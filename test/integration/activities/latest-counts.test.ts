/**
 * Activity records carry `latestCounts` (docs/decisions.md "Figures a reader can check"): the newest
 * reading in one vocabulary for every platform, null before the first reading, on every route
 * that returns the record.
 */
import { describe, expect, it } from 'vitest';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { twitterReading, youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';
import { newActivity } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

describe('latestCounts', () => {
  it('is null until the activity is read, then the newest reading as views, likes, comments and shares', async () => {
    const org = await newOrg();
    const req = (method: string, url: string, body?: unknown) => expectCall(org.owner.token, method, url, body);
    const created = await newActivity(org, { name: 'Counted' });
    expect(created.latestCounts).toBeNull();
    expect((await req('GET', `/v1/activities/${created.id}`)).data.latestCounts).toBeNull();

    await recordReadings(org.organizationId, [
      {
        activityId: created.id,
        reading: youtubeReading('2026-03-12T15:00:00.000Z', { views: 64_302, likes: 1_200, comments: 80 }),
      },
    ]);
    await recordReadings(org.organizationId, [
      {
        activityId: created.id,
        reading: youtubeReading('2026-03-13T15:00:00.000Z', { views: 70_000, likes: 1_300, comments: 90 }),
      },
    ]);
    const expected = {
      views: 70_000,
      likes: 1_300,
      comments: 90,
      shares: null,
      saves: null,
      fetchedAt: '2026-03-13T15:00:00.000Z',
      source: 'api',
    };

    expect((await req('GET', `/v1/activities/${created.id}`)).data.latestCounts).toEqual(expected);
    const listed = (
      await req('GET', `/v1/activities?organizationId=${org.organizationId}&pageIndex=0&pageSize=10`)
    ).items.find((a: { id: string }) => a.id === created.id);
    expect(listed.latestCounts).toEqual(expected);
    expect((await req('PATCH', `/v1/activities/${created.id}`, { name: 'Counted again' })).data.latestCounts).toEqual(
      expected,
    );
  });

  it("carries every count an X post's engagement adds up: likes + replies + shares (reposts + quotes) + saves (bookmarks)", async () => {
    const org = await newOrg();
    const req = (method: string, url: string, body?: unknown) => expectCall(org.owner.token, method, url, body);
    const post = await newActivity(org, { channel: 'twitter', activity: 'twitter_post', name: 'Thread' });
    // The post: likes + replies + shares = 7,743, engagement 8,445 with its 702 bookmarks.
    const metrics = {
      impression_count: 250_000,
      like_count: 6_900,
      reply_count: 343,
      retweet_count: 400,
      quote_count: 100,
      bookmark_count: 702,
    };
    await recordReadings(org.organizationId, [
      { activityId: post.id, reading: twitterReading('2026-03-12T15:00:00.000Z', metrics) },
    ]);

    const read = (await req('GET', `/v1/activities/${post.id}`)).data;
    expect(read.latestCounts).toEqual({
      views: 250_000,
      likes: 6_900,
      comments: 343,
      shares: 500,
      saves: 702,
      fetchedAt: '2026-03-12T15:00:00.000Z',
      source: 'api',
    });
    const sum = (c: { likes: number | null; comments: number | null; shares: number | null; saves: number | null }) =>
      (c.likes ?? 0) + (c.comments ?? 0) + (c.shares ?? 0) + (c.saves ?? 0);
    expect(sum(read.latestCounts)).toBe(8_445);
    expect(read.engagement).toBe(8_445);
    expect(read.latestCounts.views).toBe(read.impressions);

    // A manual like count overrides the read one: shown in its place, the source mixed, the sum still the engagement.
    const patched = (await req('PATCH', `/v1/activities/${post.id}`, { name: 'Thread', likeCount: 7_000 })).data;
    expect(patched.latestCounts).toMatchObject({
      views: 250_000,
      likes: 7_000,
      comments: 343,
      shares: 500,
      saves: 702,
      source: 'mixed',
    });
    expect(patched.latestCounts.fetchedAt).toBe(patched.updatedAt);
    expect(patched.engagement).toBe(8_545);
    expect(sum(patched.latestCounts)).toBe(patched.engagement);
    expect((await req('GET', `/v1/activities/${post.id}`)).data.latestCounts).toEqual(patched.latestCounts);

    // Cleared, the read count is back, and so is the source.
    const cleared = (await req('PATCH', `/v1/activities/${post.id}`, { name: 'Thread', likeCount: null })).data;
    expect(cleared.latestCounts).toEqual(read.latestCounts);
  });

  it('shows manual counts of an activity never read, source manual', async () => {
    const org = await newOrg();
    const req = (method: string, url: string, body?: unknown) => expectCall(org.owner.token, method, url, body);
    const clip = await newActivity(org, { channel: 'tiktok', activity: 'tiktok_video', name: 'Clip' });
    const patched = (
      await req('PATCH', `/v1/activities/${clip.id}`, {
        name: 'Clip',
        viewsCount: 12_000,
        likeCount: 800,
        replyCount: 45,
      })
    ).data;
    expect(patched.latestCounts).toEqual({
      views: 12_000,
      likes: 800,
      comments: 45,
      shares: null,
      saves: null,
      fetchedAt: patched.updatedAt,
      source: 'manual',
    });
    expect(patched.latestCounts.likes + patched.latestCounts.comments).toBe(patched.engagement);
  });
});
