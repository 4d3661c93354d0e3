/** Setup shared by the Campaigns tests: an organization through the API, campaigns through POST /v1/campaigns. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { call } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';
import type { Org } from '../../support/organizations.ts';

export const postCampaign = (org: Org, body: Record<string, unknown> = {}, user: TestUser = org.owner) =>
  call('POST', '/v1/campaigns', {
    token: user.token,
    body: { organizationId: org.organizationId, name: 'Spring launch', ...body },
  });

/** POST /v1/campaigns; returns the created record. */
export async function newCampaign(org: Org, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await postCampaign(org, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** An activity of the organization (the Activities group's repository). */
export async function newActivity(org: Org, name = 'Launch video') {
  return createActivity(org.organizationId, { channel: 'youtube', activity: 'youtube_video', name });
}

export const link = (org: Org, campaignId: string, activityId: string, user: TestUser = org.owner) =>
  call('POST', `/v1/campaigns/${campaignId}/activities`, { token: user.token, body: { activityId } });

/** POST /v1/activities/costs; returns the cost record. */
export async function newCost(org: Org, activityId: string, amount: number, currency = 'USD') {
  const res = await call('POST', '/v1/activities/costs', {
    token: org.owner.token,
    body: { activityId, amount, currency, type: 'creator_fee', creatorId: null },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Record<string, any>;
}

/** A stored item as it is now (strongly consistent), or undefined. */
export async function storedItem(key: { pk: string; sk: string }) {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

export const campaignItem = (org: Org, campaignId: string) => storedItem(keys.campaign(org.organizationId, campaignId));
export const activityItem = (org: Org, activityId: string) => storedItem(keys.activity(org.organizationId, activityId));
