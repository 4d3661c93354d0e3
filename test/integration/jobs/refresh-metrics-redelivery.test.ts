/**
 * A redelivered SQS message changes nothing, end to end: the worker Lambda's handler reads the
 * local platform fakes over HTTP and writes with the real snapshot writer; the same event delivered
 * again leaves the aggregates, day rollups and snapshots as the first delivery left them.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/jobs/refresh-metrics-worker.ts';
import { dispatchDue } from '../../../functions/jobs/metric-refresh/dispatch.ts';
import { FakePlatforms } from '../../../infra/local/fakes/platforms.ts';
import { createActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { readDays, type RollupScope } from '../../../shared/db/metrics/day-rollups.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { usePlatforms } from '../../../shared/integrations/platforms/index.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';

let fake: FakePlatforms;

beforeAll(async () => {
  fake = await FakePlatforms.start();
  Object.assign(process.env, fake.env());
  usePlatforms(undefined);
});
afterAll(() => fake.stop());

const item = async (key: Key) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('refresh-metrics-worker against the platform fakes', () => {
  it('a redelivered SQS message changes nothing', async () => {
    const tenantId = (await createTenant({ name: 'Redelivery', ownerUserId: randomUUID() })).id;
    const campaignId = (await createCampaign(tenantId, { name: 'Redelivered' })).id;
    const creatorId = (await createCreator(tenantId, { name: 'Ada' })).id;
    const ids: string[] = [];
    for (const video of ['redeliver01', 'redeliver02']) {
      const { id } = await createActivity(tenantId, {
        channel: 'youtube',
        activity: 'youtube_video',
        name: video,
        creatorId,
      });
      await updateActivity(tenantId, id, { contentHref: `https://youtu.be/${video}` }, { tracking: 'due' });
      await linkActivity(tenantId, campaignId, id);
      ids.push(id);
    }
    const sent: RefreshMessage[] = [];
    await dispatchDue(new Date(), { send: async (messages) => void sent.push(...messages) });
    const records = sent
      .filter((m) => m.tenantId === tenantId)
      .map((m) => ({ messageId: randomUUID(), body: JSON.stringify(m) }));
    expect(records).toHaveLength(2);
    const event = { Records: records } as unknown as SQSEvent;

    const scopes: RollupScope[] = [
      { kind: 'tenant' },
      { kind: 'campaign', id: campaignId },
      { kind: 'creator', id: creatorId },
      ...ids.map((id) => ({ kind: 'activity' as const, id })),
    ];
    const state = async () => ({
      aggregates: await Promise.all(
        [
          keys.tenantAggregate(tenantId),
          keys.campaign(tenantId, campaignId),
          keys.creator(tenantId, creatorId),
          ...ids.map((id) => keys.activity(tenantId, id)),
        ].map(item),
      ),
      days: await Promise.all(scopes.map((scope) => readDays(tenantId, scope, '2000-01-01', '2100-01-01'))),
      snapshots: (await Promise.all(ids.map((id) => queryItems(collections.snapshotsOfActivity(tenantId, id))))).flat(),
    });

    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    const first = await state();
    const [tenant, campaign, creator, ...activities] = first.aggregates;
    const impressions = activities.map((a) => Number(a!.impressions));
    expect(impressions.every((n) => n > 0)).toBe(true);
    const total = impressions[0]! + impressions[1]!;
    expect(campaign).toMatchObject({ impressions: total, activitiesWithMetrics: 2, activitiesWithApiMetrics: 2 });
    expect(creator).toMatchObject({ impressions: total, activitiesWithMetrics: 2 });
    expect(tenant).toMatchObject({ impressions: total, activitiesWithMetrics: 2 });
    for (const days of first.days.slice(0, 3)) expect(days.reduce((n, d) => n + d.impressions, 0)).toBe(total);
    expect(first.snapshots).toHaveLength(2);

    // The same event again, as SQS delivers it when the first delivery's response was lost.
    const reads = fake.calls.length;
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(fake.calls.length).toBe(reads);
    expect(await state()).toEqual(first);
  });
});
