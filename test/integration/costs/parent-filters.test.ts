/**
 * GET /v1/costs and /v1/costs/stats filtered by activity, creator or campaign read that parent's
 * costs (gsi3 per activity, gsi2 per creator, a campaign's activities from its link items) and
 * the activities they name, not the tenant's: what they read stays the same while other
 * activities gain costs, and they answer the same as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let org: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  owner = await signUp('Parent Filters Owner');
  org = await newOrganization(owner);
  const ada = await createCreator(org, { name: 'Ada' });
  const launch = await createActivity(org, { ...activityInput('Launch'), creatorId: ada.id });
  const campaign = await createCampaign(org, { name: 'Spring' });
  expect(
    (
      await call('POST', `/v1/campaigns/${campaign.id}/activities`, {
        token: owner.token,
        body: { activityId: launch.id },
      })
    ).status,
  ).toBeLessThan(300);
  Object.assign(ids, { ada: ada.id, launch: launch.id, campaign: campaign.id });
  for (const amount of [10, 15]) await newCost(owner, { activityId: launch.id, amount });
});

describe('cost reads filtered by a parent', () => {
  it('read as many items however many costs other activities have', async () => {
    const reads = countReads();
    const queries = [`activityId=${ids.launch}`, `creatorId=${ids.ada}`, `campaignId=${ids.campaign}`];
    const measure = async () => {
      const out = [];
      for (const query of queries) {
        for (const path of ['', '/stats']) {
          const before = reads.read();
          const res = await call(
            'GET',
            `/v1/costs${path}?organizationId=${org}&${query}${path ? '' : '&pageIndex=0&pageSize=10'}`,
            { token: owner.token },
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          out.push({
            query,
            path,
            body: path
              ? res.body.data
              : { totalCount: res.body.totalCount, amounts: res.body.items.map((c: { amount: number }) => c.amount) },
            itemsRead: readsBetween(before, reads.read()).itemsRead,
          });
        }
      }
      return out;
    };
    const small = await measure();
    expect(small.find((m) => m.path === '')!.body).toEqual({ totalCount: 2, amounts: [15, 10] });
    expect(small.find((m) => m.path === '/stats')!.body).toMatchObject({
      totalSpend: { USD: 25 },
      costsCount: 2,
      costCoverage: 1,
    });
    // The creator-filtered stats' coverage is over every activity of the tenant: it changes with them, its reads do not.
    for (let i = 0; i < 3; i++) {
      const other = await createActivity(org, activityInput(`Other ${i}`));
      for (let j = 0; j < 2; j++) await newCost(owner, { activityId: other.id, amount: 1 });
    }
    const large = await measure();
    expect(large.map((m) => m.itemsRead)).toEqual(small.map((m) => m.itemsRead));
    const byCreator = large.find((m) => m.query.startsWith('creatorId') && m.path === '/stats')!;
    expect(byCreator.body).toMatchObject({ costsCount: 2, costCoverage: 1 / 4 });
  });
});
