/**
 * Cost writes put their spend on the day it counts on (the activity's startAt in the tenant's
 * timezone, else the cost's creation day) in the day rollups of the tenant, the activity, its
 * campaign and the attributed creator; changing startAt moves it; and the spend's part of the
 * denominator-aware CPM/CPE counters follows on every record counting the activity.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, deleteActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity, unlinkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { readDays, type RollupScope } from '../../../shared/db/metrics/day-rollups.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { localDate } from '../../../shared/domain/dates.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  // Tokyo is UTC+9: 16:30Z on March 1st is March 2nd there.
  orgId = await newOrganization(owner, { ianaTimezone: 'Asia/Tokyo' });
});

async function setting(startAt: string | null) {
  const campaign = await createCampaign(orgId, { name: 'Spring' });
  const creator = await createCreator(orgId, { name: 'Ana' });
  const activity = await createActivity(orgId, { ...activityInput(), startAt, creatorId: creator.id });
  await linkActivity(orgId, campaign.id, activity.id);
  const scopes: Record<string, RollupScope> = {
    tenant: { kind: 'tenant' },
    activity: { kind: 'activity', id: activity.id },
    campaign: { kind: 'campaign', id: campaign.id },
    creator: { kind: 'creator', id: creator.id },
  };
  return { campaign, creator, activity, scopes };
}

/** The USD spend of each scope per day over the range (days without spend left out). */
async function spendByScope(scopes: Record<string, RollupScope>, from: string, to: string) {
  const out: Record<string, Record<string, number>> = {};
  for (const [name, scope] of Object.entries(scopes)) {
    out[name] = Object.fromEntries(
      (await readDays(orgId, scope, from, to)).flatMap((d) => (d.spend.USD ? [[d.date, d.spend.USD]] : [])),
    );
  }
  return out;
}

const every = (days: Record<string, number>) => ({ tenant: days, activity: days, campaign: days, creator: days });

const item = async (key: Key) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;

