/**
 * GET /v1/costs/stats unfiltered reads stored counters (cost-stats.ts), not the costs: after every
 * step of an interleaving of cost creates, updates and deletes, campaign links and unlinks, an
 * activity deleted with its costs and one with none, it answers exactly what the costs themselves
 * add up to (the filtered path's computation, kept as the oracle), and it reads as many items
 * however many costs the tenant has.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { statsOfCosts } from '../../../functions/costs/stats.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCategory, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let org: string;

beforeAll(async () => {
  owner = await signUp('Stats Counters Owner');
  org = await newOrganization(owner);
});

const stats = async (tenantId = org) => {
  const res = await call('GET', `/v1/costs/stats?organizationId=${tenantId}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const succeeds = async (pending: Promise<{ status: number; body: unknown }>) => {
  const res = await pending;
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};
const expectCounted = async () => expect(await stats()).toEqual(await statsOfCosts(org, {}, 'USD'));
const patchCost = (id: string, body: Record<string, unknown>) =>
  call('PATCH', `/v1/activities/costs/${id}`, { token: owner.token, body });
const deleteCost = (id: string) => call('DELETE', `/v1/activities/costs/${id}`, { token: owner.token });
const link = (campaignId: string, activityId: string) =>
  call('POST', `/v1/campaigns/${campaignId}/activities`, { token: owner.token, body: { activityId } });
const unlink = (campaignId: string, activityId: string) =>
  call('DELETE', `/v1/campaigns/${campaignId}/activities/${activityId}`, { token: owner.token });

describe('GET /v1/costs/stats from counters', () => {
  it('equals the sum of the costs after every write', async () => {
    expect(await stats()).toEqual({
      totalSpend: {},
      costsCount: 0,
      costCoverage: null,
      nonCampaignSpend: {},
      largestCategory: null,
    });
    const [a, b, c] = [
      await createActivity(org, activityInput('A')),
      await createActivity(org, activityInput('B')),
      await createActivity(org, activityInput('C')),
    ];
    const spring = await createCampaign(org, { name: 'Spring' });
    const autumn = await createCampaign(org, { name: 'Autumn' });
    const fees = await newCategory(owner, org, 'Fees');
    const shipping = await newCategory(owner, org, 'Shipping');
    await expectCounted();

    const a1 = await newCost(owner, { activityId: a.id, amount: 10.25, categoryId: fees.id });
    await expectCounted();
    const b1 = await newCost(owner, { activityId: b.id, amount: 5, currency: 'ARS' });
    await newCost(owner, { activityId: c.id, amount: 7, categoryId: shipping.id });
    await expectCounted();
    await succeeds(link(spring.id, c.id));
    await expectCounted();
    await succeeds(patchCost(a1.id, { amount: 12, categoryId: shipping.id }));
    await expectCounted();
    await newCost(owner, { activityId: a.id, amount: 3, categoryId: fees.id });
    await succeeds(deleteCost(a1.id));
    await expectCounted();
    // A cost on an activity in a campaign, then the activity moved between campaigns and out of them.
    await newCost(owner, { activityId: c.id, amount: 1.5 });
    await succeeds(link(autumn.id, c.id));
    await expectCounted();
    await succeeds(unlink(autumn.id, c.id));
    await succeeds(link(spring.id, b.id));
    await expectCounted();
    // B's only cost deleted: B no longer covered; a fourth activity with no costs widens the scope.
    await succeeds(deleteCost(b1.id));
    await createActivity(org, activityInput('D'));
    await expectCounted();
    // An activity deleted with its costs (the delete cascades through the cost writes).
    await succeeds(call('DELETE', `/v1/activities/${c.id}`, { token: owner.token }));
    await expectCounted();

    expect(await stats()).toEqual({
      totalSpend: { USD: 3 },
      costsCount: 1,
      costCoverage: 1 / 3,
      nonCampaignSpend: { USD: 3 },
      largestCategory: { categoryId: fees.id, name: 'Fees', spend: { USD: 3 } },
    });
  });

  it('reads as many items however many costs the tenant has', async () => {
    const other = await newOrganization(owner);
    const activity = await createActivity(other, activityInput('Growing'));
    await newCost(owner, { activityId: activity.id, amount: 1 });
    const reads = countReads();
    // GET /v1/costs/count unfiltered too: the stored costsCount.
    const readsOfStats = async () => {
      const before = reads.read();
      await stats(other);
      const between = reads.read();
      const counted = await call('GET', `/v1/costs/count?organizationId=${other}`, { token: owner.token });
      expect(counted.status).toBe(200);
      return [readsBetween(before, between).itemsRead, readsBetween(between, reads.read()).itemsRead];
    };
    const small = await readsOfStats();
    for (let i = 0; i < 5; i++)
      await newCost(owner, { activityId: (await createActivity(other, activityInput(`More ${i}`))).id, amount: 2 });
    expect(await readsOfStats()).toEqual(small);
    expect(await stats(other)).toMatchObject({ costsCount: 6, costCoverage: 1, totalSpend: { USD: 11 } });
  });

  it("keeps its counters out of the organization record's metrics and the activity record", async () => {
    const other = await newOrganization(owner);
    const activity = await createActivity(other, activityInput('Shown'));
    await newCost(owner, { activityId: activity.id, amount: 4 });
    const res = await call('GET', `/v1/organizations/${other}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.metrics).sort()).toEqual([
      'activitiesCount',
      'campaignsCount',
      'costsCount',
      'creatorsCount',
      'engagement',
      'impressions',
      'spend',
    ]);
    expect(res.body.data.metrics).toMatchObject({ costsCount: 1, spend: { USD: 4 } });
    // Nor does the activity record carry the revision a cost write bumps on its item.
    const shown = await call('GET', `/v1/activities/${activity.id}`, { token: owner.token });
    expect(shown.status).toBe(200);
    expect(shown.body.data).not.toHaveProperty('costsRevision');
    expect(shown.body.data).toMatchObject({ costsCount: 1, spend: { USD: 4 } });
  });

  it("keeps reporting's counters out of the creator and campaign records", async () => {
    const other = await newOrganization(owner);
    const ada = (await call('POST', '/v1/creators', { token: owner.token, body: { workspaceId: other, name: 'Ada' } }))
      .body.data;
    const activity = await createActivity(other, { ...activityInput('Counted'), creatorId: ada.id });
    const campaign = await createCampaign(other, { name: 'Counted' });
    await succeeds(link(campaign.id, activity.id));
    await succeeds(
      call('PATCH', `/v1/activities/${activity.id}`, {
        token: owner.token,
        body: { name: 'Counted', viewsCount: 100, likeCount: 5 },
      }),
    );
    await newCost(owner, { activityId: activity.id, amount: 3 });
    const reporting = /^activitiesWith|^(cpm|cpe)[A-Z]/;
    for (const url of [
      `/v1/creators/${ada.id}`,
      `/v1/creators?workspaceId=${other}&pageIndex=0&pageSize=5&sortBy=spend`,
      `/v1/creators?workspaceId=${other}&pageIndex=0&pageSize=5`,
    ]) {
      const res = await call('GET', url, { token: owner.token });
      expect(res.status, url).toBe(200);
      const record = res.body.data ?? res.body.items[0];
      expect(
        Object.keys(record).filter((key) => reporting.test(key)),
        url,
      ).toEqual([]);
      expect(record, url).toMatchObject({ impressions: 100, spend: { USD: 3 } });
    }
    for (const url of [
      `/v1/campaigns/${campaign.id}`,
      `/v1/campaigns?organizationId=${other}&pageIndex=0&pageSize=5`,
    ]) {
      const res = await call('GET', url, { token: owner.token });
      expect(res.status, url).toBe(200);
      const record = res.body.data ?? res.body.items[0];
      expect(
        Object.keys(record).filter((key) => reporting.test(key)),
        url,
      ).toEqual([]);
      expect(record, url).toMatchObject({ impressions: 100 });
    }
  });
});
