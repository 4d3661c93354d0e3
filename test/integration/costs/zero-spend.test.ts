/**
 * A currency whose recorded spend went back to 0 (its only cost deleted) is left out of every
 * spend map shown: organization and workspace metrics, creator, activity and their stats.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let org: string;
let creatorId: string;
let activityId: string;

beforeAll(async () => {
  owner = await signUp('Zero Spend Owner');
  org = await newOrganization(owner);
  creatorId = (await createCreator(org, { name: 'Ada' })).id;
  activityId = (await createActivity(org, { ...activityInput(), creatorId })).id;
  // ARS has no ECB rate, so it keeps a key of its own in the spend maps (a cost in EUR would be converted into USD).
  const ars = await newCost(owner, { activityId, amount: 12.5, currency: 'ARS' });
  await newCost(owner, { activityId, amount: 3 });
  const removed = await call('DELETE', `/v1/activities/costs/${ars.id}`, { token: owner.token });
  expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
});

const get = async (url: string) => {
  const res = await call('GET', url, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('a currency whose spend went back to 0', () => {
  it('is dropped from the organization and workspace metrics', async () => {
    expect((await get(`/v1/organizations/${org}`)).data.metrics.spend).toEqual({ USD: 3 });
    expect((await get(`/v1/workspaces/${org}`)).data.metrics.spend).toEqual({ USD: 3 });
  });

  it('is dropped from the creator and the activity, and from their stats', async () => {
    expect((await get(`/v1/creators/${creatorId}`)).data.spend).toEqual({ USD: 3 });
    expect((await get(`/v1/activities/${activityId}`)).data.spend).toEqual({ USD: 3 });
    expect((await get(`/v1/creators/stats?workspaceId=${org}`)).data.spend).toEqual({ USD: 3 });
    expect((await get(`/v1/activities/stats?organizationId=${org}`)).data.spend).toEqual({ USD: 3 });
  });
});
