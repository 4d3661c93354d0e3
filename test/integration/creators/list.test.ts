/** GET /v1/creators: paging edges, search, sort columns (metrics from stored aggregates), date range in the workspace timezone, activity and role filters, facets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, newMember } from '../workspaces/helpers.ts';
import { addToCreatorAggregates, createCreator, setCreatedAt } from './helpers.ts';

let owner: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

const listOf = (workspaceId: string, query: Record<string, string | number>, token = owner.token) =>
  call(
    'GET',
    `/v1/creators?${new URLSearchParams({ workspaceId, pageIndex: '0', pageSize: '10', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    { token },
  );

const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((c) => c.name);

describe('paging', () => {
  it('answers an empty list for a workspace without creators', async () => {
    const ws = (await createWorkspace(owner)).id;
    const res = await listOf(ws, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ items: [], totalCount: 0, facets: { role: {} } });
    expect(res.body._meta.requestId).toBeTypeOf('string');
  });

  it('pages an exact multiple and a last partial page without repeats, newest first by default', async () => {
    const ws = (await createWorkspace(owner)).id;
    for (let i = 0; i < 6; i++) {
      const c = await createCreator(owner, ws, { name: `C${i}` });
      await setCreatedAt(ws, c.id, `2025-01-0${i + 1}T12:00:00.000Z`);
    }
    const first = await listOf(ws, { pageSize: 3, pageIndex: 0 });
    const second = await listOf(ws, { pageSize: 3, pageIndex: 1 });
    const third = await listOf(ws, { pageSize: 3, pageIndex: 2 });
    expect(names(first)).toEqual(['C5', 'C4', 'C3']);
    expect(names(second)).toEqual(['C2', 'C1', 'C0']);
    expect(third.body).toMatchObject({ items: [], totalCount: 6 });
    const partial = await listOf(ws, { pageSize: 4, pageIndex: 1 });
    expect(names(partial)).toEqual(['C1', 'C0']);
    expect(partial.body.totalCount).toBe(6);
  });

  it('requires pageIndex and pageSize within their limits', async () => {
    const ws = (await createWorkspace(owner)).id;
    expect((await listOf(ws, { pageSize: 100 })).status).toBe(200);
    expectProblem(await listOf(ws, { pageSize: 101 }), 400, 'invalid_input', 'any');
    expectProblem(await listOf(ws, { pageSize: 0 }), 400, 'invalid_input', 'any');
    expectProblem(
      await call('GET', `/v1/creators?workspaceId=${ws}`, { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
  });
});

describe('search, sort and filters', () => {
  let ws: string;
  let ada: { id: string };
  let bob: { id: string };
  let cleo: { id: string };

  beforeAll(async () => {
    ws = (await createWorkspace(owner, { name: 'Tokyo studio', ianaTimezone: 'Asia/Tokyo', currency: 'USD' })).id;
    viewer = await newMember(ws, owner, 'viewer');
    ada = await createCreator(owner, ws, { name: 'Ada', email: 'ada@maths.org', role: 'person' });
    bob = await createCreator(owner, ws, { name: 'bob', notes: 'Knows MATHS people', role: 'community' });
    cleo = await createCreator(owner, ws, { name: 'Cleo', role: 'person' });
    // 2024-03-10T23:30Z is 2024-03-11 in Tokyo; 2024-03-11T16:00Z is 2024-03-12 there.
    await setCreatedAt(ws, ada.id, '2024-03-10T23:30:00.000Z');
    await setCreatedAt(ws, bob.id, '2024-03-11T14:00:00.000Z');
    await setCreatedAt(ws, cleo.id, '2024-03-11T16:00:00.000Z');
    await addToCreatorAggregates(ws, ada.id, {
      counts: { impressions: 10_000, engagement: 100, activitiesCount: 1 },
      spend: { currency: 'USD', amount: 50 },
    });
    await addToCreatorAggregates(ws, bob.id, {
      counts: { impressions: 1_000, engagement: 0, totalFollowersCount: 500 },
      spend: { currency: 'USD', amount: 20 },
    });
    await addToCreatorAggregates(ws, cleo.id, { spend: { currency: 'EUR', amount: 999 } });
    await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws } });
  });

  it('searches name, email and notes case-insensitively, viewers included', async () => {
    const res = await listOf(ws, { searchTerm: 'MaThS', sortBy: 'name' }, viewer.token);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Ada', 'bob']);
    expect(res.body.totalCount).toBe(2);
    expect(names(await listOf(ws, { searchTerm: 'nobody' }))).toEqual([]);
  });

  it('sorts by name case-insensitively in both directions', async () => {
    expect(names(await listOf(ws, { sortBy: 'name' }))).toEqual(['Ada', 'bob', 'Cleo']);
    expect(names(await listOf(ws, { sortBy: 'name', sortDirection: 'desc' }))).toEqual(['Cleo', 'bob', 'Ada']);
  });

  it('sorts by stored metric columns; spend in the workspace currency; cpm/cpe null (last) without a denominator', async () => {
    expect(names(await listOf(ws, { sortBy: 'spend', sortDirection: 'desc' }))).toEqual(['Ada', 'bob', 'Cleo']);
    expect(names(await listOf(ws, { sortBy: 'spend', sortDirection: 'asc' }))).toEqual(['Cleo', 'bob', 'Ada']);
    // cpm: Ada 5, bob 20, Cleo null; cpe: Ada 0.5, bob and Cleo null.
    expect(names(await listOf(ws, { sortBy: 'cpm', sortDirection: 'asc' }))).toEqual(['Ada', 'bob', 'Cleo']);
    expect(names(await listOf(ws, { sortBy: 'cpm', sortDirection: 'desc' }))).toEqual(['bob', 'Ada', 'Cleo']);
    expect(names(await listOf(ws, { sortBy: 'cpe', sortDirection: 'desc' }))[0]).toBe('Ada');
    expect(names(await listOf(ws, { sortBy: 'impressions', sortDirection: 'desc' }))).toEqual(['Ada', 'bob', 'Cleo']);
    expect(names(await listOf(ws, { sortBy: 'totalFollowersCount', sortDirection: 'desc' }))[0]).toBe('bob');
    expect(names(await listOf(ws, { sortBy: 'activitiesCount', sortDirection: 'desc' }))[0]).toBe('Ada');
    expect(names(await listOf(ws, { sortBy: 'createdAt', sortDirection: 'asc' }))).toEqual(['Ada', 'bob', 'Cleo']);
    expectProblem(await listOf(ws, { sortBy: 'email' }), 400, 'invalid_input', 'any');
  });

  it('filters by creation date in the workspace timezone, one day or a range', async () => {
    expect(names(await listOf(ws, { dateFrom: '2024-03-11', dateTo: '2024-03-11', sortBy: 'name' }))).toEqual([
      'Ada',
      'bob',
    ]);
    expect(names(await listOf(ws, { dateFrom: '2024-03-12', sortBy: 'name' }))).toEqual(['Cleo']);
    expect(names(await listOf(ws, { dateTo: '2024-03-10' }))).toEqual([]);
    expectProblem(await listOf(ws, { dateFrom: '2024-03-12', dateTo: '2024-03-11' }), 400, 'invalid_input', 'any');
    expectProblem(await listOf(ws, { dateFrom: '2024-02-30' }), 400, 'invalid_input', 'any');
    expectProblem(await listOf(ws, { dateFrom: '11/03/2024' }), 400, 'invalid_input', 'any');
  });

  it('filters by role with role facets; the own-brand record only with role=own_brand', async () => {
    const all = await listOf(ws, {});
    expect(all.body.totalCount).toBe(3);
    expect(all.body.facets).toEqual({ role: { person: 2, community: 1, own_brand: 1 } });
    expect(names(await listOf(ws, { role: 'person', sortBy: 'name' }))).toEqual(['Ada', 'Cleo']);
    const own = await listOf(ws, { role: 'own_brand' });
    expect(own.body.items).toHaveLength(1);
    expect(own.body.items[0]).toMatchObject({ isOwnBrand: true, name: 'Tokyo studio' });
    expectProblem(await listOf(ws, { role: 'celebrity' }), 400, 'invalid_input', 'any');
  });

  it('filters by linked activity', async () => {
    const activity = await createActivity(ws, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Launch',
      creatorId: bob.id,
    });
    expect(names(await listOf(ws, { activityId: activity.id }))).toEqual(['bob']);
    const empty = await createActivity(ws, { channel: 'youtube', activity: 'youtube_video', name: 'Nobody' });
    expect((await listOf(ws, { activityId: empty.id })).body).toMatchObject({ items: [], totalCount: 0 });
  });
});

describe('GET /v1/creators/stats', () => {
  it('totals the stored aggregates of the filtered creators, spend per currency, own brand left out', async () => {
    const ws = (await createWorkspace(owner)).id;
    const a = await createCreator(owner, ws, { name: 'A', role: 'person' });
    const b = await createCreator(owner, ws, { name: 'B', role: 'brand_partner' });
    await createCreator(owner, ws, { name: 'C' });
    await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws } });
    await addToCreatorAggregates(ws, a.id, {
      counts: { impressions: 100, engagement: 7, totalFollowersCount: 1000, activitiesCount: 2 },
      spend: { currency: 'USD', amount: 10.1 },
    });
    await addToCreatorAggregates(ws, b.id, {
      counts: { impressions: 50, engagement: 3, activitiesCount: 1 },
      spend: { currency: 'USD', amount: 0.2 },
    });
    await addToCreatorAggregates(ws, b.id, { spend: { currency: 'EUR', amount: 5 } });
    const res = await call('GET', `/v1/creators/stats?workspaceId=${ws}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      creatorsCount: 3,
      byRole: { person: 1, brand_partner: 1 },
      totalFollowersCount: 1000,
      impressions: 150,
      engagement: 10,
      spend: { USD: 10.3, EUR: 5 },
      activitiesCount: 3,
    });
    const people = await call('GET', `/v1/creators/stats?workspaceId=${ws}&role=person`, { token: owner.token });
    expect(people.body.data).toMatchObject({ creatorsCount: 1, impressions: 100, spend: { USD: 10.1 } });
    const own = await call('GET', `/v1/creators/stats?workspaceId=${ws}&role=own_brand`, { token: owner.token });
    expect(own.body.data).toMatchObject({ creatorsCount: 1, byRole: { own_brand: 1 }, spend: {} });
    expectProblem(
      await call('GET', `/v1/creators/stats?workspaceId=${ws}&dateFrom=2024-01-02&dateTo=2024-01-01`, {
        token: owner.token,
      }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(
      await call('GET', `/v1/creators/stats?workspaceId=${ws}&pageIndex=0`, { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
  });

  it('answers 403 to a non-member naming the workspace', async () => {
    const ws = (await createWorkspace(owner)).id;
    const outsider = await signUp('Outsider');
    expectProblem(
      await call('GET', `/v1/creators/stats?workspaceId=${ws}`, { token: outsider.token }),
      403,
      'forbidden',
    );
  });
});
