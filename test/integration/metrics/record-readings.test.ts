/**
 * The snapshot writer: a reading moves the activity's metrics, the day rollups and the aggregates
 * of its campaign, creators and tenant exactly once; a redelivery changes nothing; a repeat within
 * the hour keeps one snapshot; manual counts still override the fetched values.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/activities.ts';
import { createCampaign } from '../../../shared/db/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/client.ts';
import { readDays } from '../../../shared/db/day-rollups.ts';
import { keys } from '../../../shared/db/keys.ts';
import { queryPrefix } from '../../../shared/db/operations.ts';
import { recordReadings } from '../../../shared/db/snapshots.ts';
import type { ContentReading } from '../../../shared/domain/metric-readings.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newOrganization } from '../costs/helpers.ts';

let owner: TestUser;
let org: string;

beforeAll(async () => {
  owner = await signUp('Readings Owner');
  org = await newOrganization(owner);
});

const reading = (fetchedAt: string, views: number, likes: number, comments: number): ContentReading => ({
  fields: { viewCount: views, likeCount: likes, commentCount: comments },
  impressions: views,
  engagement: likes + comments,
  reach: null,
  source: { kind: 'api', adapter: 'youtube-data-api', apiVersion: 'v3' },
  contentUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  fetchedAt,
});

const item = async (key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;

describe('recordReadings', () => {
  it('moves the activity, its campaign, the tenant and their days exactly once per reading', async () => {
    const activity = await createActivity(org, activityInput('Read'));
    const campaign = await createCampaign(org, { name: 'Read' });
    const linked = await call('POST', `/v1/campaigns/${campaign.id}/activities`, { token: owner.token, body: { activityId: activity.id } });
    expect(linked.status).toBeLessThan(300);
    const tenantBefore = await item(keys.tenantAggregate(org));

    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-20T10:05:00.000Z', 1000, 40, 10) }]);
    // Redelivered, and an older reading arriving late: nothing moves.
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-20T10:05:00.000Z', 1000, 40, 10) }]);
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-20T09:00:00.000Z', 5, 0, 0) }]);
    // Same hour, later: overwrites that hour's snapshot; a later day adds its increase there.
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-20T10:40:00.000Z', 1500, 50, 10) }]);
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-21T08:00:00.000Z', 1600, 50, 12) }]);

    const stored = await item(keys.activity(org, activity.id));
    expect(stored).toMatchObject({ impressions: 1600, engagement: 62, snapshotsCount: 2, lastFetchedAt: '2026-11-21T08:00:00.000Z' });
    const snapshots = await queryPrefix(keys.snapshotsOfActivity(org, activity.id));
    expect(snapshots.map((s) => s.impressions)).toEqual([1500, 1600]);
    expect(await item(keys.campaign(org, campaign.id))).toMatchObject({ impressions: 1600, engagement: 62, activitiesWithMetrics: 1, newestSnapshotAt: '2026-11-21T08:00:00.000Z' });
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
    const patched = await call('PATCH', `/v1/activities/${activity.id}`, { token: owner.token, body: { name: 'Manual', viewsCount: 7 } });
    expect(patched.status).toBe(200);
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-22T10:00:00.000Z', 1000, 40, 10) }]);
    expect(await item(keys.activity(org, activity.id))).toMatchObject({ impressions: 7, engagement: 50 });
  });

  it('deleting the activity removes its snapshots and takes its whole contribution off the tenant', async () => {
    const before = await item(keys.tenantAggregate(org));
    const activity = await createActivity(org, activityInput('Gone'));
    await recordReadings(org, [{ activityId: activity.id, reading: reading('2026-11-22T11:00:00.000Z', 300, 3, 0) }]);
    expect(await queryPrefix(keys.snapshotsOfActivity(org, activity.id))).toHaveLength(1);
    const deleted = await call('DELETE', `/v1/activities/${activity.id}`, { token: owner.token });
    expect(deleted.status).toBeLessThan(300);
    expect(await queryPrefix(keys.snapshotsOfActivity(org, activity.id))).toEqual([]);
    const after = await item(keys.tenantAggregate(org));
    for (const counter of ['impressions', 'engagement', 'activitiesWithMetrics', 'activitiesWithApiMetrics', 'activitiesCount']) {
      expect(Number(after[counter] ?? 0), counter).toBe(Number(before[counter] ?? 0));
    }
  });
});
