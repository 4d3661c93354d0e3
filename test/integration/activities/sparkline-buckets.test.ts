/**
 * GET /v1/activities/sparklines reads the activities' sparkline buckets (shared/db/metrics/sparkline-buckets.ts):
 * 100 activities in at most 5 DynamoDB round trips, and every series what the activity's day items
 * hold (read here with `readDays`, one Query per activity, as the route used to) after readings,
 * batched readings, manual counts, first readings moved to a new publish date, links, moves and
 * unlinks, the withdrawal of its days, its deletion, and `npm run reindex` (reindexTable) building
 * buckets that are missing or wrong.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { readDays } from '../../../shared/db/metrics/day-rollups.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { withdrawMetricDays } from '../../../shared/db/metrics/metric-days.ts';
import { reindexTable } from '../../../shared/db/maintenance/index.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { BUCKET_DAYS, bucketStart, bucketWrites, figureNames } from '../../../shared/db/metrics/sparkline-buckets.ts';
import { transact } from '../../../shared/db/table/transact.ts';
import { addDays, datesBetween, lastDays } from '../../../shared/domain/reporting/days.ts';
import { call } from '../../support/call.ts';
import { countDynamoCalls } from '../../support/dynamodb-calls.ts';
import { youtubeReading } from '../../support/readings.ts';
import { newActivity, newCreator } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

type Point = { date: string; impressions: number; engagement: number };

let org: Org;
const dates = () => lastDays(30, 'UTC');
const today = () => dates().at(-1)!;
/** Noon UTC of the day `daysAgo` before today, plus `minutes`. */
const at = (daysAgo: number, minutes = 0) =>
  new Date(Date.parse(`${addDays(today(), -daysAgo)}T12:00:00.000Z`) + minutes * 60_000).toISOString();

beforeAll(async () => {
  org = await newOrg('Sparkline buckets');
});

const req = async (method: string, url: string, body?: unknown, status = 200) => {
  const res = await call(method, url, { token: org.owner.token, body });
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
};

const sparklines = async (ids: readonly string[]): Promise<{ activityId: string; points: Point[] }[]> =>
  (await req('GET', `/v1/activities/sparklines?activityIds=${ids.join(',')}`)).items;

/** What the activities' day items hold over the last 30 days, zero-filled, in the order asked. */
async function fromDayItems(ids: readonly string[]) {
  const window = dates();
  return Promise.all(
    ids.map(async (activityId) => {
      const stored = new Map(
        (await readDays(org.organizationId, { kind: 'activity', id: activityId }, window[0]!, window.at(-1)!)).map(
          (d) => [d.date, d],
        ),
      );
      return {
        activityId,
        points: window.map((date) => ({
          date,
          impressions: stored.get(date)?.impressions ?? 0,
          engagement: stored.get(date)?.engagement ?? 0,
        })),
      };
    }),
  );
}

/** The sparklines answer what the day items hold, and some of it is not zero (so that the comparison shows something). */
async function expectSameAsDays(ids: readonly string[], { someFigures = true } = {}) {
  const expected = await fromDayItems(ids);
  expect(await sparklines(ids)).toEqual(expected);
  if (someFigures) expect(expected.some((s) => s.points.some((p) => p.impressions || p.engagement))).toBe(true);
}

const read = (activityId: string, daysAgo: number, views: number, likes: number, minutes = 0) => ({
  activityId,
  reading: youtubeReading(at(daysAgo, minutes), { views, likes, comments: 1 }),
});

