/** Expense categories: create (unique name per organization), list with usage and spend, rename, delete blocked while used. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCategory, newCost, newOrganization, activityInput } from '../costs/helpers.ts';

let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await signUp('Cat Owner');
  orgId = await newOrganization(owner);
});

const listCategories = (query: string, organizationId = orgId, token = owner.token) =>
  call('GET', `/v1/expense-categories?organizationId=${organizationId}&${query}`, { token });

describe('POST /v1/expense-categories', () => {
  it('creates a category with zero usage and no spend, and lists it', async () => {
    const org = await newOrganization(owner);
    const res = await call('POST', '/v1/expense-categories', {
      token: owner.token,
      body: { organizationId: org, name: '  Production  ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org,
      name: 'Production',
      usageCount: 0,
      spend: {},
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const page = await listCategories('pageIndex=0&pageSize=10', org);
    expect(page.body).toMatchObject({
      totalCount: 1,
      items: [{ id: res.body.data.id, name: 'Production', usageCount: 0, spend: {} }],
    });
  });

  it('accepts a name of 100 characters and rejects 101 or an empty one', async () => {
    const post = (name: string) =>
      call('POST', '/v1/expense-categories', { token: owner.token, body: { organizationId: orgId, name } });
    expect((await post('n'.repeat(100))).status).toBe(201);
    const tooLong = await post('m'.repeat(101));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ path: 'name' })]);
    expect((await post('   ')).status).toBe(400);
  });

  it('rejects a duplicate name in another case with 409, but allows it in another organization', async () => {
    await newCategory(owner, orgId, 'Travel');
    const dup = await call('POST', '/v1/expense-categories', {
      token: owner.token,
      body: { organizationId: orgId, name: 'tRAVEL' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('conflict');
    const other = await newOrganization(owner);
    expect((await newCategory(owner, other, 'travel')).name).toBe('travel');
  });

  it('is refused to a viewer (403) and to a non-member (403)', async () => {
    const stranger = await signUp('Stranger');
    const res = await call('POST', '/v1/expense-categories', {
      token: stranger.token,
      body: { organizationId: orgId, name: 'Sneaky' },
    });
    expect(res.status).toBe(403);
    const viewer = await signUp('Viewer');
    expect(
      (
        await call('POST', `/v1/organizations/${orgId}/users`, {
          token: owner.token,
          body: { userId: viewer.userId, role: 'viewer' },
        })
      ).status,
    ).toBe(201);
    const asViewer = await call('POST', '/v1/expense-categories', {
      token: viewer.token,
      body: { organizationId: orgId, name: 'Sneaky' },
    });
    expect(asViewer.status).toBe(403);
    expect(
      (await listCategories('pageIndex=0&pageSize=10&searchTerm=sneaky', orgId, viewer.token)).body.totalCount,
    ).toBe(0);
  });
});

describe('GET /v1/expense-categories', () => {
  it('pages: empty, exact multiple, last partial page; sorts by name', async () => {
    const org = await newOrganization(owner);
    expect((await listCategories('pageIndex=0&pageSize=2', org)).body).toMatchObject({ items: [], totalCount: 0 });
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo']) await newCategory(owner, org, name);
    const names = async (q: string) => (await listCategories(q, org)).body.items.map((c: { name: string }) => c.name);
    expect(await names('pageIndex=0&pageSize=2&sortBy=name&sortDirection=asc')).toEqual(['alpha', 'bravo']);
    expect(await names('pageIndex=1&pageSize=2&sortBy=name&sortDirection=asc')).toEqual(['Charlie', 'Delta']);
    expect(await names('pageIndex=2&pageSize=2&sortBy=name&sortDirection=asc')).toEqual([]);
    expect(await names('pageIndex=1&pageSize=3&sortBy=name&sortDirection=asc')).toEqual(['Delta']);
    expect(await names('pageIndex=0&pageSize=10&sortBy=name&sortDirection=desc')).toEqual([
      'Delta',
      'Charlie',
      'bravo',
      'alpha',
    ]);
    // Default: newest first.
    expect(await names('pageIndex=0&pageSize=10')).toEqual(['bravo', 'Charlie', 'alpha', 'Delta']);
    expect(await names('pageIndex=0&pageSize=10&searchTerm=RAV')).toEqual(['bravo']);
    expect((await listCategories('pageIndex=0&pageSize=10&sortBy=spend', org)).status).toBe(400);
  });

  it('shows usage counts and recorded spend per currency (one the ECB does not publish stays apart), sortable by usage', async () => {
    const org = await newOrganization(owner);
    const used = await newCategory(owner, org, 'Fees');
    const unused = await newCategory(owner, org, 'Unused');
    const activity = await createActivity(org, activityInput());
    await newCost(owner, { activityId: activity.id, amount: 100.1, currency: 'USD', categoryId: used.id });
    await newCost(owner, { activityId: activity.id, amount: 0.2, currency: 'USD', categoryId: used.id });
    await newCost(owner, { activityId: activity.id, amount: 5000, currency: 'ARS', categoryId: used.id });
    const page = await listCategories('pageIndex=0&pageSize=10&sortBy=usageCount&sortDirection=desc', org);
    expect(page.body.items).toEqual([
      expect.objectContaining({ id: used.id, usageCount: 3, spend: { ARS: 5000, USD: 100.3 } }),
      expect.objectContaining({ id: unused.id, usageCount: 0, spend: {} }),
    ]);
  });
});

describe('PATCH /v1/expense-categories/:id', () => {
  it("renames, frees the old name and takes the new one; 409 on another category's name", async () => {
    const org = await newOrganization(owner);
    const a = await newCategory(owner, org, 'Gifting');
    await newCategory(owner, org, 'Shipping');
    const renamed = await call('PATCH', `/v1/expense-categories/${a.id}`, {
      token: owner.token,
      body: { name: 'Product seeding' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: a.id, name: 'Product seeding', usageCount: 0 });
    expect((await newCategory(owner, org, 'gifting')).name).toBe('gifting');
    const clash = await call('PATCH', `/v1/expense-categories/${a.id}`, {
      token: owner.token,
      body: { name: 'SHIPPING' },
    });
    expect(clash.status).toBe(409);
    // A change of case only keeps its own claim.
    const recased = await call('PATCH', `/v1/expense-categories/${a.id}`, {
      token: owner.token,
      body: { name: 'PRODUCT SEEDING' },
    });
    expect(recased.status).toBe(200);
    expect(
      (
        await call('POST', '/v1/expense-categories', {
          token: owner.token,
          body: { organizationId: org, name: 'product seeding' },
        })
      ).status,
    ).toBe(409);
  });

  it("validates the name and hides other tenants' categories (404)", async () => {
    const a = await newCategory(owner, orgId, 'Rename limits');
    const patch = (name: string, token = owner.token) =>
      call('PATCH', `/v1/expense-categories/${a.id}`, { token, body: { name } });
    expect((await patch('x'.repeat(101))).status).toBe(400);
    expect((await patch('x'.repeat(100))).status).toBe(200);
    const outsider = await signUp('Outsider');
    await newOrganization(outsider);
    const res = await patch('Mine now', outsider.token);
    expect(res.status).toBe(404);
    expect((await call('DELETE', `/v1/expense-categories/${a.id}`, { token: outsider.token })).status).toBe(404);
  });
});

describe('DELETE /v1/expense-categories/:id', () => {
  it('is blocked with 409 while a cost uses the category, and allowed once the cost is deleted', async () => {
    const org = await newOrganization(owner);
    const category = await newCategory(owner, org, 'Paid media');
    const activity = await createActivity(org, activityInput());
    const cost = await newCost(owner, { activityId: activity.id, amount: 10, categoryId: category.id });
    const blocked = await call('DELETE', `/v1/expense-categories/${category.id}`, { token: owner.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('conflict');
    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: owner.token })).status).toBe(200);
    const res = await call('DELETE', `/v1/expense-categories/${category.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: category.id, deleted: true });
    expect((await call('DELETE', `/v1/expense-categories/${category.id}`, { token: owner.token })).status).toBe(404);
    // The name is free again.
    expect((await newCategory(owner, org, 'PAID MEDIA')).name).toBe('PAID MEDIA');
    expect((await listCategories('pageIndex=0&pageSize=10', org)).body.totalCount).toBe(1);
  });
});
