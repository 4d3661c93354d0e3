/**
 * The snapshot writer: a reading moves the activity's metrics, the day rollups and the aggregates
 * of its campaign, creators and tenant exactly once; a redelivery changes nothing; a repeat within
 * the hour keeps one snapshot; manual counts still override the fetched values. A batch writes each
 * rollup item once per transaction with its readings' changes summed (the transactions sent are
 * recorded), and concurrent writers of one campaign leave exact totals.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, deleteActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { readDays, type RollupScope } from '../../../shared/db/metrics/day-rollups.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { call } from '../../support/call.ts';
import { beforeNextTransaction, concurrentWritePending } from '../../support/concurrent-writer.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newOrganization } from '../costs/helpers.ts';
import { youtubeReading } from '../../support/readings.ts';

let owner: TestUser;
let org: string;

beforeAll(async () => {
  owner = await signUp('Readings Owner');
  org = await newOrganization(owner);
});

const reading = (fetchedAt: string, views: number, likes: number, comments: number) =>
  youtubeReading(fetchedAt, { views, likes, comments });

const item = async (key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;

/** The figures of one day of a scope, [impressions, engagement] (zeros when it has no item). */
const dayOf = async (scope: RollupScope, date: string) => {
  const [day] = await readDays(org, scope, date, date);
  return [day?.impressions ?? 0, day?.engagement ?? 0];
};

const keyText = (key: Key) => `${key.pk} ${key.sk}`;

/** The keys of the items of each TransactWriteItems the service sends, in order. */
const transactions: string[][] = [];
documentClient().middlewareStack.add(
  (next, context) => async (args) => {
    if (/^TransactWrite/.test(context.commandName ?? '')) {
      const items = (
        args.input as {
          TransactItems: {
            Put?: { Item: Key };
            Update?: { Key: Key };
            Delete?: { Key: Key };
            ConditionCheck?: { Key: Key };
          }[];
        }
      ).TransactItems;
      transactions.push(
        items.map((i) => keyText(i.Put?.Item ?? i.Update?.Key ?? i.Delete?.Key ?? i.ConditionCheck!.Key)),
      );
    }
    return next(args);
  },
  { step: 'initialize', name: 'recordTransactions' },
);

/** How many times each of `rollups` was written by `sent`. */
const writesOf = (sent: string[][], rollups: Key[]) =>
  rollups.map((k) => sent.flat().filter((written) => written === keyText(k)).length);

