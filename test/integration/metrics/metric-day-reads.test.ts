/**
 * The snapshot writer reads the day items of a batch of readings in one consistent BatchGet
 * (`readMetricDays`): it answers what `readMetricDay` answers for each day (found with its scopes,
 * found without scopes, absent), in the order asked; and a batch of readings of distinct
 * activities sends one BatchGet for their days, never a GetItem of a day.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { readMetricDay, readMetricDays } from '../../../shared/db/metrics/metric-days.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { signUp } from '../../support/users.ts';
import { activityInput, newOrganization } from '../costs/helpers.ts';
import { youtubeReading } from '../../support/readings.ts';

let org: string;

beforeAll(async () => {
  org = await newOrganization(await signUp('Day Reads Owner'));
});

const reading = (fetchedAt: string, views: number) => youtubeReading(fetchedAt, { views, likes: 1 });

const dayKey = (activityId: string, date: string) => keys.dayRollup(org, { kind: 'activity', id: activityId }, date);

/** The reads the service sends, with the keys each asks for. */
const reads: { command: string; keys: Key[]; consistent: boolean }[] = [];
documentClient().middlewareStack.add(
  (next, context) => async (args) => {
    const command = context.commandName ?? '';
    const input = args.input as {
      Key?: Key;
      ConsistentRead?: boolean;
      RequestItems?: Record<string, { Keys: Key[]; ConsistentRead?: boolean }>;
    };
    if (command === 'GetItemCommand')
      reads.push({ command, keys: [input.Key!], consistent: Boolean(input.ConsistentRead) });
    if (command === 'BatchGetItemCommand') {
      const request = input.RequestItems![tableName()]!;
      reads.push({ command, keys: request.Keys, consistent: Boolean(request.ConsistentRead) });
    }
    return next(args);
  },
  { step: 'initialize', name: 'recordReads' },
);

describe('readMetricDays', () => {
  it('answers each day as readMetricDay does, in the order asked: found with scopes, found without, absent', async () => {
    const campaign = await createCampaign(org, { name: 'Day reads' });
    const inCampaign = await createActivity(org, activityInput('In a campaign'));
    await linkActivity(org, campaign.id, inCampaign.id);
    const alone = await createActivity(org, activityInput('Alone'));
    await recordReadings(org, [
      { activityId: inCampaign.id, reading: reading('2026-04-01T09:00:00.000Z', 100) },
      { activityId: alone.id, reading: reading('2026-04-01T09:00:00.000Z', 50) },
    ]);
    // A day counted before days recorded their scopes.
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...dayKey(alone.id, '2026-03-31'), impressions: 7, engagement: 0 },
      }),
    );

    const days = [
      { activityId: alone.id, date: '2026-03-30' },
      { activityId: inCampaign.id, date: '2026-04-01' },
      { activityId: alone.id, date: '2026-04-01' },
      { activityId: alone.id, date: '2026-03-31' },
      // Asked twice: answered twice (BatchGet itself refuses a repeated key).
      { activityId: inCampaign.id, date: '2026-04-01' },
    ];
    const answered = await readMetricDays(org, days);
    expect(answered).toEqual([
      { exists: false, scopes: undefined },
      { exists: true, scopes: [`CAMPAIGN#${campaign.id}`] },
      { exists: true, scopes: [] },
      { exists: true, scopes: undefined },
      { exists: true, scopes: [`CAMPAIGN#${campaign.id}`] },
    ]);
    expect(answered).toEqual(await Promise.all(days.map((d) => readMetricDay(org, d.activityId, d.date))));
    // Days are the tenant's: the same activity and date under another tenant is not found.
    expect(await readMetricDays(`${org}-other`, days.slice(1, 2))).toEqual([{ exists: false, scopes: undefined }]);
    expect(await readMetricDays(org, [])).toEqual([]);
  });

  it('is how a batch of readings of distinct activities reads their days: one consistent BatchGet, no GetItem of a day', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createActivity(org, activityInput(`Batch ${i}`))).id);
    const fetchedAt = '2026-04-02T10:00:00.000Z';
    reads.length = 0;
    await recordReadings(
      org,
      ids.map((activityId, i) => ({ activityId, reading: reading(fetchedAt, 10 + i) })),
    );

    const isDay = (key: Key) => key.sk.startsWith('DAY#ACTIVITY#');
    expect(reads.filter((r) => r.command === 'GetItemCommand' && r.keys.some(isDay))).toEqual([]);
    const dayBatches = reads.filter((r) => r.command === 'BatchGetItemCommand' && r.keys.some(isDay));
    expect(dayBatches).toHaveLength(1);
    expect(dayBatches[0]!.consistent).toBe(true);
    expect(dayBatches[0]!.keys.map((k) => k.sk).sort()).toEqual(ids.map((id) => dayKey(id, '2026-04-02').sk).sort());
    // And the readings were written: each activity's day counts its reading.
    expect(
      (
        await readMetricDays(
          org,
          ids.map((activityId) => ({ activityId, date: '2026-04-02' })),
        )
      ).map((d) => d.exists),
    ).toEqual([true, true, true, true]);
  });
});
