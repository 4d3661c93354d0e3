/** GET /v1/creators/metrics and /metrics/history: stored aggregates, currency handling, zero-filled history. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { localDate } from '../../../shared/domain/dates.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, newMember } from '../workspaces/helpers.ts';
import { addToCreatorAggregates, createCreator } from './helpers.ts';

let owner: TestUser;
let viewer: TestUser;
let ws: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  ws = (await createWorkspace(owner, { currency: 'GBP', ianaTimezone: 'Pacific/Auckland' })).id;
  viewer = await newMember(ws, owner, 'viewer');
});

const metrics = (creatorId: string, workspaceId = ws, token = viewer.token) =>
  call('GET', `/v1/creators/metrics?workspaceId=${workspaceId}&creatorId=${creatorId}`, { token });

describe('GET /v1/creators/metrics', () => {
  it('reports zeros and null ratios for a creator without activity', async () => {
    const creator = await createCreator(owner, ws);
    const res = await metrics(creator.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      creatorId: creator.id,
      currency: 'GBP',
      activitiesCount: 0,
      totalFollowersCount: 0,
      impressions: 0,
      engagement: 0,
      spend: 0,
      cpm: null,
      cpe: null,
    });
    expect(res.body._meta).toMatchObject({ currency: 'GBP', freshness: null, warnings: [] });
  });

  it('computes spend in the workspace currency with CPM and CPE; other currencies listed apart and warned about', async () => {
    const creator = await createCreator(owner, ws);
    await addToCreatorAggregates(ws, creator.id, { counts: { totalFollowersCount: 12_000 } });
    // Two activities with both spend and metrics: 100 GBP over 3000 impressions and 7 engagements.
    for (const [views, likes, amount] of [
      [1000, 3, 40],
      [2000, 4, 60],
    ] as const) {
      const activity = await createActivity(ws, {
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'Video',
        creatorId: creator.id,
      });
      const patched = await call('PATCH', `/v1/activities/${activity.id}`, {
        token: owner.token,
        body: { name: 'Video', viewsCount: views, likeCount: likes },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      for (const [currency, value] of [['GBP', amount], ...(views === 1000 ? [['ARS', 40.5]] : [])] as const) {
        const cost = await call('POST', '/v1/activities/costs', {
          token: owner.token,
          body: { activityId: activity.id, amount: value, currency, type: 'creator_fee' },
        });
        expect(cost.status, JSON.stringify(cost.body)).toBe(201);
      }
    }
    const res = await metrics(creator.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      currency: 'GBP',
      activitiesCount: 2,
      totalFollowersCount: 12_000,
      impressions: 3000,
      engagement: 7,
      spend: 100,
      otherCurrencySpend: { ARS: 40.5 },
      cpm: 33.33,
      cpe: 14.29,
    });
    // One warning names the other currency (others may name missing evidence, such as coverage).
    expect(res.body._meta.warnings.filter((w: string) => w.includes('ARS'))).toEqual([
      '40.5 ARS of costs is left out of the GBP figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
    ]);
  });

  it('answers 404 for a creator of another workspace or none, 403 for a workspace the caller is not in', async () => {
    const creator = await createCreator(owner, ws);
    const other = (await createWorkspace(owner)).id;
    expectProblem(await metrics(creator.id, other, owner.token), 404, 'not_found');
    expectProblem(await metrics(randomUUID()), 404, 'not_found');
    const outsider = await signUp('Outsider');
    expectProblem(await metrics(creator.id, ws, outsider.token), 403, 'forbidden');
    expectProblem(
      await call('GET', `/v1/creators/metrics?workspaceId=${ws}`, { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
  });
});

describe('GET /v1/creators/metrics/history', () => {
  const history = (creatorId: string, query = '') =>
    call('GET', `/v1/creators/metrics/history?workspaceId=${ws}&creatorId=${creatorId}${query}`, {
      token: viewer.token,
    });

  it('lists 30 zero-filled days by default, oldest first, ending today in the workspace timezone', async () => {
    const creator = await createCreator(owner, ws);
    const res = await history(creator.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(30);
    expect(res.body.items).toHaveLength(30);
    const today = localDate(new Date(), 'Pacific/Auckland');
    expect(res.body.items.at(-1)).toEqual({ date: today, impressions: 0, engagement: 0, spend: 0 });
    const dates = res.body.items.map((r: { date: string }) => r.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    expect(Date.parse(`${dates[29]}T00:00:00Z`) - Date.parse(`${dates[0]}T00:00:00Z`)).toBe(29 * 86_400_000);
  });

  it('takes daysBack 1 and 365, rejects 0 and 366', async () => {
    const creator = await createCreator(owner, ws);
    expect((await history(creator.id, '&daysBack=1')).body.items).toHaveLength(1);
    expect((await history(creator.id, '&daysBack=365')).body.items).toHaveLength(365);
    expectProblem(await history(creator.id, '&daysBack=0'), 400, 'invalid_input', 'any');
    expectProblem(await history(creator.id, '&daysBack=366'), 400, 'invalid_input', 'any');
    expectProblem(await history(randomUUID()), 404, 'not_found');
  });
});
