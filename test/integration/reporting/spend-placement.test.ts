/**
 * Where a cost's spend is counted in the day rollups follows its activity: a move to another
 * campaign, an unlink and a startAt change (at any number of costs) put every cost's spend on the
 * days and campaign the activity now implies, each counted exactly once, even when the reconcile is
 * interrupted part way and run again.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { placeCost, placeSpend, spendTargetOf } from '../../../shared/db/catalogue/activity-spend-days.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { storedCostFromItem } from '../../../shared/db/catalogue/costs.ts';
import { readDays } from '../../../shared/db/metrics/day-rollups.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';
import { getOk } from './helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

const get = (path: string, query: Record<string, string | number>) => getOk(owner, path, query);

const today = () => new Date().toISOString();

/** The last two days' spend of a campaign's history (the activity ran today). */
const campaignSpend = async (orgId: string, campaignId: string) =>
  (await get('/v1/reporting/campaign/metrics/history', { organizationId: orgId, campaignId, daysBack: 2 })).items.map(
    (r: { spend: number }) => r.spend,
  );

const link = async (campaignId: string, activityId: string) => {
  const res = await call('POST', `/v1/campaigns/${campaignId}/activities`, {
    token: owner.token,
    body: { activityId },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

describe('spend days of a moved activity', () => {
  it('moves the campaign day rollups of its costs from the old campaign to the new one, and out on unlink', async () => {
    const orgId = await newOrganization(owner);
    const [first, second] = [await createCampaign(orgId, { name: 'A' }), await createCampaign(orgId, { name: 'B' })];
    const activity = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Clip',
      startAt: today(),
    });
    await link(first.id, activity.id);
    await newCost(owner, { activityId: activity.id, amount: 4.5 });
    await newCost(owner, { activityId: activity.id, amount: 0.55 });
    expect([await campaignSpend(orgId, first.id), await campaignSpend(orgId, second.id)]).toEqual([
      [0, 5.05],
      [0, 0],
    ]);

    await link(second.id, activity.id);
    expect([await campaignSpend(orgId, first.id), await campaignSpend(orgId, second.id)]).toEqual([
      [0, 0],
      [0, 5.05],
    ]);
    // A cost written after the move, then deleted, lands on and leaves the new campaign only.
    const later = await newCost(owner, { activityId: activity.id, amount: 1 });
    expect(await campaignSpend(orgId, second.id)).toEqual([0, 6.05]);
    expect((await call('DELETE', `/v1/activities/costs/${later.id}`, { token: owner.token })).status).toBe(200);
    expect([await campaignSpend(orgId, first.id), await campaignSpend(orgId, second.id)]).toEqual([
      [0, 0],
      [0, 5.05],
    ]);

    expect(
      (await call('DELETE', `/v1/campaigns/${second.id}/activities/${activity.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect([await campaignSpend(orgId, first.id), await campaignSpend(orgId, second.id)]).toEqual([
      [0, 0],
      [0, 0],
    ]);
    // The organization's spend is untouched by the moves.
    const date = new Date().toISOString().slice(0, 10);
    expect(
      (await get('/v1/reporting/spend/history', { organizationId: orgId, startDate: date, endDate: date })).items,
    ).toEqual([{ date, amount: 5.05, cumulativeAmount: 5.05 }]);
  });
});

describe('spend days of a startAt change', () => {
  it('moves the spend of 120 costs to the new day (no 409), exactly once, and a second reconcile changes nothing', async () => {
    const orgId = await newOrganization(owner);
    const activity = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Clip',
      startAt: '2026-02-01T10:00:00.000Z',
    });
    for (let i = 0; i < 120; i++) await newCost(owner, { activityId: activity.id, amount: 0.5 });
    const range = { organizationId: orgId, startDate: '2026-02-01', endDate: '2026-02-03' };
    expect((await get('/v1/reporting/spend/history', range)).items.map((r: { amount: number }) => r.amount)).toEqual([
      60, 0, 0,
    ]);

    const moved = await call('PATCH', `/v1/activities/${activity.id}`, {
      token: owner.token,
      body: { name: 'Clip', startAt: '2026-02-03T10:00:00.000Z' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await get('/v1/reporting/spend/history', range)).items).toEqual([
      { date: '2026-02-01', amount: 0, cumulativeAmount: 0 },
      { date: '2026-02-02', amount: 0, cumulativeAmount: 0 },
      { date: '2026-02-03', amount: 60, cumulativeAmount: 60 },
    ]);
    expect(await placeSpend(orgId, activity.id)).toBe(0);
    expect((await get('/v1/reporting/spend/history', range)).items.map((r: { amount: number }) => r.amount)).toEqual([
      0, 0, 60,
    ]);
  });

  it('leaves the totals exact when interrupted after some costs, and a second run completes it', async () => {
    const orgId = await newOrganization(owner);
    const activity = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Clip',
      startAt: '2026-04-01T10:00:00.000Z',
    });
    for (const amount of [1, 2, 4, 8]) await newCost(owner, { activityId: activity.id, amount });
    // The activity's start changes without its reconcile (as if the process stopped right after).
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.activity(orgId, activity.id),
        UpdateExpression: 'SET startAt = :s ADD costsRevision :one',
        ExpressionAttributeValues: { ':s': '2026-04-02T10:00:00.000Z', ':one': 1 },
      }),
    );
    const days = async () =>
      Object.fromEntries(
        (await readDays(orgId, { kind: 'activity', id: activity.id }, '2026-04-01', '2026-04-02')).map((d) => [
          d.date,
          d.spend.USD,
        ]),
      );
    expect(await days()).toEqual({ '2026-04-01': 15 });

    // Two of the four costs are placed, then the run stops.
    const target = await spendTargetOf(orgId, activity.id);
    const costs = (await queryItems(collections.costsOfActivity(orgId, activity.id)))
      .map(storedCostFromItem)
      .sort((a, b) => a.amount - b.amount);
    for (const cost of costs.slice(0, 2)) {
      const stored = await documentClient().send(
        new GetCommand({ TableName: tableName(), Key: keys.cost(orgId, cost.id), ConsistentRead: true }),
      );
      expect(await placeCost(orgId, target!, storedCostFromItem(stored.Item!))).toBe(true);
    }
    expect(await days()).toEqual({ '2026-04-01': 12, '2026-04-02': 3 });

    expect(await placeSpend(orgId, activity.id)).toBe(2);
    expect(await days()).toEqual({ '2026-04-01': 0, '2026-04-02': 15 });
    expect(await placeSpend(orgId, activity.id)).toBe(0);
    expect(await days()).toEqual({ '2026-04-01': 0, '2026-04-02': 15 });
  });
});
