/**
 * Linking an activity with a long metric history moves its days in as few transactions as
 * DynamoDB's 100 items allow (each day whole), not one per day: 150 days of readings reach the
 * campaign's history in a handful of transactions, every day counted once, and a second placement
 * moves nothing. Deleting it takes them out of the histories in a handful too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, deleteActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient } from '../../../shared/db/table/client.ts';
import { readDays } from '../../../shared/db/metrics/day-rollups.ts';
import { placeMetricDays } from '../../../shared/db/metrics/metric-days.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { youtubeReading } from '../../support/readings.ts';
import { signUp } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';

const DAYS = 150;
let orgId: string;

/** TransactWriteItems sent while counting. */
let transactions = 0;
let counting = false;
documentClient().middlewareStack.add(
  (next, context) => async (args) => {
    if (counting && /^TransactWrite/.test(context.commandName ?? '')) transactions++;
    return next(args);
  },
  { step: 'initialize', name: 'countTransactions' },
);

beforeAll(async () => {
  orgId = await newOrganization(await signUp('Batched Days Owner'));
});

describe('an activity linked with a long history', () => {
  it('moves all its days to the campaign in a few transactions, each day once', async () => {
    const activity = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Long history',
    });
    const start = Date.parse('2026-01-01T12:00:00.000Z');
    const dates: string[] = [];
    // One reading a day, each adding 10 views and 1 like to the day before's counts.
    for (let day = 0; day < DAYS; day++) {
      const at = new Date(start + day * 86_400_000).toISOString();
      dates.push(at.slice(0, 10));
      await recordReadings(orgId, [
        { activityId: activity.id, reading: youtubeReading(at, { views: 10 * (day + 1), likes: day + 1 }) },
      ]);
    }
    const campaign = await createCampaign(orgId, { name: 'Catch-all' });

    counting = true;
    await linkActivity(orgId, campaign.id, activity.id);
    counting = false;

    // Each day moves its own item and the campaign's day: 150 days in 4 transactions of at most 100 items, plus the link's own.
    expect(transactions).toBeLessThanOrEqual(6);
    const days = await readDays(orgId, { kind: 'campaign', id: campaign.id }, dates[0]!, dates.at(-1)!);
    expect(days).toHaveLength(DAYS);
    expect(days.every((d) => d.impressions === 10 && d.engagement === 1)).toBe(true);
    expect(await placeMetricDays(orgId, activity.id)).toBe(0);

    // Deleted: each day leaves with the tenant's and the campaign's days, 450 items in 5 transactions, plus the delete's own few.
    transactions = 0;
    counting = true;
    await deleteActivity(orgId, activity.id);
    counting = false;
    expect(transactions).toBeLessThanOrEqual(12);
    const scopes = [{ kind: 'campaign', id: campaign.id }, { kind: 'tenant' }] as const;
    for (const scope of scopes) {
      const left = await readDays(orgId, scope, dates[0]!, dates.at(-1)!);
      expect(left.every((d) => d.impressions === 0 && d.engagement === 0)).toBe(true);
    }
    // 150 readings recorded one by one first: a few seconds idle, over 20 s under the suite's load.
  }, 120_000);
});
