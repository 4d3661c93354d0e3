/** POST /v1/activities/content-link/connect and /disconnect, and the platform URL rules behind them. */
import { describe, expect, it } from 'vitest';
import { isContentUrlOf } from '../../../shared/domain/content-links.ts';
import { call } from '../../support/call.ts';
import { newActivity, paths } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

describe('content URLs per platform', () => {
  it('accepts the content URL shapes of each platform', () => {
    const good: [Parameters<typeof isContentUrlOf>[0], string][] = [
      ['instagram', 'https://www.instagram.com/p/CxYz_12-3/'],
      ['instagram', 'https://instagram.com/reel/CxYz123'],
      ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['youtube', 'https://youtu.be/dQw4w9WgXcQ'],
      ['youtube', 'https://m.youtube.com/shorts/dQw4w9WgXcQ'],
      ['tiktok', 'https://www.tiktok.com/@some.user/video/7234567890123456789'],
      ['twitter', 'https://twitter.com/jack/status/20'],
      ['twitter', 'https://x.com/jack/status/20'],
      ['linkedin', 'https://www.linkedin.com/posts/ada_launch-activity-7123-abcd'],
      ['linkedin', 'https://www.linkedin.com/feed/update/urn:li:activity:7123456789/'],
      ['reddit', 'https://www.reddit.com/r/typescript/comments/abc123/some_title/'],
    ];
    for (const [platform, url] of good)
      expect([platform, url, isContentUrlOf(platform, url)]).toEqual([platform, url, true]);
  });

  it("rejects profiles, other platforms' hosts, look-alike hosts and non-http schemes", () => {
    const bad: [Parameters<typeof isContentUrlOf>[0], string][] = [
      ['instagram', 'https://www.instagram.com/someone/'],
      ['instagram', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['youtube', 'https://www.youtube.com/@channel'],
      ['youtube', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
      ['tiktok', 'https://www.tiktok.com/@some.user'],
      ['twitter', 'https://x.com/jack'],
      ['linkedin', 'https://www.linkedin.com/in/ada/'],
      ['reddit', 'https://www.reddit.com/r/typescript/'],
      ['reddit', 'javascript:alert(1)//reddit.com/r/a/comments/b'],
      ['twitter', 'not a url'],
    ];
    for (const [platform, url] of bad)
      expect([platform, url, isContentUrlOf(platform, url)]).toEqual([platform, url, false]);
  });
});

describe('POST /v1/activities/content-link/connect', () => {
  it('sets the link and records that a metric fetch is due now', async () => {
    const org = await newOrg();
    const a = await newActivity(org, { channel: 'twitter', activity: 'twitter_post' });
    const before = new Date().toISOString();
    const res = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activity_id: a.id, platform: 'twitter', content_url: 'https://x.com/jack/status/20' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, contentHref: 'https://x.com/jack/status/20' });
    expect(res.body.data.metricsFetchDueAt >= before).toBe(true);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data).toEqual(res.body.data);
  });

  it('answers on a platform without public metrics that none can be read, at once, and counts it so in the reports', async () => {
    const org = await newOrg();
    const a = await newActivity(org, { channel: 'tiktok', activity: 'tiktok_video' });
    const res = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: {
        activityId: a.id,
        platform: 'tiktok',
        contentUrl: 'https://www.tiktok.com/@some.user/video/7234567890123456789',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, metricsUnavailableReason: 'platform_has_no_public_metrics' });
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data).toEqual(res.body.data);
    const report = await call('GET', `/v1/reporting/organization/metrics?organizationId=${org.organizationId}`, {
      token: org.owner.token,
    });
    expect(report.body._meta.warnings).toContain(
      "1 of 1 activities are on platforms that publish no metrics of other people's content (TikTok, LinkedIn): only manual counts can record them.",
    );
    // A platform with public metrics waits for its reading: no reason yet.
    const x = await newActivity(org, { channel: 'twitter', activity: 'twitter_post' });
    const connected = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: x.id, platform: 'twitter', contentUrl: 'https://x.com/jack/status/20' },
    });
    expect(connected.body.data.metricsUnavailableReason).toBeUndefined();
  });

  it('accepts a 2048-character URL and rejects 2049', async () => {
    const org = await newOrg();
    const a = await newActivity(org, { channel: 'reddit', activity: 'reddit_post' });
    const base = 'https://www.reddit.com/r/typescript/comments/abc123/';
    const at2048 = base + 't'.repeat(2048 - base.length);
    const ok = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: a.id, platform: 'reddit', contentUrl: at2048 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.contentHref).toHaveLength(2048);
    const long = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: a.id, platform: 'reddit', contentUrl: `${at2048}t` },
    });
    expect(long.status).toBe(400);
    expect(paths(long)).toEqual(['contentUrl']);
  });

  it("rejects a platform other than the activity's channel, and a URL of another platform", async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const wrongPlatform = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: a.id, platform: 'tiktok', contentUrl: 'https://www.tiktok.com/@a/video/1' },
    });
    expect(wrongPlatform.status).toBe(400);
    expect(paths(wrongPlatform)).toEqual(['platform']);
    const wrongUrl = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: a.id, platform: 'youtube', contentUrl: 'https://www.tiktok.com/@a/video/1' },
    });
    expect(wrongUrl.status).toBe(400);
    expect(paths(wrongUrl)).toEqual(['contentUrl']);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data.contentHref).toBeNull();
  });

  it('answers 404 to a member of another tenant', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const a = await newActivity(org);
    const res = await call('POST', '/v1/activities/content-link/connect', {
      token: other.owner.token,
      body: { activityId: a.id, platform: 'youtube', contentUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /v1/activities/content-link/disconnect', () => {
  it('removes the link and stops tracking', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const connected = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: a.id, platform: 'youtube', contentUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(connected.body.data.metricsFetchDueAt).not.toBeNull();
    const res = await call('POST', '/v1/activities/content-link/disconnect', {
      token: org.owner.token,
      body: { activityId: a.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, contentHref: null, metricsFetchDueAt: null });
    const missing = await call('POST', '/v1/activities/content-link/disconnect', { token: org.owner.token, body: {} });
    expect(paths(missing)).toEqual(['activityId']);
  });
});
