/**
 * Cost writes keep the aggregate of the campaign the cost counts in: its activity's campaign at
 * the time of the write (linked through the Campaigns repository).
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
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
  const campaign = await createCampaign(orgId, { name: 'Aggregated' });
  const activity = await createActivity(orgId, activityInput());
  await linkActivity(orgId, campaign.id, activity.id);
  return { campaignId: campaign.id, activityId: activity.id };
}

const campaignAggregate = async (campaignId: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.campaign(orgId, campaignId), ConsistentRead: true }),
    )
  ).Item;

describe('the campaign aggregate', () => {
  it('counts a cost on create, moves it on update and takes it back on delete', async () => {
    const { campaignId, activityId } = await campaignWithActivity();
    const cost = await newCost(owner, { activityId, amount: 120.5 });
    expect(cost.campaignId).toBe(campaignId);
    expect(await campaignAggregate(campaignId)).toMatchObject({ costsCount: 1, spend: { USD: 120.5 } });

    const updated = await call('PATCH', `/v1/activities/costs/${cost.id}`, {
      token: owner.token,
      body: { amount: 100 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await campaignAggregate(campaignId)).toMatchObject({ costsCount: 1, spend: { USD: 100 } });

    expect((await call('DELETE', `/v1/activities/costs/${cost.id}`, { token: owner.token })).status).toBe(200);
    expect(await campaignAggregate(campaignId)).toMatchObject({ costsCount: 0, spend: { USD: 0 } });
  });

  it('writes the cost when its campaign item is gone (a damaged link), leaving nothing behind for the missing campaign', async () => {
    const { campaignId, activityId } = await campaignWithActivity();
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.campaign(orgId, campaignId) }));
    await newCost(owner, { activityId, amount: 10 });
    expect(await campaignAggregate(campaignId)).toBeUndefined();
  });
});
