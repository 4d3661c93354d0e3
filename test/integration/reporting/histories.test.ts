/**
 * Histories: exactly `daysBack` rows ending today in the tenant's timezone (its day boundary, not
 * UTC's), zero-filled, from the day rollups; spend history over a date range with its running total;
 * spend moving between days when an activity's startAt changes; readiness of an empty and a complete campaign.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient } from '../../../shared/db/table/client.ts';
import { dayRollupUpdate } from '../../../shared/db/metrics/day-rollups.ts';
import { call } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

const get = async (path: string, query: Record<string, string | number>, status = 200) => {
  const res = await call(
    'GET',
    `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
    { token: owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

describe('metric histories', () => {
  it('ends today in the tenant timezone, one row per day, zero-filled', async () => {
    const orgId = await newOrganization(owner, { ianaTimezone: 'America/Los_Angeles' });
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          dayRollupUpdate(orgId, { kind: 'tenant' }, '2026-03-06', { impressions: 1 }),
          dayRollupUpdate(orgId, { kind: 'tenant' }, '2026-03-08', {
            impressions: 100,
            engagement: 7,
            spend: { USD: 10.1, EUR: 3 },
          }),
          dayRollupUpdate(orgId, { kind: 'tenant' }, '2026-03-09', { impressions: 5, spend: { USD: 0.2 } }),
          dayRollupUpdate(orgId, { kind: 'tenant' }, '2026-03-10', { impressions: 9 }),
        ].map((u) => u!),
      }),
    );
    // 06:00 UTC on March 10th is still March 9th in Los Angeles (UTC-7).
    const body = await atInstant(Date.parse('2026-03-10T06:00:00Z'), () =>
      get('/v1/reporting/organization/metrics/history', { organizationId: orgId, daysBack: 3 }),
    );
    expect(body.items).toEqual([
      { date: '2026-03-07', impressions: 0, engagement: 0, spend: 0 },
      { date: '2026-03-08', impressions: 100, engagement: 7, spend: 10.1 },
      { date: '2026-03-09', impressions: 5, engagement: 0, spend: 0.2 },
    ]);
    expect(body.totalCount).toBe(3);
    expect(body._meta.warnings).toContain(
      '3 EUR of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
    );
    const defaults = await get('/v1/reporting/organization/metrics/history', { organizationId: orgId });
    expect(defaults.items).toHaveLength(30);
    for (const daysBack of [0, 366, 'x'])
      await get('/v1/reporting/organization/metrics/history', { organizationId: orgId, daysBack }, 400);
  });

  it("ends a creator's history today in the tenant timezone under both routes, from real writes", async () => {
    const orgId = await newOrganization(owner, { ianaTimezone: 'Asia/Tokyo' });
    const send = async (method: string, path: string, body: Record<string, unknown>, status: number) => {
      const res = await call(method, path, { token: owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body.data;
    };
    const creator = await send('POST', '/v1/creators', { workspaceId: orgId, name: 'Ada' }, 201);
    // 16:30 UTC on March 9th is March 10th in Tokyo (UTC+9): the cost counts on the 10th.
    const activity = await send(
      'POST',
      '/v1/activities',
      {
        organizationId: orgId,
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'Clip',
        creatorId: creator.id,
        startAt: '2026-03-09T16:30:00.000Z',
      },
      201,
    );
    await newCost(owner, { activityId: activity.id, amount: 4.5 });
    // Manual counts entered at 17:00 UTC on March 9th: March 10th in Tokyo.
    await atInstant(Date.parse('2026-03-09T17:00:00Z'), () =>
      send(
        'PATCH',
        `/v1/activities/${activity.id}`,
        { name: 'Clip', viewsCount: 1200, likeCount: 30, replyCount: 5 },
        200,
      ),
    );
    const expected = [
      { date: '2026-03-08', impressions: 0, engagement: 0, spend: 0 },
      { date: '2026-03-09', impressions: 0, engagement: 0, spend: 0 },
      { date: '2026-03-10', impressions: 1200, engagement: 35, spend: 4.5 },
    ];
    // Read at 18:00 UTC on March 9th, still the 9th in UTC but already the 10th in Tokyo.
    const at = Date.parse('2026-03-09T18:00:00Z');
    const reporting = await atInstant(at, () =>
      get('/v1/reporting/creator/metrics/history', { organizationId: orgId, creatorId: creator.id, daysBack: 3 }),
    );
    const creators = await atInstant(at, () =>
      get('/v1/creators/metrics/history', { workspaceId: orgId, creatorId: creator.id, daysBack: 3 }),
    );
    expect(reporting.items).toEqual(expected);
    expect(creators.items).toEqual(expected);
    expect(creators.totalCount).toBe(3);
  });

  it('reports a campaign, creator and activity history from their own rollups', async () => {
    const orgId = await newOrganization(owner);
    const campaign = await createCampaign(orgId, { name: 'Days' });
    const activity = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Clip',
      startAt: new Date().toISOString(),
    });
    await linkActivity(orgId, campaign.id, activity.id);
    await newCost(owner, { activityId: activity.id, amount: 4.5 });
    for (const [path, query] of [
      ['/v1/reporting/campaign/metrics/history', { campaignId: campaign.id }],
      ['/v1/reporting/activity/metrics/history', { activityId: activity.id }],
    ] as const) {
      const body = await get(path, { organizationId: orgId, daysBack: 2, ...query });
      expect(body.items.map((r: { spend: number }) => r.spend)).toEqual([0, 4.5]);
    }
  });
});

describe('spend history', () => {
  it('lists daily spend with its running total, the days inclusive, and moves spend when startAt changes', async () => {
    const orgId = await newOrganization(owner, { ianaTimezone: 'Asia/Tokyo' });
    const activity = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Clip',
      startAt: '2026-02-01T15:30:00.000Z',
    });
    await newCost(owner, { activityId: activity.id, amount: 10.05 });
    await newCost(owner, { activityId: activity.id, amount: 0.1 });
    const other = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Other',
      startAt: '2026-02-03T00:00:00.000Z',
    });
    await newCost(owner, { activityId: other.id, amount: 5 });
    await newCost(owner, { activityId: other.id, amount: 700, currency: 'CLP' });
    const range = { organizationId: orgId, startDate: '2026-02-01', endDate: '2026-02-04' };
    const body = await get('/v1/reporting/spend/history', range);
    // 15:30Z on Feb 1st is Feb 2nd in Tokyo.
    expect(body.items).toEqual([
      { date: '2026-02-01', amount: 0, cumulativeAmount: 0 },
      { date: '2026-02-02', amount: 10.15, cumulativeAmount: 10.15 },
      { date: '2026-02-03', amount: 5, cumulativeAmount: 15.15 },
      { date: '2026-02-04', amount: 0, cumulativeAmount: 15.15 },
    ]);
    expect(body._meta.warnings).toContain(
      '700 CLP of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
    );

    const moved = await call('PATCH', `/v1/activities/${activity.id}`, {
      token: owner.token,
      body: { name: 'Clip', startAt: '2026-02-04T01:00:00.000Z' },
    });
    expect(moved.status).toBe(200);
    expect((await get('/v1/reporting/spend/history', range)).items.map((r: { amount: number }) => r.amount)).toEqual([
      0, 0, 5, 10.15,
    ]);
  });

  it('refuses a range that ends before it starts or is longer than 366 days (400)', async () => {
    const orgId = await newOrganization(owner);
    await get(
      '/v1/reporting/spend/history',
      { organizationId: orgId, startDate: '2026-02-02', endDate: '2026-02-01' },
      400,
    );
    await get(
      '/v1/reporting/spend/history',
      { organizationId: orgId, startDate: '2025-01-01', endDate: '2026-01-02' },
      400,
    );
    await get(
      '/v1/reporting/spend/history',
      { organizationId: orgId, startDate: '2026-02-30', endDate: '2026-03-01' },
      400,
    );
    expect(
      (
        await get('/v1/reporting/spend/history', {
          organizationId: orgId,
          startDate: '2024-01-01',
          endDate: '2024-12-31',
        })
      ).items,
    ).toHaveLength(366);
  });
});

describe('campaign readiness', () => {
  it('lists every check as missing for an empty campaign and none for a complete one', async () => {
    const orgId = await newOrganization(owner);
    const empty = await createCampaign(orgId, { name: 'Empty' });
    const names = [
      'summary',
      'objective',
      'audience',
      'desiredOutcomes',
      'channels',
      'startAt',
      'endAt',
      'ownerUserId',
      'budget',
      'activities',
    ];
    const bare = (await get('/v1/reporting/campaign/readiness', { organizationId: orgId, campaignId: empty.id })).data;
    expect(bare).toMatchObject({ campaignId: empty.id, ready: false, missing: names });
    expect(bare.checks.map((c: { field: string; ok: boolean }) => [c.field, c.ok])).toEqual(
      names.map((n) => [n, false]),
    );
    expect(bare.checks[0].message).toBe('The campaign needs a summary before launch.');

    const complete = await createCampaign(orgId, {
      name: 'Complete',
      summary: 'Spring launch',
      objective: 'Awareness',
      audience: 'Runners',
      desiredOutcomes: 'Sign-ups',
      channels: ['youtube'],
      startAt: '2026-04-01T00:00:00.000Z',
      endAt: '2026-04-30T00:00:00.000Z',
      ownerUserId: owner.userId,
      budget: 500,
    });
    await linkActivity(
      orgId,
      complete.id,
      (await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' })).id,
    );
    const full = (await get('/v1/reporting/campaign/readiness', { organizationId: orgId, campaignId: complete.id }))
      .data;
    expect(full).toMatchObject({ ready: true, missing: [] });
    expect(full.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(full.checks[9].message).toBe('The campaign has at least one linked activity.');
  });
});
