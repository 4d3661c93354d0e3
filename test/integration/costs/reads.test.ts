/** GET /v1/costs, /count, /types, /stats: joined names, filters, search, global sort and paging, per-currency stats. */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCategory, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let viewer: TestUser;
let org: string;
const campaignId = '11111111-1111-4111-8111-111111111111';
const ids: Record<string, string> = {};

/** The Campaigns group sets an activity's campaign; here it is written directly, with the campaign's link item as linking writes it. */
async function putInCampaign(tenantId: string, activityId: string, campaign: string) {
  const link = keys.campaignActivity(tenantId, campaign, activityId);
  await documentClient().send(
    new PutCommand({ TableName: tableName(), Item: { ...link, campaignId: campaign, activityId } }),
  );
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.activity(tenantId, activityId),
      UpdateExpression: 'SET campaignId = :c',
      ExpressionAttributeValues: { ':c': campaign },
    }),
  );
}

beforeAll(async () => {
  owner = await signUp('Reads Owner');
  org = await newOrganization(owner);
  viewer = await signUp('Reads Viewer');
  expect(
    (
      await call('POST', `/v1/organizations/${org}/users`, {
        token: owner.token,
        body: { userId: viewer.userId, role: 'viewer' },
      })
    ).status,
  ).toBe(201);
  const ada = await createCreator(org, { name: 'Ada Lovelace' });
  const launch = await createActivity(org, { ...activityInput('Spring launch'), creatorId: ada.id });
  const unboxing = await createActivity(org, activityInput('Unboxing'));
  await createActivity(org, activityInput('No costs here'));
  await putInCampaign(org, launch.id, campaignId);
  const fees = await newCategory(owner, org, 'Talent fees');
  const shipping = await newCategory(owner, org, 'Shipping');
  Object.assign(ids, { ada: ada.id, launch: launch.id, unboxing: unboxing.id, fees: fees.id, shipping: shipping.id });
  // Created in this order (createdAt ascending): amounts 50, 500, 5, 5000 CLP, 20.
  ids.c1 = (await newCost(owner, { activityId: launch.id, amount: 50, type: 'creator_fee', categoryId: fees.id })).id;
  ids.c2 = (
    await newCost(owner, {
      activityId: launch.id,
      amount: 500,
      type: 'creator_fee',
      categoryId: fees.id,
      description: 'Bonus for reach',
    })
  ).id;
  ids.c3 = (
    await newCost(owner, { activityId: unboxing.id, amount: 5, type: 'production', categoryId: shipping.id })
  ).id;
  ids.c4 = (await newCost(owner, { activityId: unboxing.id, amount: 5000, type: 'Production', currency: 'CLP' })).id;
  ids.c5 = (await newCost(owner, { activityId: unboxing.id, amount: 20, type: 'gifting', categoryId: shipping.id })).id;
});

const get = (path: string, query: string, token = owner.token) =>
  call('GET', `/v1/costs${path}?organizationId=${org}&${query}`, { token });
const idsOf = (body: { items: { id: string }[] }) => body.items.map((c) => c.id);

