/** GET /v1/activities/sparklines and /metrics/confidence. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confidenceLevel } from '../../../functions/activities/confidence-level.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { localDate } from '../../../shared/domain/dates.ts';
import { lastDays } from '../../../shared/domain/reporting/days.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { newActivity, paths } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

describe('GET /v1/activities/sparklines', () => {
  it('returns one zero-filled 30-day series per distinct id, in the order asked, in every array spelling', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const b = await newActivity(org);
    const zeros = lastDays(30, 'UTC').map((date) => ({ date, impressions: 0, engagement: 0 }));
    const expected = {
      items: [
        { activityId: b.id, points: zeros },
        { activityId: a.id, points: zeros },
      ],
      totalCount: 2,
      facets: {},
    };
    for (const query of [
      `activityIds=${b.id},${a.id}`,
      `activity_ids=${b.id}&activity_ids=${a.id}&activity_ids=${b.id}`,
      `activityIds[]=${b.id}&activityIds[]=${a.id}`,
    ]) {
      const res = await call('GET', `/v1/activities/sparklines?${query}`, { token: org.owner.token });
      expect(res.status, query).toBe(200);
      expect(res.body).toEqual(expected);
    }
  });

  it("shows each day's increase of a read activity on the day it was read", async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const [, yesterday, today] = lastDays(3, 'UTC');
    const read = (date: string, views: number, likes: number) => ({
      activityId: a.id,
      reading: {
        fields: { viewCount: views, likeCount: likes, commentCount: 0 },
        counts: { views, likes, comments: 0, shares: null, saves: null },
        impressions: views,
        engagement: likes,
        reach: null,
        source: { kind: 'api' as const, adapter: 'youtube-data-api', apiVersion: 'v3' },
        contentUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        fetchedAt: `${date}T12:00:00.000Z`,
      },
    });
    await recordReadings(org.organizationId, [read(yesterday!, 100, 4)]);
    await recordReadings(org.organizationId, [read(today!, 250, 9)]);
    const res = await call('GET', `/v1/activities/sparklines?activityIds=${a.id}`, { token: org.owner.token });
    expect(res.status).toBe(200);
    const points = res.body.items[0].points;
    expect(points).toHaveLength(30);
    expect(points.slice(-3)).toEqual([
      { date: lastDays(3, 'UTC')[0], impressions: 0, engagement: 0 },
      { date: yesterday, impressions: 100, engagement: 4 },
      { date: today, impressions: 150, engagement: 5 },
    ]);
  });

  it('takes 1 to 100 ids and rejects none or 101', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    expect(
      (await call('GET', `/v1/activities/sparklines?activityIds=${a.id}`, { token: org.owner.token })).body.totalCount,
    ).toBe(1);
    const hundred = [a.id, ...Array.from({ length: 99 }, () => randomUUID())];
    // 100 ids pass validation; the unknown ones are then 404.
    expect(
      (await call('GET', `/v1/activities/sparklines?activityIds=${hundred.join(',')}`, { token: org.owner.token }))
        .status,
    ).toBe(404);
    const tooMany = await call('GET', `/v1/activities/sparklines?activityIds=${[...hundred, randomUUID()].join(',')}`, {
      token: org.owner.token,
    });
    expect(tooMany.status).toBe(400);
    expect(paths(tooMany)).toEqual(['activityIds']);
    expect(paths(await call('GET', '/v1/activities/sparklines', { token: org.owner.token }))).toEqual(['activityIds']);
  });

  it("answers 404 when an id is of another tenant, or when the caller is not a member of the first id's tenant", async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const mine = await newActivity(org);
    const theirs = await newActivity(other);
    expect(
      (await call('GET', `/v1/activities/sparklines?activityIds=${mine.id},${theirs.id}`, { token: org.owner.token }))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/v1/activities/sparklines?activityIds=${theirs.id},${mine.id}`, { token: org.owner.token }))
        .status,
    ).toBe(404);
    const stranger = await signUp('Stranger');
    expect(
      (await call('GET', `/v1/activities/sparklines?activityIds=${mine.id}`, { token: stranger.token })).status,
    ).toBe(404);
  });
});

describe('GET /v1/activities/metrics/confidence', () => {
  it('is none with no snapshots, counting the activities whose day falls in the range', async () => {
    const org = await newOrg();
    await newActivity(org, { startAt: '2026-02-01T12:00:00Z' });
    await newActivity(org, { startAt: '2026-02-10T12:00:00Z' });
    await newActivity(org, { startAt: '2026-03-01T12:00:00Z' });
    const res = await call(
      'GET',
      `/v1/activities/metrics/confidence?organizationId=${org.organizationId}&startDate=2026-02-01&endDate=2026-02-10`,
      {
        token: org.owner.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        level: 'none',
        activitiesConsidered: 2,
        activitiesWithSnapshots: 0,
        snapshotsCount: 0,
        coverage: 0,
        newestSnapshotAt: null,
        startDate: '2026-02-01',
        endDate: '2026-02-10',
      },
    });
    const open = await call('GET', `/v1/activities/metrics/confidence?organizationId=${org.organizationId}`, {
      token: org.owner.token,
    });
    // Open: the 366 days up to today (metrics-confidence-range.test.ts).
    expect(open.body.data).toMatchObject({
      level: 'none',
      activitiesConsidered: 3,
      endDate: localDate(new Date(), 'UTC'),
    });
  });

  it('counts the snapshots the writer keeps and grades their age', async () => {
    const org = await newOrg();
    const read = await newActivity(org);
    await newActivity(org);
    const now = Date.now();
    for (const hoursAgo of [30, 20, 10]) {
      await recordReadings(org.organizationId, [
        {
          activityId: read.id,
          reading: {
            fields: { viewCount: 100 - hoursAgo },
            counts: { views: 100 - hoursAgo, likes: null, comments: null, shares: null, saves: null },
            impressions: 100 - hoursAgo,
            engagement: null,
            reach: null,
            source: { kind: 'api', adapter: 'youtube-data-api', apiVersion: 'v3' },
            contentUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            fetchedAt: new Date(now - hoursAgo * 3_600_000).toISOString(),
          },
        },
      ]);
    }
    const res = await call('GET', `/v1/activities/metrics/confidence?organizationId=${org.organizationId}`, {
      token: org.owner.token,
    });
    expect(res.status).toBe(200);
    // 1 of 2 activities read, 3 snapshots, the newest 10 h old: 50 % coverage within 7 days is medium.
    expect(res.body.data).toMatchObject({
      level: 'medium',
      activitiesConsidered: 2,
      activitiesWithSnapshots: 1,
      snapshotsCount: 3,
      coverage: 0.5,
      newestSnapshotAt: new Date(now - 10 * 3_600_000).toISOString(),
    });
  });

  it('answers coverage null when nothing is considered, and rejects bad or reversed dates', async () => {
    const org = await newOrg();
    const empty = await call('GET', `/v1/activities/metrics/confidence?organizationId=${org.organizationId}`, {
      token: org.owner.token,
    });
    expect(empty.body.data).toMatchObject({ level: 'none', activitiesConsidered: 0, coverage: null });
    for (const [query, field] of [
      ['startDate=2026-02-30', 'startDate'],
      ['endDate=2026-2-1', 'endDate'],
      ['startDate=2026-02-02&endDate=2026-02-01', 'endDate'],
    ]) {
      const res = await call('GET', `/v1/activities/metrics/confidence?organizationId=${org.organizationId}&${query}`, {
        token: org.owner.token,
      });
      expect(res.status, query).toBe(400);
      expect(paths(res)).toEqual([field]);
    }
  });

  it('answers 403 naming the organization to a non-member', async () => {
    const org = await newOrg();
    const stranger = await signUp('Stranger');
    const res = await call('GET', `/v1/activities/metrics/confidence?organizationId=${org.organizationId}`, {
      token: stranger.token,
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/organization/);
  });

  it('grades snapshot counts and ages as shared/domain/metrics-confidence.md defines', () => {
    const now = Date.parse('2026-06-10T00:00:00Z');
    const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();
    expect(confidenceLevel([], now)).toBe('none');
    expect(confidenceLevel([{ count: 0, newestAt: null }], now)).toBe('none');
    expect(
      confidenceLevel(
        [
          { count: 3, newestAt: ago(2) },
          { count: 5, newestAt: ago(1) },
        ],
        now,
      ),
    ).toBe('high');
    expect(
      confidenceLevel(
        [
          { count: 2, newestAt: ago(1) },
          { count: 5, newestAt: ago(1) },
        ],
        now,
      ),
    ).toBe('medium');
    expect(
      confidenceLevel(
        [
          { count: 3, newestAt: ago(3) },
          { count: 0, newestAt: null },
        ],
        now,
      ),
    ).toBe('medium');
    expect(confidenceLevel([{ count: 3, newestAt: ago(8) }], now)).toBe('low');
    expect(
      confidenceLevel(
        [
          { count: 3, newestAt: ago(1) },
          { count: 0, newestAt: null },
          { count: 0, newestAt: null },
        ],
        now,
      ),
    ).toBe('low');
  });
});
