/** POST / PATCH / DELETE /v1/activities/costs: limits, attribution, and the stored aggregates each write moves. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, getActivity, linkCreatorItems } from '../../../shared/db/catalogue/activities.ts';
import { documentClient } from '../../../shared/db/table/client.ts';
import { createCreator, getCreator } from '../../../shared/db/catalogue/creators.ts';
import { costItemsOf } from '../../../shared/db/catalogue/costs.ts';
import { getExpenseCategory } from '../../../shared/db/catalogue/expense-categories.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCategory, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let orgId: string;
let activityId: string;

beforeAll(async () => {
  owner = await signUp('Cost Owner');
  orgId = await newOrganization(owner);
  activityId = (await createActivity(orgId, activityInput())).id;
});

const post = (body: Record<string, unknown>, token = owner.token) =>
  call('POST', '/v1/activities/costs', {
    token,
    body: { activityId, type: 'creator_fee', currency: 'USD', amount: 1, ...body },
  });

async function link(tenantId: string, activity: string, creatorId: string) {
  await documentClient().send(
    new TransactWriteCommand({ TransactItems: linkCreatorItems(tenantId, activity, creatorId) }),
  );
}

describe('POST /v1/activities/costs', () => {
  it('creates the cost and adds it to the activity, tenant, creator and category aggregates', async () => {
    const org = await newOrganization(owner);
    const creator = await createCreator(org, { name: 'Ada' });
    const activity = await createActivity(org, { ...activityInput(), creatorId: creator.id });
    const category = await newCategory(owner, org, 'Fees');
    const res = await call('POST', '/v1/activities/costs', {
      token: owner.token,
      body: {
        activityId: activity.id,
        amount: 250.5,
        type: 'creator_fee',
        currency: 'usd',
        description: 'Fee',
        categoryId: category.id,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org,
      workspaceId: org,
      activityId: activity.id,
      creatorId: creator.id,
      categoryId: category.id,
      amount: 250.5,
      currency: 'USD',
      type: 'creator_fee',
      description: 'Fee',
      campaignId: null,
      exchangeRate: null,
      conversion: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: 250.5 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 1, spend: { USD: 250.5 } });
    expect(await getCreator(org, creator.id)).toMatchObject({ costsCount: 1, spend: { USD: 250.5 } });
    expect(await getExpenseCategory(org, category.id)).toMatchObject({ usageCount: 1, spend: { USD: 250.5 } });
  });

  it('checks amount at and past its limits', async () => {
    expect((await post({ amount: 0 })).status).toBe(400);
    expect((await post({ amount: -1 })).status).toBe(400);
    expect((await post({ amount: 0.01 })).status).toBe(201);
    expect((await post({ amount: 100_000_000 })).status).toBe(201);
    const over = await post({ amount: 100_000_000.01 });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([expect.objectContaining({ path: 'amount' })]);
    expect((await post({ amount: '10' })).status).toBe(400);
    // Less than one minor unit is no money.
    expect((await post({ amount: 0.004 })).status).toBe(400);
    expect((await post({ amount: 0.4, currency: 'JPY' })).status).toBe(400);
  });

  it('checks type and description lengths', async () => {
    expect((await post({ type: 't'.repeat(100) })).status).toBe(201);
    expect((await post({ type: 't'.repeat(101) })).status).toBe(400);
    expect((await post({ type: '' })).status).toBe(400);
    expect((await post({ description: 'd'.repeat(1000) })).status).toBe(201);
    expect((await post({ description: 'd'.repeat(1001) })).status).toBe(400);
    expect((await post({ description: null })).body.data.description).toBeNull();
  });

  it('accepts only real three-letter ISO 4217 codes, upper-casing them', async () => {
    for (const currency of ['US', 'USDD', 'XYZ', 'U$D', '']) {
      const res = await post({ currency });
      expect(res.status, currency).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'currency' })]);
    }
    expect((await post({ currency: 'usd' })).body.data.currency).toBe('USD');
    const yen = await post({ currency: 'jpy', amount: 1235 });
    expect(yen.body.data).toMatchObject({ currency: 'JPY', amount: 1235 });
  });

  // docs/decisions.md "Inputs": an amount finer than its currency's minor unit is 400, never rounded.
  it("refuses an amount finer than the currency's minor unit (1234.5 JPY, 10.001 USD, 1e-200)", async () => {
    for (const [currency, amount] of [
      ['JPY', 1234.5],
      ['USD', 10.001],
      ['USD', 1e-200],
    ] as const) {
      const res = await post({ currency, amount });
      expect(res.status, `${amount} ${currency}`).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'amount', message: expect.any(String) }]);
    }
  });

  it('requires activityId, amount, type and currency, and rejects unknown fields', async () => {
    for (const field of ['amount', 'type', 'currency']) {
      const body: Record<string, unknown> = { activityId, amount: 1, type: 'x', currency: 'USD' };
      delete body[field];
      expect((await call('POST', '/v1/activities/costs', { token: owner.token, body })).status, field).toBe(400);
    }
    expect(
      (
        await call('POST', '/v1/activities/costs', {
          token: owner.token,
          body: { amount: 1, type: 'x', currency: 'USD' },
        })
      ).status,
    ).toBe(400);
    expect((await post({ organizationId: orgId })).status).toBe(400);
  });

  it('attributes to the single linked creator, not when there are two, and honours an explicit null', async () => {
    const org = await newOrganization(owner);
    const ada = await createCreator(org, { name: 'Ada' });
    const bo = await createCreator(org, { name: 'Bo' });
    const solo = await createActivity(org, { ...activityInput('Solo'), creatorId: ada.id });
    const duo = await createActivity(org, { ...activityInput('Duo'), creatorId: ada.id });
    await link(org, duo.id, bo.id);
    expect((await newCost(owner, { activityId: solo.id, amount: 1 })).creatorId).toBe(ada.id);
    expect((await newCost(owner, { activityId: duo.id, amount: 1 })).creatorId).toBeNull();
    expect((await newCost(owner, { activityId: solo.id, amount: 1, creatorId: null })).creatorId).toBeNull();
    expect((await newCost(owner, { activityId: duo.id, amount: 1, creatorId: bo.id })).creatorId).toBe(bo.id);
    expect(await getCreator(org, ada.id)).toMatchObject({ costsCount: 1, spend: { USD: 1 } });
    expect(await getCreator(org, bo.id)).toMatchObject({ costsCount: 1 });
  });

  it("refuses another tenant's category, creator and activity (404) and writes nothing", async () => {
    const other = await signUp('Other');
    const otherOrg = await newOrganization(other);
    const foreignCategory = await newCategory(other, otherOrg, 'Theirs');
    const foreignCreator = await createCreator(otherOrg, { name: 'Theirs' });
    const foreignActivity = await createActivity(otherOrg, activityInput());
    const before = await getTenantAggregate(orgId);
    expect((await post({ categoryId: foreignCategory.id })).status).toBe(404);
    expect((await post({ creatorId: foreignCreator.id })).status).toBe(404);
    expect((await post({ activityId: foreignActivity.id })).status).toBe(404);
    expect((await post({ categoryId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect(await getTenantAggregate(orgId)).toEqual(before);
    expect(await getExpenseCategory(otherOrg, foreignCategory.id)).toMatchObject({ usageCount: 0 });
    // Another tenant's member cannot write on this tenant's activity.
    expect((await post({}, other.token)).status).toBe(404);
  });

  it('loses no aggregate update when two costs are written on one activity at once', async () => {
    const org = await newOrganization(owner);
    const creator = await createCreator(org, { name: 'Ada' });
    const activity = await createActivity(org, { ...activityInput(), creatorId: creator.id });
    const results = await Promise.all(
      [10.1, 20.2, 30.3, 40.4].map((amount) =>
        call('POST', '/v1/activities/costs', {
          token: owner.token,
          body: { activityId: activity.id, amount, type: 'fee', currency: 'ARS' },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 4, spend: { ARS: 101 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 4, spend: { ARS: 101 } });
    expect(await getCreator(org, creator.id)).toMatchObject({ costsCount: 4, spend: { ARS: 101 } });
  });
});

describe('PATCH /v1/activities/costs/:id', () => {
  it('moves amount, creator and category between aggregates', async () => {
    const org = await newOrganization(owner);
    const ada = await createCreator(org, { name: 'Ada' });
    const bo = await createCreator(org, { name: 'Bo' });
    const fees = await newCategory(owner, org, 'Fees');
    const media = await newCategory(owner, org, 'Media');
    const activity = await createActivity(org, { ...activityInput(), creatorId: ada.id });
    const cost = await newCost(owner, { activityId: activity.id, amount: 100, categoryId: fees.id });
    const res = await call('PATCH', `/v1/activities/costs/${cost.id}`, {
      token: owner.token,
      body: { amount: 40, type: 'production', description: 'Edit', creatorId: bo.id, categoryId: media.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: cost.id,
      amount: 40,
      type: 'production',
      description: 'Edit',
      creatorId: bo.id,
      categoryId: media.id,
      currency: 'USD',
    });
    expect(res.body.data.createdAt).toBe(cost.createdAt);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: 40 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 1, spend: { USD: 40 } });
    expect(await getCreator(org, ada.id)).toMatchObject({ costsCount: 0 });
    expect((await getCreator(org, ada.id))!.spend).toEqual({});
    expect(await getCreator(org, bo.id)).toMatchObject({ costsCount: 1, spend: { USD: 40 } });
    expect(await getExpenseCategory(org, fees.id)).toMatchObject({ usageCount: 0, spend: {} });
    expect(await getExpenseCategory(org, media.id)).toMatchObject({ usageCount: 1, spend: { USD: 40 } });
    // Clearing creator and category.
    const cleared = await call('PATCH', `/v1/activities/costs/${cost.id}`, {
      token: owner.token,
      body: { creatorId: null, categoryId: null },
    });
    expect(cleared.body.data).toMatchObject({ creatorId: null, categoryId: null, amount: 40 });
    expect(await getCreator(org, bo.id)).toMatchObject({ costsCount: 0 });
    expect(await getExpenseCategory(org, media.id)).toMatchObject({ usageCount: 0 });
  });

  it('validates limits, refuses currency changes and foreign categories', async () => {
    const cost = await newCost(owner, { activityId, amount: 5 });
    const patch = (body: Record<string, unknown>, token = owner.token) =>
      call('PATCH', `/v1/activities/costs/${cost.id}`, { token, body });
    expect((await patch({ amount: 0 })).status).toBe(400);
    expect((await patch({ amount: 100_000_000.01 })).status).toBe(400);
    expect((await patch({ amount: 100_000_000 })).status).toBe(200);
    expect((await patch({ type: 't'.repeat(101) })).status).toBe(400);
    expect((await patch({ description: 'd'.repeat(1001) })).status).toBe(400);
    expect((await patch({ currency: 'EUR' })).status).toBe(400);
    const other = await signUp('Other');
    const otherOrg = await newOrganization(other);
    const foreign = await newCategory(other, otherOrg, 'Foreign');
    expect((await patch({ categoryId: foreign.id })).status).toBe(404);
    expect((await patch({ amount: 1 }, other.token)).status).toBe(404);
    expect(
      (
        await call('PATCH', '/v1/activities/costs/00000000-0000-4000-8000-000000000000', {
          token: owner.token,
          body: { amount: 1 },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 409 to a concurrent change instead of losing it', async () => {
    const org = await newOrganization(owner);
    const activity = await createActivity(org, activityInput());
    const cost = await newCost(owner, { activityId: activity.id, amount: 10 });
    const results = await Promise.all(
      [20, 30, 40].map((amount) =>
        call('PATCH', `/v1/activities/costs/${cost.id}`, { token: owner.token, body: { amount } }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    // Whatever won, the aggregates match the stored cost exactly.
    const stored = await costItemsOf(org);
    expect(stored).toHaveLength(1);
    const amount = stored[0]!.amount;
    expect([20, 30, 40]).toContain(amount);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: amount } });
    expect(await getTenantAggregate(org)).toMatchObject({ spend: { USD: amount } });
  });
});

describe('DELETE /v1/activities/costs/:id', () => {
  it('deletes the cost and subtracts it from every aggregate; a second delete is 404', async () => {
    const org = await newOrganization(owner);
    const creator = await createCreator(org, { name: 'Ada' });
    const category = await newCategory(owner, org, 'Fees');
    const activity = await createActivity(org, { ...activityInput(), creatorId: creator.id });
    const keep = await newCost(owner, { activityId: activity.id, amount: 1.5 });
    const cost = await newCost(owner, { activityId: activity.id, amount: 99.99, categoryId: category.id });
    const res = await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: cost.id, deleted: true });
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: 1.5 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 1, spend: { USD: 1.5 } });
    expect(await getCreator(org, creator.id)).toMatchObject({ costsCount: 1, spend: { USD: 1.5 } });
    expect(await getExpenseCategory(org, category.id)).toMatchObject({ usageCount: 0, spend: {} });
    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: owner.token })).status).toBe(404);
    expect(keep.id).not.toBe(cost.id);
  });

  it("is 404 for another tenant's member and 403 for a viewer", async () => {
    const cost = await newCost(owner, { activityId, amount: 3 });
    const other = await signUp('Other');
    await newOrganization(other);
    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: other.token })).status).toBe(404);
    const viewer = await signUp('Viewer');
    expect(
      (
        await call('POST', `/v1/organizations/${orgId}/users`, {
          token: owner.token,
          body: { userId: viewer.userId, role: 'viewer' },
        })
      ).status,
    ).toBe(201);
    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: viewer.token })).status).toBe(403);
    expect((await post({}, viewer.token)).status).toBe(403);
  });
});
