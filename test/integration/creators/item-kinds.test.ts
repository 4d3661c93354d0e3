/**
 * Items sharing a key prefix with creators (social accounts and their uniqueness claims, sk
 * `CREATOR#<cid>#SOCIAL...`) are never read as creators: list, stats and the date filter count
 * creators alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { addToCreatorAggregates, createCreator } from './helpers.ts';

let owner: TestUser;
let ws: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  ws = (await createWorkspace(owner)).id;
  const ada = await createCreator(owner, ws, { name: 'Ada' });
  await createCreator(owner, ws, { name: 'Bob' });
  await addToCreatorAggregates(ws, ada.id, { counts: { impressions: 1000, engagement: 50 } });
  for (const profileUrl of ['@ada', '@ada.two']) {
    const res = await call('POST', '/v1/creators/social-accounts/connect', {
      token: owner.token,
      body: { creatorId: ada.id, platform: 'instagram', profileUrl },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});

const get = (path: string, query: Record<string, string>) =>
  call('GET', `${path}?${new URLSearchParams({ workspaceId: ws, ...query })}`, { token: owner.token });

describe('a creator with connected social accounts', () => {
  it('is listed once: totalCount counts creators only', async () => {
    const res = await get('/v1/creators', { pageIndex: '0', pageSize: '10' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.items.map((c: { name: string }) => c.name).sort()).toEqual(['Ada', 'Bob']);
  });

  it('leaves the stats totals numbers', async () => {
    const res = await get('/v1/creators/stats', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      creatorsCount: 2,
      impressions: 1000,
      engagement: 50,
      totalFollowersCount: 0,
      activitiesCount: 0,
    });
  });

  it('filters by creation date without failing', async () => {
    const later = await get('/v1/creators', { dateFrom: '2099-11-01', pageIndex: '0', pageSize: '10' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.totalCount).toBe(0);
    const earlier = await get('/v1/creators', { dateFrom: '2000-01-01', pageIndex: '0', pageSize: '10' });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(200);
    expect(earlier.body.totalCount).toBe(2);
  });
});
