/** GET /v1/campaigns and /v1/campaigns/stats: paging, search, status and creator filters, sorting, facets and sums. */
import { beforeAll, describe, expect, it } from 'vitest';
import { linkCreatorItems } from '../../../shared/db/catalogue/activities.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { transact } from '../../../shared/db/table/transact.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { link, newActivity, newCampaign, newCost } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let org: Org;
let viewer: TestUser;
const ids = {} as Record<'draft' | 'scheduled' | 'active' | 'completed', string>;
let creatorId: string;

beforeAll(async () => {
  org = await newOrg('Lister');
  viewer = await signUp('List Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  // Created in this order: newest first is the reverse.
  ids.draft = (await newCampaign(org, { name: 'Alpha draft', budget: 10, tags: ['evergreen'] })).id;
  ids.scheduled = (await newCampaign(org, { name: 'Bravo later', startAt: inDays(10), budget: 300 })).id;
  ids.active = (
    await newCampaign(org, {
      name: 'Charlie now',
      startAt: inDays(-2),
      endAt: inDays(2),
      budget: 50,
      summary: 'Spring EVERGREEN push',
    })
  ).id;
  ids.completed = (await newCampaign(org, { name: 'Delta done', startAt: inDays(-20), endAt: inDays(-10) })).id;
  const creator = await createCreator(org.organizationId, { name: 'Ada' });
  creatorId = creator.id;
  const activity = await newActivity(org);
  await transact(linkCreatorItems(org.organizationId, activity.id, creatorId));
  expect((await link(org, ids.active, activity.id)).status).toBe(201);
  await newCost(org, activity.id, 75);
  await newCost(org, activity.id, 5, 'ARS');
});

const list = (query: string, user: TestUser = viewer) =>
  call('GET', `/v1/campaigns?organizationId=${org.organizationId}&pageIndex=0&pageSize=10&${query}`, {
    token: user.token,
  });
const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((c) => c.name);

describe('GET /v1/campaigns', () => {
  it('names the tenant field this route takes when workspace_id is in the query (docs/decisions.md "Inputs")', async () => {
    const res = await list(`workspace_id=${org.organizationId}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'workspace_id', message: 'Unknown field: this route names the tenant `organizationId`.' },
    ]);
  });

  it('lists newest first with status facets and _meta', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Delta done', 'Charlie now', 'Bravo later', 'Alpha draft']);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.facets).toEqual({ status: { active: 1, scheduled: 1, completed: 1, draft: 1 } });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('pages exactly at the edges', async () => {
    const page = (pageIndex: number, pageSize: number) =>
      call(
        'GET',
        `/v1/campaigns?organizationId=${org.organizationId}&pageIndex=${pageIndex}&pageSize=${pageSize}&sortBy=name`,
        { token: viewer.token },
      );
    expect(names(await page(0, 3))).toEqual(['Alpha draft', 'Bravo later', 'Charlie now']);
    expect(names(await page(1, 3))).toEqual(['Delta done']);
    const beyond = await page(2, 3);
    expect(beyond.body).toMatchObject({ items: [], totalCount: 4 });
    expect((await page(0, 101)).status).toBe(400);
  });

  it('filters by derived status, facets counting the statuses under the other filters', async () => {
    const res = await list('status=active');
    expect(names(res)).toEqual(['Charlie now']);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.facets.status).toEqual({ active: 1, scheduled: 1, completed: 1, draft: 1 });
    expect((await list('status=paused')).status).toBe(400);
  });

  it('searches names, planning texts and tags, case-insensitively', async () => {
    const res = await list('searchTerm=evergreen');
    expect(names(res)).toEqual(['Charlie now', 'Alpha draft']);
    expect(res.body.facets.status).toEqual({ active: 1, draft: 1 });
  });

  it('filters to the campaigns holding an activity of a creator', async () => {
    expect(names(await list(`creatorId=${creatorId}`))).toEqual(['Charlie now']);
    expect(names(await list('creatorId=00000000-0000-4000-8000-000000000000'))).toEqual([]);
  });

  it('sorts by budget with no budget last, by status, and by spend in the organization currency', async () => {
    expect(names(await list('sortBy=budget&sortDirection=desc'))).toEqual([
      'Bravo later',
      'Charlie now',
      'Alpha draft',
      'Delta done',
    ]);
    expect(names(await list('sortBy=status'))).toEqual(['Charlie now', 'Delta done', 'Alpha draft', 'Bravo later']);
    expect(names(await list('sortBy=spend&sortDirection=desc'))[0]).toBe('Charlie now');
    expect((await list('sortBy=owner')).status).toBe(400);
  });

  it('shows the stored aggregate on each item', async () => {
    const active = (await list('status=active')).body.items[0];
    expect(active).toMatchObject({ activitiesCount: 1, costsCount: 2, spend: { ARS: 5, USD: 75 } });
  });

  it('is 403 for an organization the caller is not in', async () => {
    const stranger = await newOrg('Stranger');
    expect((await list('', stranger.owner)).status).toBe(403);
  });
});

describe('GET /v1/campaigns/stats', () => {
  it('sums counts, budget and spend per currency over the matching campaigns', async () => {
    const res = await call('GET', `/v1/campaigns/stats?organizationId=${org.organizationId}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      totalCount: 4,
      byStatus: { active: 1, scheduled: 1, completed: 1, draft: 1 },
      currency: 'USD',
      budgetTotal: 360,
      spendTotal: 75,
      spendByCurrency: { ARS: 5, USD: 75 },
      activitiesCount: 1,
      costsCount: 2,
      overBudgetCount: 1,
    });
  });

  it('applies the status, search and creator filters', async () => {
    const stats = (query: string) =>
      call('GET', `/v1/campaigns/stats?organizationId=${org.organizationId}&${query}`, { token: viewer.token });
    expect((await stats('status=scheduled')).body.data).toMatchObject({
      totalCount: 1,
      budgetTotal: 300,
      spendTotal: 0,
    });
    expect((await stats('searchTerm=alpha')).body.data).toMatchObject({ totalCount: 1, budgetTotal: 10 });
    expect((await stats(`creatorId=${creatorId}`)).body.data).toMatchObject({ totalCount: 1, spendTotal: 75 });
    expect((await stats('pageSize=3')).status).toBe(400);
  });
});