describe('spend in the day rollups', () => {
  it('counts a cost on the day its activity ran in the tenant timezone, moves an amount change and takes a delete back', async () => {
    const { activity, scopes } = await setting('2026-03-01T16:30:00.000Z');
    const cost = await newCost(owner, { activityId: activity.id, amount: 12.5 });
    expect(await spendByScope(scopes, '2026-02-28', '2026-03-03')).toEqual(every({ '2026-03-02': 12.5 }));
    expect(
      (await call('PATCH', `/v1/activities/costs/${cost.id}`, { token: owner.token, body: { amount: 20.05 } })).status,
    ).toBe(200);
    expect(await spendByScope(scopes, '2026-02-28', '2026-03-03')).toEqual(every({ '2026-03-02': 20.05 }));
    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: owner.token })).status).toBe(200);
    expect(await spendByScope(scopes, '2026-02-28', '2026-03-03')).toEqual(every({}));
  });

  it('counts a cost of an activity without startAt on the day it was created, and moves it when startAt is set, changed and cleared', async () => {
    const { activity, scopes } = await setting(null);
    await newCost(owner, { activityId: activity.id, amount: 7 });
    const today = localDate(new Date(), 'Asia/Tokyo');
    const all = ['2026-01-01', '2099-12-31'] as const;
    expect(await spendByScope(scopes, ...all)).toEqual(every({ [today]: 7 }));

    const patch = (startAt: string | null) =>
      call('PATCH', `/v1/activities/${activity.id}`, { token: owner.token, body: { name: 'Launch video', startAt } });
    expect((await patch('2026-05-10T20:00:00.000Z')).status).toBe(200);
    expect(await spendByScope(scopes, ...all)).toEqual(every({ '2026-05-11': 7 }));
    // A later cost lands on the new day at once.
    await newCost(owner, { activityId: activity.id, amount: 3 });
    expect(await spendByScope(scopes, ...all)).toEqual(every({ '2026-05-11': 10 }));
    expect((await patch('2026-06-01T00:00:00.000Z')).status).toBe(200);
    expect(await spendByScope(scopes, ...all)).toEqual(every({ '2026-06-01': 10 }));
    expect((await patch(null)).status).toBe(200);
    expect(await spendByScope(scopes, ...all)).toEqual(every({ [today]: 10 }));
  });

  it('moves the spend part of the CPM and CPE counters on the linked creator, campaign and tenant', async () => {
    const { activity, campaign, creator } = await setting('2026-03-01T10:00:00.000Z');
    await updateActivity(orgId, activity.id, { viewsCount: 1000, likeCount: 10 });
    // The counters are absolute per record here: this test's campaign and creator count this activity alone.
    const counters = async () => {
      const pick = (i: Record<string, unknown>) => ({
        cpmSpend: i.cpmSpend_USD ?? 0,
        cpmImpressions: i.cpmImpressions_USD ?? 0,
        cpeSpend: i.cpeSpend_USD ?? 0,
        cpeEngagement: i.cpeEngagement_USD ?? 0,
      });
      return [pick(await item(keys.campaign(orgId, campaign.id))), pick(await item(keys.creator(orgId, creator.id)))];
    };
    const tenantBefore = await item(keys.tenantAggregate(orgId));
    const first = await newCost(owner, { activityId: activity.id, amount: 5 });
    expect(await counters()).toEqual(
      Array(2).fill({ cpmSpend: 5, cpmImpressions: 1000, cpeSpend: 5, cpeEngagement: 10 }),
    );
    const second = await newCost(owner, { activityId: activity.id, amount: 2.25 });
    expect(await counters()).toEqual(
      Array(2).fill({ cpmSpend: 7.25, cpmImpressions: 1000, cpeSpend: 7.25, cpeEngagement: 10 }),
    );
    const tenantAfter = await item(keys.tenantAggregate(orgId));
    expect(Number(tenantAfter.cpmSpend_USD ?? 0) - Number(tenantBefore.cpmSpend_USD ?? 0)).toBeCloseTo(7.25, 10);
    expect(Number(tenantAfter.cpmImpressions_USD ?? 0) - Number(tenantBefore.cpmImpressions_USD ?? 0)).toBe(1000);
    // A cost in a currency with no rate (the ECB publishes none for CLP) counts under its own currency only.
    await newCost(owner, { activityId: activity.id, amount: 900, currency: 'CLP' });
    expect((await item(keys.campaign(orgId, campaign.id))).cpmSpend_CLP).toBe(900);
    await call('DELETE', `/v1/activities/costs/${first.id}`, { token: owner.token });
    await call('DELETE', `/v1/activities/costs/${second.id}`, { token: owner.token });
    expect(await counters()).toEqual(Array(2).fill({ cpmSpend: 0, cpmImpressions: 0, cpeSpend: 0, cpeEngagement: 0 }));
  });

  it("moves the activity's whole contribution (CPM/CPE sums, coverage) with it between campaigns", async () => {
    const activity = await createActivity(orgId, { ...activityInput(), startAt: '2026-03-01T10:00:00.000Z' });
    await updateActivity(orgId, activity.id, { viewsCount: 1000, likeCount: 10 });
    await newCost(owner, { activityId: activity.id, amount: 5 });
    const [first, second] = [
      await createCampaign(orgId, { name: 'First' }),
      await createCampaign(orgId, { name: 'Second' }),
    ];
    const counters = async (campaignId: string) => {
      const i = await item(keys.campaign(orgId, campaignId));
      return [
        i.cpmSpend_USD ?? 0,
        i.cpmImpressions_USD ?? 0,
        i.cpeSpend_USD ?? 0,
        i.cpeEngagement_USD ?? 0,
        i.activitiesWithMetrics ?? 0,
      ];
    };
    await linkActivity(orgId, first.id, activity.id);
    expect(await counters(first.id)).toEqual([5, 1000, 5, 10, 1]);
    await linkActivity(orgId, second.id, activity.id);
    expect([await counters(first.id), await counters(second.id)]).toEqual([
      [0, 0, 0, 0, 0],
      [5, 1000, 5, 10, 1],
    ]);
    await unlinkActivity(orgId, second.id, activity.id);
    expect(await counters(second.id)).toEqual([0, 0, 0, 0, 0]);
  });

  it('takes the coverage of a deleted activity out of its campaign with its metrics', async () => {
    const activity = await createActivity(orgId, activityInput());
    const campaign = await createCampaign(orgId, { name: 'Gone' });
    // A manual count of 0 is still metrics (coverage); set before linking, so the link counts it.
    await updateActivity(orgId, activity.id, { viewsCount: 0 });
    await linkActivity(orgId, campaign.id, activity.id);
    expect((await item(keys.campaign(orgId, campaign.id))).activitiesWithMetrics).toBe(1);
    await newCost(owner, { activityId: activity.id, amount: 3 });
    await deleteActivity(orgId, activity.id);
    expect(await item(keys.campaign(orgId, campaign.id))).toMatchObject({
      activitiesCount: 0,
      impressions: 0,
      engagement: 0,
    });
    expect((await item(keys.campaign(orgId, campaign.id))).activitiesWithMetrics ?? 0).toBe(0);
  });

  it('adds no CPM or CPE counters for an activity without impressions or engagement', async () => {
    const { activity, campaign } = await setting(null);
    await newCost(owner, { activityId: activity.id, amount: 4 });
    const stored = await item(keys.campaign(orgId, campaign.id));
    expect(Object.keys(stored).filter((name) => /^cp[me]/.test(name))).toEqual([]);
  });
});