/** A campaign of `n` new activities, linked to it, the first `withCreator` of them also to one creator. */
async function campaignOf(name: string, n: number, withCreator = 0) {
  const campaign = await createCampaign(org, { name });
  const creator = await createCreator(org, { name: `${name} creator` });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const activity = await createActivity(org, {
      ...activityInput(`${name} ${i}`),
      ...(i < withCreator ? { creatorId: creator.id } : {}),
    });
    await linkActivity(org, campaign.id, activity.id);
    ids.push(activity.id);
  }
  return { campaignId: campaign.id, creatorId: creator.id, ids };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('recordReadings', () => {
  it('moves the activity, its campaign, the tenant and their days exactly once per reading', async () => {
    const activity = await createActivity(org, activityInput('Read'));
    const campaign = await createCampaign(org, { name: 'Read' });
    const linked = await call('POST', `/v1/campaigns/${campaign.id}/activities`, {
      token: owner.token,
      body: { activityId: activity.id },
    });
    expect(linked.status).toBeLessThan(300);
    const tenantBefore = await item(keys.tenantAggregate(org));

    await recordReadings(org, [
      { activityId: activity.id, reading: reading('2026-11-20T10:05:00.000Z', 1000, 40, 10) },
    ]);
    // Redelivered, and an older reading arriving late: nothing moves.
    await recordReadings(org, [
      { activityId: activity.id, reading: reading('2026-11-20T10:05:00.000Z', 1000, 40, 10) },
    ]);
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-20T09:00:00.000Z', 5, 0, 0) }]);
    // Same hour, later: overwrites that hour's snapshot; a later day adds its increase there.
    await recordReadings(org, [
      { activityId: activity.id, reading: reading('2026-11-20T10:40:00.000Z', 1500, 50, 10) },
    ]);
    await recordReadings(org, [
      { activityId: activity.id, reading: reading('2026-11-21T08:00:00.000Z', 1600, 50, 12) },
    ]);

    const stored = await item(keys.activity(org, activity.id));
    expect(stored).toMatchObject({
      impressions: 1600,
      engagement: 62,
      snapshotsCount: 2,
      lastFetchedAt: '2026-11-21T08:00:00.000Z',
    });
    const snapshots = await queryItems(collections.snapshotsOfActivity(org, activity.id));
    expect(snapshots.map((s) => s.impressions)).toEqual([1500, 1600]);
    expect(await item(keys.campaign(org, campaign.id))).toMatchObject({
      impressions: 1600,
      engagement: 62,
      activitiesWithMetrics: 1,
      newestSnapshotAt: '2026-11-21T08:00:00.000Z',
    });
    const tenantAfter = await item(keys.tenantAggregate(org));
    expect(Number(tenantAfter.impressions) - Number(tenantBefore.impressions ?? 0)).toBe(1600);
    const days = await readDays(org, { kind: 'campaign', id: campaign.id }, '2026-11-19', '2026-11-21');
    expect(days.map((d) => [d.date, d.impressions, d.engagement])).toEqual([
      ['2026-11-20', 1500, 60],
      ['2026-11-21', 100, 2],
    ]);
  });

  it('keeps a manual count over the fetched value', async () => {
    const activity = await createActivity(org, activityInput('Manual'));
    const patched = await call('PATCH', `/v1/activities/${activity.id}`, {
      token: owner.token,
      body: { name: 'Manual', viewsCount: 7 },
    });
    expect(patched.status).toBe(200);
    await recordReadings(org, [
      { activityId: activity.id, reading: reading('2026-11-22T10:00:00.000Z', 1000, 40, 10) },
    ]);
    expect(await item(keys.activity(org, activity.id))).toMatchObject({ impressions: 7, engagement: 50 });
  });

  it('deleting the activity removes its snapshots and its own day rollups, and takes its whole contribution off the tenant', async () => {
    const before = await item(keys.tenantAggregate(org));
    const activity = await createActivity(org, activityInput('Gone'));
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-22T11:00:00.000Z', 300, 3, 0) }]);
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-23T11:00:00.000Z', 350, 3, 1) }]);
    expect(await queryItems(collections.snapshotsOfActivity(org, activity.id))).toHaveLength(2);
    const ownDays = () => readDays(org, { kind: 'activity', id: activity.id }, '2000-01-01', '2100-01-01');
    expect((await ownDays()).map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23']);
    const deleted = await call('DELETE', `/v1/activities/${activity.id}`, { token: owner.token });
    expect(deleted.status).toBeLessThan(300);
    expect(await queryItems(collections.snapshotsOfActivity(org, activity.id))).toEqual([]);
    // Its own day rollups go with it (the tenant's, campaigns' and creators' days keep their history).
    expect(await ownDays()).toEqual([]);
    const after = await item(keys.tenantAggregate(org));
    for (const counter of [
      'impressions',
      'engagement',
      'activitiesWithMetrics',
      'activitiesWithApiMetrics',
      'activitiesCount',
    ]) {
      expect(Number(after[counter] ?? 0), counter).toBe(Number(before[counter] ?? 0));
    }
  });

  it("writes a batch of one campaign's readings in one transaction, each rollup item once with the changes summed", async () => {
    const { campaignId, creatorId, ids } = await campaignOf('Batch', 4, 2);
    const tenantBefore = await item(keys.tenantAggregate(org));
    const at = '2025-10-23T10:00:00.000Z';
    const sent = transactions.length;
    await recordReadings(
      org,
      ids.map((activityId, i) => ({ activityId, reading: reading(at, 100 * (i + 1), i, 1) })),
    );

    const written = transactions.slice(sent);
    expect(written).toHaveLength(1);
    expect(new Set(written[0]).size).toBe(written[0]!.length);
    const day = '2025-10-23';
    const rollups = [
      keys.tenantAggregate(org),
      keys.dayRollup(org, { kind: 'tenant' }, day),
      keys.campaign(org, campaignId),
      keys.dayRollup(org, { kind: 'campaign', id: campaignId }, day),
      keys.creator(org, creatorId),
      keys.dayRollup(org, { kind: 'creator', id: creatorId }, day),
    ];
    // Once each, where a reading at a time wrote the tenant's and the campaign's 4 times.
    expect(writesOf(written, rollups)).toEqual([1, 1, 1, 1, 1, 1]);

    expect(await item(keys.campaign(org, campaignId))).toMatchObject({
      impressions: 1000,
      engagement: 10,
      activitiesWithMetrics: 4,
      activitiesWithApiMetrics: 4,
      newestSnapshotAt: at,
    });
    expect(await item(keys.creator(org, creatorId))).toMatchObject({
      impressions: 300,
      engagement: 3,
      activitiesWithMetrics: 2,
      newestSnapshotAt: at,
    });
    const tenantAfter = await item(keys.tenantAggregate(org));
    for (const [counter, by] of [
      ['impressions', 1000],
      ['engagement', 10],
      ['activitiesWithMetrics', 4],
    ] as const) {
      expect(Number(tenantAfter[counter] ?? 0) - Number(tenantBefore[counter] ?? 0), counter).toBe(by);
    }
    expect(await dayOf({ kind: 'tenant' }, day)).toEqual([1000, 10]);
    expect(await dayOf({ kind: 'campaign', id: campaignId }, day)).toEqual([1000, 10]);
    expect(await dayOf({ kind: 'creator', id: creatorId }, day)).toEqual([300, 3]);
    for (const [i, id] of ids.entries()) {
      expect(await dayOf({ kind: 'activity', id }, day)).toEqual([100 * (i + 1), i + 1]);
      expect(await item(keys.activity(org, id))).toMatchObject({
        impressions: 100 * (i + 1),
        engagement: i + 1,
        snapshotsCount: 1,
        lastFetchedAt: at,
      });
      expect(await queryItems(collections.snapshotsOfActivity(org, id))).toHaveLength(1);
    }

    // The same batch again (a redelivery) and an older one write nothing.
    const again = transactions.length;
    await recordReadings(
      org,
      ids.map((activityId, i) => ({ activityId, reading: reading(at, 100 * (i + 1), i, 1) })),
    );
    await recordReadings(
      org,
      ids.map((activityId) => ({ activityId, reading: reading('2025-10-23T09:00:00.000Z', 1, 0, 0) })),
    );
    expect(transactions.length).toBe(again);
    expect(await item(keys.campaign(org, campaignId))).toMatchObject({
      impressions: 1000,
      engagement: 10,
      activitiesWithMetrics: 4,
    });
  });

  it('splits a batch into transactions of at most 100 items, each writing each of its rollup items once', async () => {
    const { campaignId, ids } = await campaignOf('Large', 40);
    const day = '2025-10-24';
    const sent = transactions.length;
    await recordReadings(
      org,
      ids.map((activityId) => ({ activityId, reading: reading(`${day}T10:00:00.000Z`, 10, 1, 0) })),
    );

    const written = transactions.slice(sent);
    // 40 snapshots, activities and activity days and 4 shared items: 124 items in two transactions.
    expect(written).toHaveLength(2);
    for (const keysWritten of written) {
      expect(keysWritten.length).toBeLessThanOrEqual(100);
      expect(new Set(keysWritten).size).toBe(keysWritten.length);
    }
    expect(
      writesOf(written, [
        keys.tenantAggregate(org),
        keys.campaign(org, campaignId),
        keys.dayRollup(org, { kind: 'campaign', id: campaignId }, day),
      ]),
    ).toEqual([2, 2, 2]);
    expect(await item(keys.campaign(org, campaignId))).toMatchObject({
      impressions: 400,
      engagement: 40,
      activitiesWithMetrics: 40,
    });
    expect(await dayOf({ kind: 'campaign', id: campaignId }, day)).toEqual([400, 40]);
    expect(await dayOf({ kind: 'tenant' }, day)).toEqual([400, 40]);
  }, 60_000);

  it('a batch holding two readings of one activity records them in turn, oldest first', async () => {
    const { campaignId, ids } = await campaignOf('Twice', 2);
    const [a, b] = ids as [string, string];
    await recordReadings(org, [
      { activityId: a, reading: reading('2025-10-26T11:00:00.000Z', 30, 3, 0) },
      { activityId: b, reading: reading('2025-10-26T10:00:00.000Z', 5, 0, 0) },
      { activityId: a, reading: reading('2025-10-26T10:00:00.000Z', 10, 1, 0) },
    ]);
    expect(await item(keys.activity(org, a))).toMatchObject({
      impressions: 30,
      engagement: 3,
      snapshotsCount: 2,
      lastFetchedAt: '2025-10-26T11:00:00.000Z',
    });
    expect((await queryItems(collections.snapshotsOfActivity(org, a))).map((s) => s.impressions)).toEqual([10, 30]);
    expect(await item(keys.campaign(org, campaignId))).toMatchObject({
      impressions: 35,
      engagement: 3,
      activitiesWithMetrics: 2,
    });
    expect(await dayOf({ kind: 'campaign', id: campaignId }, '2025-10-26')).toEqual([35, 3]);
  });

  it("20 concurrent snapshots of one campaign's activities leave exact campaign totals", async () => {
    const { campaignId, creatorId, ids } = await campaignOf('Concurrent', 20, 5);
    const tenantBefore = await item(keys.tenantAggregate(org));
    const day = '2025-10-25';
    const earlier = (i: number) => reading(`${day}T09:00:00.000Z`, 100 + i, 10, 0);
    const later = (i: number) => reading(`${day}T10:00:00.000Z`, 200 + i, 20, 1);
    // One writer per activity with its earlier reading, and one batch of all the later readings,
    // all at once: whichever order they land in, the later readings are what stays.
    await Promise.all([
      ...ids.map((activityId, i) => recordReadings(org, [{ activityId, reading: earlier(i) }])),
      recordReadings(
        org,
        ids.map((activityId, i) => ({ activityId, reading: later(i) })),
      ),
    ]);

    const impressions = sum(ids.map((_, i) => 200 + i));
    expect(await item(keys.campaign(org, campaignId))).toMatchObject({
      impressions,
      engagement: 20 * 21,
      activitiesWithMetrics: 20,
      activitiesWithApiMetrics: 20,
    });
    expect(await item(keys.creator(org, creatorId))).toMatchObject({
      impressions: sum([0, 1, 2, 3, 4].map((i) => 200 + i)),
      engagement: 5 * 21,
      activitiesWithMetrics: 5,
    });
    const tenantAfter = await item(keys.tenantAggregate(org));
    for (const [counter, by] of [
      ['impressions', impressions],
      ['engagement', 20 * 21],
      ['activitiesWithMetrics', 20],
      ['activitiesWithApiMetrics', 20],
    ] as const) {
      expect(Number(tenantAfter[counter] ?? 0) - Number(tenantBefore[counter] ?? 0), counter).toBe(by);
    }
    expect(await dayOf({ kind: 'campaign', id: campaignId }, day)).toEqual([impressions, 20 * 21]);
    expect(await dayOf({ kind: 'tenant' }, day)).toEqual([impressions, 20 * 21]);
    expect(await dayOf({ kind: 'creator', id: creatorId }, day)).toEqual([
      sum([0, 1, 2, 3, 4].map((i) => 200 + i)),
      5 * 21,
    ]);
    for (const [i, id] of ids.entries()) {
      expect(await item(keys.activity(org, id))).toMatchObject({
        impressions: 200 + i,
        engagement: 21,
        lastFetchedAt: `${day}T10:00:00.000Z`,
      });
      expect(await dayOf({ kind: 'activity', id }, day)).toEqual([200 + i, 21]);
    }
  }, 60_000);

  it('a change to an activity between reading and writing sends the batch round again; an activity deleted meanwhile is skipped', async () => {
    const { campaignId, ids } = await campaignOf('Raced', 3);
    const [manual, gone, plain] = ids as [string, string, string];
    const day = '2025-10-27';
    beforeNextTransaction(async () => {
      await updateActivity(org, manual, { viewsCount: 7 });
      await deleteActivity(org, gone);
    });
    await recordReadings(
      org,
      ids.map((activityId) => ({ activityId, reading: reading(`${day}T10:00:00.000Z`, 100, 5, 5) })),
    );
    expect(concurrentWritePending()).toBe(false);
    expect(await item(keys.activity(org, manual))).toMatchObject({
      impressions: 7,
      engagement: 10,
      lastFetchedAt: `${day}T10:00:00.000Z`,
    });
    expect(await item(keys.activity(org, plain))).toMatchObject({ impressions: 100, engagement: 10 });
    expect(await queryItems(collections.snapshotsOfActivity(org, gone))).toEqual([]);
    expect(await item(keys.campaign(org, campaignId))).toMatchObject({
      impressions: 107,
      engagement: 20,
      activitiesWithMetrics: 2,
      activitiesCount: 2,
    });
    // The manual count's 7 went to the day it was set; this day has the rest.
    expect(await dayOf({ kind: 'campaign', id: campaignId }, day)).toEqual([100, 20]);
  });
});
