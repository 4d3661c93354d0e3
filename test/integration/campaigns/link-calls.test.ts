/**
 * The DynamoDB round trips of linking an activity to a campaign and of moving it to another (the
 * bench's latency part prints the same with the reason for each): the campaign's pointer, the
 * campaign with the caller's access in one BatchGet, the activity as the transaction conditions on
 * it, the transaction, then what the day rollups follow: the activity's spend placement (its costs'
 * index only when it counts some), its campaign and creator links in one Query, its metric days.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { countDynamoCalls } from '../../support/dynamodb-calls.ts';
import { link, newActivity, newCampaign, newCost } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let org: Org;

beforeAll(async () => {
  org = await newOrg('Link calls');
});

/** The round trips of one request. */
async function tripsOf(request: () => Promise<{ status: number }>, status: number): Promise<number> {
  const calls = countDynamoCalls();
  const before = calls.read();
  expect((await request()).status).toBe(status);
  return calls.read() - before;
}

describe('link and move of an activity', () => {
  it('cost 7 round trips each for an activity without costs', async () => {
    const [a, b] = [await newCampaign(org), await newCampaign(org)];
    const activity = await newActivity(org);
    expect(await tripsOf(() => link(org, a.id, activity.id), 201)).toBe(7);
    expect(await tripsOf(() => link(org, b.id, activity.id), 201)).toBe(7);
  });

  it('read its costs only when it counts some: one Query more', async () => {
    const [a, b] = [await newCampaign(org), await newCampaign(org)];
    const activity = await newActivity(org);
    await newCost(org, activity.id, 5);
    const linked = await tripsOf(() => link(org, a.id, activity.id), 201);
    // Its cost's spend day moves with it (one transaction) after the costs' Query.
    expect(linked).toBe(9);
    expect(await tripsOf(() => link(org, b.id, activity.id), 201)).toBe(linked);
  });
});
