/**
 * The metric refresh end to end over HTTP, as a newcomer meets it: the local service (the same
 * server as `npm start`, with its platform fakes), a YouTube content link connected through the API,
 * `POST /local/jobs/refresh-metrics`, and numbers on the activity; a second run reads nothing more
 * (nothing is due yet); a TikTok activity says why it has no number and shows none; with an
 * `activityId`, one activity that is not due is read at once, and no other.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from './support/world.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
});

async function connected(channel: string, activity: string, contentUrl: string) {
  const token = world.users.owner.token;
  const created = await world.http('POST', '/v1/activities', {
    token,
    body: { organizationId: world.tenantId, channel, activity, name: `${channel} post` },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const res = await world.http('POST', '/v1/activities/content-link/connect', {
    token,
    body: { activityId: id, platform: channel, contentUrl },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

const activity = async (id: string) =>
  (await world.http('GET', `/v1/activities/${id}`, { token: world.users.owner.token })).body.data;

describe('POST /local/jobs/refresh-metrics', () => {
  it('reads a connected YouTube video at once and shows its numbers; a second run reads nothing', async () => {
    const id = await connected('youtube', 'youtube_video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const before = await activity(id);
    const run = await world.http('POST', '/local/jobs/refresh-metrics');
    expect(run.status).toBe(200);
    expect(run.body.counts).toMatchObject({ ok: 1, failed: 0 });
    const after = await activity(id);
    expect(after.impressions).toBeGreaterThan(0);
    expect(after.engagement).toBeGreaterThan(0);
    // The reading's own counts under YouTube's names, normalised as docs/decisions.md says.
    expect(after.latest.viewCount).toBe(after.impressions);
    expect(after.latest.likeCount + after.latest.commentCount).toBe(after.engagement);
    // And in one vocabulary for every platform.
    expect(after.latestCounts).toEqual({
      views: after.latest.viewCount,
      likes: after.latest.likeCount,
      comments: after.latest.commentCount,
      shares: null,
      saves: null,
      fetchedAt: after.lastFetchedAt,
      source: 'api',
    });
    expect(after).toMatchObject({ snapshotsCount: 1, lastFetchedAt: expect.any(String) });
    // Next reading in 2 hours (freshly connected).
    expect(Date.parse(after.metricsFetchDueAt) - Date.parse(before.metricsFetchDueAt)).toBeGreaterThanOrEqual(
      2 * 3_600_000,
    );

    const again = await world.http('POST', '/local/jobs/refresh-metrics');
    expect(again.body).toEqual({
      dispatched: 0,
      counts: { ok: 0, missing: 0, unavailable: 0, rate_limited: 0, failed: 0, stale: 0 },
    });
    expect(await activity(id)).toEqual(after);
  });

  it('a TikTok video shows why it has no number, and no number', async () => {
    const id = await connected('tiktok', 'tiktok_video', 'https://www.tiktok.com/@someone/video/7234567890123456789');
    const run = await world.http('POST', '/local/jobs/refresh-metrics');
    expect(run.body.counts).toMatchObject({ unavailable: 1, failed: 0 });
    const after = await activity(id);
    expect(after).toMatchObject({
      metricsUnavailableReason: 'platform_has_no_public_metrics',
      impressions: 0,
      engagement: 0,
      metricsFetchDueAt: null,
    });
  });
});

describe('POST /local/jobs/refresh-metrics {activityId}', () => {
  const refresh = (body: unknown) => world.http('POST', '/local/jobs/refresh-metrics', { body });

  it('reads that one activity at once though it is not due, and no other', async () => {
    const one = await connected('youtube', 'youtube_video', 'https://www.youtube.com/watch?v=one-at-once');
    const other = await connected('youtube', 'youtube_video', 'https://www.youtube.com/watch?v=not-this-one');
    // Both read once, so neither is due for two hours.
    expect((await world.http('POST', '/local/jobs/refresh-metrics')).body.counts).toMatchObject({ ok: 2 });
    const [oneBefore, otherBefore] = [await activity(one), await activity(other)];
    expect(Date.parse(oneBefore.metricsFetchDueAt)).toBeGreaterThan(Date.now());

    const run = await refresh({ activityId: one });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toEqual({
      dispatched: 1,
      counts: { ok: 1, missing: 0, unavailable: 0, rate_limited: 0, failed: 0, stale: 0 },
    });
    const oneAfter = await activity(one);
    expect(oneAfter.lastFetchedAt > oneBefore.lastFetchedAt).toBe(true);
    expect(oneAfter.metricsFetchDueAt >= oneBefore.metricsFetchDueAt).toBe(true);
    expect(await activity(other)).toEqual(otherBefore);
    // Nothing was queued besides: a plain run still finds nothing due.
    expect((await world.http('POST', '/local/jobs/refresh-metrics')).body.dispatched).toBe(0);
  });

  it('an activity that does not exist, or was deleted, is 404', async () => {
    const deleted = await connected('youtube', 'youtube_video', 'https://www.youtube.com/watch?v=soon-gone');
    const removed = await world.http('DELETE', `/v1/activities/${deleted}`, { token: world.users.owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    for (const activityId of [randomUUID(), deleted]) {
      const res = await refresh({ activityId });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
    }
  });

  it('an activity without a content link to read is 409', async () => {
    const created = await world.http('POST', '/v1/activities', {
      token: world.users.owner.token,
      body: { organizationId: world.tenantId, channel: 'youtube', activity: 'youtube_video', name: 'unlinked' },
    });
    const res = await refresh({ activityId: created.body.data.id });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict' });
  });

  it('a malformed activityId, an unknown field or a body that is not JSON is 400', async () => {
    const cases: [unknown, string][] = [
      [{ activityId: 'not-a-uuid' }, 'activityId'],
      [{ activityId: 42 }, 'activityId'],
      [{ activityId: randomUUID(), tenantId: randomUUID() }, 'tenantId'],
    ];
    for (const [body, path] of cases) {
      const res = await refresh(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', errors: [{ path, message: expect.any(String) }] });
    }
    const notJson = await fetch(`${world.service.url}/local/jobs/refresh-metrics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toBe('application/problem+json');
  });
});
