/**
 * Cost writes keep the aggregate of the campaign the cost is counted in. Campaigns are not built
 * yet, so the test writes a campaign item with its aggregate attributes and sets the activity's
 * campaignId directly, as the Campaigns group's link will.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/activities.ts';
import { emptyAggregate } from '../../../shared/db/aggregates.ts';
import { documentClient, tableName } from '../../../shared/db/client.ts';
import { keys } from '../../../shared/db/keys.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  orgId = await newOrganization(owner);
});

async function campaignWithActivity() {
  const campaignId = randomUUID();
  await documentClient().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.campaign(orgId, campaignId), id: campaignId, ...emptyAggregate(['costsCount']) } }),
  );
  const activity = await createActivity(orgId, activityInput());
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.activity(orgId, activity.id),
      UpdateExpression: 'SET campaignId = :c',
      ExpressionAttributeValues: { ':c': campaignId },
    }),
  );
  return { campaignId, activityId: activity.id };
}

const campaignAggregate = async (campaignId: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.campaign(orgId, campaignId), ConsistentRead: true }))).Item;

describe('the campaign aggregate', () => {
  it('counts a cost on create, moves it on update and takes it back on delete', async () => {
    const { campaignId, activityId } = await campaignWithActivity();
    const cost = await newCost(owner, { activityId, amount: 120.5 });
    expect(cost.campaignId).toBe(campaignId);
    expect(await campaignAggregate(campaignId)).toMatchObject({ costsCount: 1, spend: { USD: 120.5 } });

    const updated = await call('PATCH', `/v1/activities/costs/${cost.id}`, { token: owner.token, body: { amount: 100 } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await campaignAggregate(campaignId)).toMatchObject({ costsCount: 1, spend: { USD: 100 } });

    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: owner.token })).status).toBe(200);
    expect(await campaignAggregate(campaignId)).toMatchObject({ costsCount: 0, spend: { USD: 0 } });
  });

  it('writes the cost when its campaign is gone, leaving nothing behind for the missing campaign', async () => {
    const { campaignId, activityId } = await campaignWithActivity();
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.campaign(orgId, campaignId) }));
    await newCost(owner, { activityId, amount: 10 });
    expect(await campaignAggregate(campaignId)).toBeUndefined();
  });
});