describe('GET /v1/costs', () => {
  it('lists newest first with creator, category and activity names joined', async () => {
    const res = await get('', 'pageIndex=0&pageSize=10', viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(5);
    expect(idsOf(res.body)).toEqual([ids.c5, ids.c4, ids.c3, ids.c2, ids.c1]);
    expect(res.body.items[3]).toMatchObject({
      id: ids.c2,
      amount: 500,
      currency: 'USD',
      creatorId: ids.ada,
      creator: { id: ids.ada, name: 'Ada Lovelace' },
      categoryId: ids.fees,
      categoryName: 'Talent fees',
      activityId: ids.launch,
      activityName: 'Spring launch',
      campaignId,
    });
    expect(res.body.items[1]).toMatchObject({
      id: ids.c4,
      creator: null,
      categoryName: null,
      activityName: 'Unboxing',
      campaignId: null,
    });
    expect(res.body._meta).toMatchObject({ requestId: expect.any(String) });
  });

  it('sorts globally by amount before paging (exact multiple, last partial page, past the end)', async () => {
    const page = async (query: string) => idsOf((await get('', query)).body);
    expect(await page('pageIndex=0&pageSize=2&sortBy=amount&sortDirection=desc')).toEqual([ids.c4, ids.c2]);
    expect(await page('pageIndex=1&pageSize=2&sortBy=amount&sortDirection=desc')).toEqual([ids.c1, ids.c5]);
    expect(await page('pageIndex=2&pageSize=2&sortBy=amount&sortDirection=desc')).toEqual([ids.c3]);
    expect(await page('pageIndex=3&pageSize=2&sortBy=amount&sortDirection=desc')).toEqual([]);
    expect(await page('pageIndex=0&pageSize=5&sortBy=amount')).toEqual([ids.c3, ids.c5, ids.c1, ids.c2, ids.c4]);
    expect(await page('pageIndex=1&pageSize=5&sortBy=amount')).toEqual([]);
    expect(await page('pageIndex=0&pageSize=10&sortBy=createdAt&sortDirection=asc')).toEqual([
      ids.c1,
      ids.c2,
      ids.c3,
      ids.c4,
      ids.c5,
    ]);
    expect((await get('', 'pageIndex=0&pageSize=10&sortBy=type')).status).toBe(400);
  });

  it('filters by activity, creator, campaign and category, and searches category, description and activity name', async () => {
    const found = async (query: string) =>
      idsOf((await get('', `pageIndex=0&pageSize=10&sortBy=createdAt&sortDirection=asc&${query}`)).body);
    expect(await found(`activityId=${ids.unboxing}`)).toEqual([ids.c3, ids.c4, ids.c5]);
    expect(await found(`creatorId=${ids.ada}`)).toEqual([ids.c1, ids.c2]);
    expect(await found(`campaignId=${campaignId}`)).toEqual([ids.c1, ids.c2]);
    expect(await found(`categoryId=${ids.shipping}`)).toEqual([ids.c3, ids.c5]);
    expect(await found('searchTerm=TALENT')).toEqual([ids.c1, ids.c2]);
    expect(await found('searchTerm=reach')).toEqual([ids.c2]);
    expect(await found('searchTerm=unbox')).toEqual([ids.c3, ids.c4, ids.c5]);
    expect(await found(`searchTerm=ship&activityId=${ids.unboxing}`)).toEqual([ids.c3, ids.c5]);
    expect(await found('searchTerm=nothing-matches')).toEqual([]);
  });

  it('shows a category rename in the cost list at once', async () => {
    const org2 = await newOrganization(owner);
    const category = await newCategory(owner, org2, 'Old name');
    const activity = await createActivity(org2, activityInput());
    const cost = await newCost(owner, { activityId: activity.id, amount: 1, categoryId: category.id });
    expect(
      (await call('PATCH', `/v1/expense-categories/${category.id}`, { token: owner.token, body: { name: 'New name' } }))
        .status,
    ).toBe(200);
    const res = await call('GET', `/v1/costs?organizationId=${org2}&pageIndex=0&pageSize=10&searchTerm=new`, {
      token: owner.token,
    });
    expect(res.body.items).toEqual([expect.objectContaining({ id: cost.id, categoryName: 'New name' })]);
  });

  it('is empty for a tenant without costs and 403 for a non-member', async () => {
    const org2 = await newOrganization(owner);
    const res = await call('GET', `/v1/costs?organizationId=${org2}&pageIndex=0&pageSize=10`, { token: owner.token });
    expect(res.body).toMatchObject({ items: [], totalCount: 0, facets: {} });
    const stranger = await signUp('Stranger');
    expect((await get('', 'pageIndex=0&pageSize=10', stranger.token)).status).toBe(403);
    expect((await get('/count', '', stranger.token)).status).toBe(403);
    expect((await get('', 'pageSize=10')).status).toBe(400);
  });
});

describe('GET /v1/costs/count', () => {
  it('counts the costs matching the filters', async () => {
    const res = await get('/count', '');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect((await get('/count', `activityId=${ids.launch}`)).body.count).toBe(2);
    expect((await get('/count', `creatorId=${ids.ada}&campaignId=${campaignId}`)).body.count).toBe(2);
    expect((await get('/count', `campaignId=${ids.unboxing}`)).body.count).toBe(0);
    expect((await get('/count', 'searchTerm=x')).status).toBe(400);
  });
});

describe('GET /v1/costs/types', () => {
  it('lists distinct type labels sorted with their counts, paged', async () => {
    const all = await get('/types', 'pageIndex=0&pageSize=10');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      totalCount: 4,
      items: [
        { type: 'creator_fee', count: 2 },
        { type: 'gifting', count: 1 },
        { type: 'Production', count: 1 },
        { type: 'production', count: 1 },
      ],
    });
    expect(all.body._meta).toBeUndefined();
    const types = async (query: string) => (await get('/types', query)).body.items.map((t: { type: string }) => t.type);
    expect(await types('pageIndex=1&pageSize=2')).toEqual(['Production', 'production']);
    expect(await types('pageIndex=1&pageSize=3')).toEqual(['production']);
    expect(await types('pageIndex=2&pageSize=2')).toEqual([]);
    const empty = await call(
      'GET',
      `/v1/costs/types?organizationId=${await newOrganization(owner)}&pageIndex=0&pageSize=10`,
      { token: owner.token },
    );
    expect(empty.body).toMatchObject({ items: [], totalCount: 0 });
  });
});

describe('GET /v1/costs/stats', () => {
  it('sums spend per currency, coverage, non-campaign spend and the largest category', async () => {
    const res = await get('/stats', '');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      totalSpend: { CLP: 5000, USD: 575 },
      costsCount: 5,
      costCoverage: 2 / 3,
      nonCampaignSpend: { CLP: 5000, USD: 25 },
      largestCategory: { categoryId: ids.fees, name: 'Talent fees', spend: { USD: 550 } },
    });
    expect(res.body._meta).toMatchObject({ currency: 'USD', warnings: [expect.stringContaining('CLP')] });
  });

  it('applies the filters, search and category', async () => {
    const unboxing = await get('/stats', `activityId=${ids.unboxing}`);
    expect(unboxing.body.data).toMatchObject({ totalSpend: { CLP: 5000, USD: 25 }, costsCount: 3, costCoverage: 1 });
    expect(unboxing.body.data.largestCategory).toMatchObject({ categoryId: ids.shipping, spend: { USD: 25 } });
    const campaign = await get('/stats', `campaignId=${campaignId}`);
    expect(campaign.body.data).toMatchObject({ totalSpend: { USD: 550 }, nonCampaignSpend: {}, costCoverage: 1 });
    const search = await get('/stats', 'searchTerm=bonus');
    expect(search.body.data).toMatchObject({ totalSpend: { USD: 500 }, costsCount: 1 });
    const category = await get('/stats', `categoryId=${ids.shipping}`);
    expect(category.body.data).toMatchObject({ totalSpend: { USD: 25 }, costsCount: 2, costCoverage: 1 / 3 });
  });

  it('has null coverage and no largest category for a tenant with no activities', async () => {
    const empty = await call('GET', `/v1/costs/stats?organizationId=${await newOrganization(owner)}`, {
      token: owner.token,
    });
    expect(empty.body.data).toEqual({
      totalSpend: {},
      costsCount: 0,
      costCoverage: null,
      nonCampaignSpend: {},
      largestCategory: null,
    });
  });
});
