/**
 * Pagination edges of every paged list over HTTP, at more than one page of data: pages of 2 —
 * first, middle, last partial and past the end — are disjoint, keep the list's order, add up to
 * the whole list (one page of 100) and all carry its totalCount. Lists with their own order and
 * filter tests (activities, creators, costs) are covered there; these are the other paged lists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';

const N = 5;
let owner: TestUser;
let org: string;
let activityId: string;

const ok = async (method: string, url: string, body: Record<string, unknown>, token = owner.token) => {
  const res = await call(method, url, { token, body });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

beforeAll(async () => {
  owner = await signUp('Paging Owner');
  org = (await ok('POST', '/v1/organizations', { userId: owner.userId, name: 'Paging Org' })).data.id;
  // Further organizations of the owner (its organizations and workspaces lists), members (member lists).
  for (let i = 1; i < N; i++) await ok('POST', '/v1/organizations', { userId: owner.userId, name: `Paging Org ${i}` });
  for (let i = 1; i < N; i++) {
    const member = await signUp(`Paging Member ${i}`);
    await ok('POST', `/v1/organizations/${org}/users`, { userId: member.userId, role: 'viewer' });
  }
  const activity = await createActivity(org, { channel: 'youtube', activity: 'youtube_video', name: 'Paged' });
  activityId = activity.id;
  for (let i = 0; i < N; i++) {
    await ok('POST', '/v1/campaigns', { organizationId: org, name: `Campaign ${i}` });
    await ok('POST', '/v1/expense-categories', { organizationId: org, name: `Category ${i}` });
    await ok('POST', '/v1/activities/costs', { activityId, amount: i + 1, currency: 'USD', type: `type ${i}` });
    const creator = await createCreator(org, { name: `Creator ${i}` });
    await ok('POST', `/v1/activities/${activityId}/creators`, { creatorId: creator.id });
  }
});

const LISTS: [string, () => string][] = [
  ['GET /v1/campaigns', () => `/v1/campaigns?organizationId=${org}`],
  ['GET /v1/expense-categories', () => `/v1/expense-categories?organizationId=${org}`],
  ['GET /v1/costs/types', () => `/v1/costs/types?organizationId=${org}`],
  ['GET /v1/activities/creators', () => `/v1/activities/creators?organizationId=${org}&activityId=${activityId}`],
  ['GET /v1/users', () => `/v1/users?organizationId=${org}`],
  ['GET /v1/organizations/:id/users', () => `/v1/organizations/${org}/users?organizationId=${org}`],
  ['GET /v1/workspaces/:id/users', () => `/v1/workspaces/${org}/users?workspaceId=${org}`],
  ['GET /v1/organizations', () => `/v1/organizations?userId=${owner.userId}`],
  ['GET /v1/workspaces', () => `/v1/workspaces?userId=${owner.userId}`],
];

describe('pagination edges of the paged lists', () => {
  it.each(LISTS)('%s', async (_, url) => {
    const get = async (pageIndex: number, pageSize: number) => {
      const res = await call('GET', `${url()}&pageIndex=${pageIndex}&pageSize=${pageSize}`, { token: owner.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { items: unknown[]; totalCount: number };
    };
    const whole = await get(0, 100);
    expect(whole.totalCount).toBe(N);
    expect(whole.items).toHaveLength(N);
    const pages = [await get(0, 2), await get(1, 2), await get(2, 2), await get(3, 2)];
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.every((p) => p.totalCount === N)).toBe(true);
    expect(pages.flatMap((p) => p.items)).toEqual(whole.items);
    expect((await get(40, 100)).items).toEqual([]);
  });
});