const bucketsOf = async (activityId: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: {
          ':pk': keys.tenant(org.organizationId).pk,
          ':sk': collections.sparklineBucketsOfActivity(org.organizationId, activityId).sk.beginsWith,
        },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('GET /v1/activities/sparklines from the sparkline buckets', () => {
  it('reads 100 activities in at most 5 DynamoDB calls, each series what its day items hold', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push(
        (
          await createActivity(org.organizationId, {
            channel: 'youtube',
            activity: 'youtube_video',
            name: `Video ${i}`,
          })
        ).id,
      );
    // Readings on days 25, 12 and 0 ago for every other activity: one batch per day, as the worker writes them.
    for (const [step, daysAgo] of [25, 12, 0].entries()) {
      await recordReadings(
        org.organizationId,
        ids
          .filter((_, i) => i % 2 === 0)
          .map((id, i) => read(id, daysAgo, 100 * (i + 1) * (step + 1), 3 * (i + 1) * (step + 1))),
      );
    }
    const calls = countDynamoCalls();
    const before = calls.read();
    const answered = await sparklines(ids);
    const made = calls.read() - before;
    expect(made).toBeLessThanOrEqual(5);
    expect(answered).toEqual(await fromDayItems(ids));
    expect(answered.filter((s) => s.points.some((p) => p.impressions)).length).toBe(50);
  });

  it('follows readings, batched readings of one activity, manual counts and first readings moved to a new publish date', async () => {
    // Two publish dates in one bucket, and one in another: a move within a bucket writes it once.
    const window = dates();
    const i = window.findIndex((d, k) => k > 0 && bucketStart(d) === bucketStart(window[k - 1]!));
    const [before, sameBucket] = [window[i - 1]!, window[i]!];
    // Outside the window only when the window is one bucket (its last day is today).
    const otherBucket =
      window.find((d) => bucketStart(d) !== bucketStart(sameBucket)) ?? addDays(bucketStart(sameBucket), -1);
    const a = await newActivity(org, { startAt: `${before}T12:00:00.000Z` });
    const b = await newActivity(org);
    const ids = [a.id, b.id];
    // A's first reading counts on its publish date; three readings of B in one batch go in turn.
    await recordReadings(org.organizationId, [
      read(a.id, 0, 5_000, 40),
      read(b.id, 9, 100, 2),
      read(b.id, 4, 300, 5),
      read(b.id, 1, 900, 9),
    ]);
    await expectSameAsDays(ids);
    for (const startDate of [sameBucket, otherBucket, before]) {
      await req('PATCH', `/v1/activities/${a.id}`, { name: 'Launch video', startAt: `${startDate}T12:00:00.000Z` });
      const series = (await sparklines([a.id]))[0]!.points;
      if (window.includes(startDate))
        expect(series.find((p) => p.date === startDate)).toEqual({
          date: startDate,
          impressions: 5_000,
          engagement: 41,
        });
      await expectSameAsDays(ids);
    }
    await recordReadings(org.organizationId, [read(a.id, 0, 7_500, 60, 30)]);
    await req('PATCH', `/v1/activities/${b.id}`, { name: 'Launch video', viewsCount: 2_000, likeCount: 30 });
    await expectSameAsDays(ids);
  });

  it('is unchanged by links, moves and unlinks, which move the days between campaigns and creators', async () => {
    const a = await newActivity(org);
    const [first, second] = [
      await req('POST', '/v1/campaigns', { organizationId: org.organizationId, name: 'First' }, 201),
      await req('POST', '/v1/campaigns', { organizationId: org.organizationId, name: 'Second' }, 201),
    ];
    const creatorId = await newCreator(org);
    await recordReadings(org.organizationId, [read(a.id, 6, 1_000, 10)]);
    await recordReadings(org.organizationId, [read(a.id, 3, 1_600, 18)]);
    const shown = await sparklines([a.id]);
    const steps = [
      () => req('POST', `/v1/campaigns/${first.data.id}/activities`, { activityId: a.id }, 201),
      () => req('POST', `/v1/activities/${a.id}/creators`, { creatorId }, 201),
      () => req('POST', `/v1/campaigns/${second.data.id}/activities`, { activityId: a.id }, 201),
      () => req('DELETE', `/v1/activities/${a.id}/creators/${creatorId}`, undefined, 200),
      () => req('DELETE', `/v1/campaigns/${second.data.id}/activities/${a.id}`, undefined, 200),
    ];
    for (const step of steps) {
      await step();
      await expectSameAsDays([a.id]);
      expect(await sparklines([a.id])).toEqual(shown);
    }
  });

  it('shows nothing once the days are withdrawn, and its buckets go with the activity', async () => {
    const [a, b] = [await newActivity(org), await newActivity(org)];
    await recordReadings(org.organizationId, [read(a.id, 20, 800, 8), read(b.id, 20, 700, 7)]);
    await recordReadings(org.organizationId, [read(a.id, 2, 1_800, 18), read(b.id, 2, 1_700, 17)]);
    await withdrawMetricDays(org.organizationId, a.id);
    await expectSameAsDays([a.id], { someFigures: false });
    expect((await sparklines([a.id]))[0]!.points.every((p) => !p.impressions && !p.engagement)).toBe(true);
    expect(await bucketsOf(a.id)).not.toEqual([]);
    await req('DELETE', `/v1/activities/${a.id}`, undefined, 200);
    expect(await bucketsOf(a.id)).toEqual([]);
    expect(
      (await call('GET', `/v1/activities/sparklines?activityIds=${b.id},${a.id}`, { token: org.owner.token })).status,
    ).toBe(404);
    await expectSameAsDays([b.id]);
  });

  it('gets buckets missing or wrong rebuilt by the reindex, which a second run leaves alone', async () => {
    const [a, b] = [await newActivity(org), await newActivity(org)];
    await recordReadings(org.organizationId, [read(a.id, 28, 400, 4), read(b.id, 15, 500, 5)]);
    await recordReadings(org.organizationId, [read(a.id, 1, 1_400, 14), read(b.id, 0, 900, 9)]);
    const expected = await fromDayItems([a.id, b.id]);
    // As before the buckets existed: A has none; one of B's days is off.
    for (const bucket of await bucketsOf(a.id))
      await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk: bucket.pk, sk: bucket.sk } }));
    const [bucket] = await bucketsOf(b.id);
    const name = Object.keys(bucket!).find((n) => /^i\d\d-\d\d$/.test(n))!;
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: bucket!.pk, sk: bucket!.sk },
        UpdateExpression: 'SET #n = :v',
        ExpressionAttributeNames: { '#n': name },
        ExpressionAttributeValues: { ':v': 3 },
      }),
    );
    expect(await sparklines([a.id, b.id])).not.toEqual(expected);

    const dry = await reindexTable({ dryRun: true });
    expect(dry.sparklineBucket.updated).toBeGreaterThanOrEqual(2);
    expect(await sparklines([a.id, b.id])).not.toEqual(expected);
    const counts = await reindexTable();
    expect(counts.sparklineBucket.updated).toBeGreaterThanOrEqual(2);
    expect(await sparklines([a.id, b.id])).toEqual(expected);
    await expectSameAsDays([a.id, b.id]);
    expect((await reindexTable()).sparklineBucket).toMatchObject({ updated: 0, skipped: 0 });
  });

  it('keeps a full bucket of 30 days of ten-digit figures under 1 KB: one write unit', async () => {
    const activityId = randomUUID();
    const start = bucketStart(today());
    const days = datesBetween(start, addDays(start, BUCKET_DAYS - 1)).map((date) => ({
      date,
      impressions: 9_876_543_210,
      engagement: 98_765_432,
    }));
    await transact(bucketWrites(org.organizationId, activityId, days));
    const [bucket] = await bucketsOf(activityId);
    expect(Object.keys(bucket!).length).toBe(2 + 2 * BUCKET_DAYS);
    // A write's units are those of the larger of the item before and after it.
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: bucket!.pk, sk: bucket!.sk },
        UpdateExpression: 'ADD #n :v',
        ExpressionAttributeNames: { '#n': figureNames(start).impressions },
        ExpressionAttributeValues: { ':v': 1 },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(out.ConsumedCapacity?.CapacityUnits).toBe(1);
  });
});
