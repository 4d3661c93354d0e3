/**
 * Manual counts are the activity's metrics (docs/decisions.md "Metric snapshots and refresh": viewsCount
 * is impressions, likeCount + replyCount is engagement) and move every stored aggregate that counts
 * the activity — its linked creators, its campaign and the organization — when set, changed or
 * cleared, and when the activity joins or leaves a creator or a campaign.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { newActivity, newCreator } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { expectCall } from '../../support/requests.ts';

let org: Org;
let creatorId: string;
let campaignId: string;
let activityId: string;

const req = (method: string, url: string, body?: unknown, expected = 200) =>
  expectCall(org.owner.token, method, url, body, expected);
const patch = (counts: Record<string, number | null>) =>
  req('PATCH', `/v1/activities/${activityId}`, { name: 'Launch video', ...counts });
const activity = async () => (await req('GET', `/v1/activities/${activityId}`)).data;
const creatorMetrics = async (id = creatorId) =>
  (await req('GET', `/v1/creators/metrics?workspaceId=${org.organizationId}&creatorId=${id}`)).data;
const campaign = async () => (await req('GET', `/v1/campaigns/${campaignId}`)).data;
const organization = async () => (await req('GET', `/v1/organizations/${org.organizationId}`)).data.metrics;

/** impressions and engagement of the activity, its creator, its campaign and the organization. */
async function everywhere() {
  const [a, c, k, o] = await Promise.all([activity(), creatorMetrics(), campaign(), organization()]);
  return [a, c, k, o].map(({ impressions, engagement }) => ({ impressions, engagement }));
}

beforeAll(async () => {
  org = await newOrg();
  creatorId = await newCreator(org);
  activityId = (await newActivity(org, { creatorId })).id;
  campaignId = (await req('POST', '/v1/campaigns', { organizationId: org.organizationId, name: 'Spring' }, 201)).data
    .id;
  await req('POST', `/v1/campaigns/${campaignId}/activities`, { activityId }, 201);
  await req('POST', '/v1/activities/costs', { activityId, amount: 10, currency: 'USD', type: 'creator_fee' }, 201);
});

describe('manual counts', () => {
  it('count as impressions and engagement of the activity, its creator (with CPM and CPE), its campaign and the organization', async () => {
    await patch({ viewsCount: 20000, likeCount: 1500, replyCount: 80 });
    expect(await everywhere()).toEqual(Array(4).fill({ impressions: 20000, engagement: 1580 }));
    expect(await creatorMetrics()).toMatchObject({ spend: 10, cpm: 0.5, cpe: 0.01 });
    const stats = (await req('GET', `/v1/activities/stats?organizationId=${org.organizationId}`)).data;
    expect(stats.withMetrics).toBe(1);
  });

  it('move every aggregate by the difference when changed, and back to nothing when cleared with null', async () => {
    await patch({ viewsCount: 30000, likeCount: null });
    expect(await everywhere()).toEqual(Array(4).fill({ impressions: 30000, engagement: 80 }));
    await patch({ viewsCount: null, replyCount: null });
    expect(await everywhere()).toEqual(Array(4).fill({ impressions: 0, engagement: 0 }));
    expect(await creatorMetrics()).toMatchObject({ cpm: null, cpe: null });
  });

  it('follow the activity into and out of a creator and a campaign', async () => {
    await patch({ viewsCount: 1000, likeCount: 10, replyCount: 5 });
    const other = await newCreator(org, 'Bo');
    await req('POST', `/v1/activities/${activityId}/creators`, { creatorId: other }, 201);
    expect(await creatorMetrics(other)).toMatchObject({ impressions: 1000, engagement: 15 });
    await req('DELETE', `/v1/activities/${activityId}/creators/${other}`);
    expect(await creatorMetrics(other)).toMatchObject({ impressions: 0, engagement: 0 });
    await req('DELETE', `/v1/campaigns/${campaignId}/activities/${activityId}`);
    expect(await campaign()).toMatchObject({ impressions: 0, engagement: 0 });
    await req('POST', `/v1/campaigns/${campaignId}/activities`, { activityId }, 201);
    expect(await campaign()).toMatchObject({ impressions: 1000, engagement: 15 });
  });

  it('lose no change when updates race: every aggregate ends at the values the activity ends with', async () => {
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        call('PATCH', `/v1/activities/${activityId}`, {
          token: org.owner.token,
          body: { name: 'Launch video', viewsCount: n * 100, likeCount: n },
        }),
      ),
    );
    const final = await activity();
    expect(final.impressions).toBe(final.viewsCount);
    expect(await everywhere()).toEqual(
      Array(4).fill({ impressions: final.viewsCount, engagement: final.likeCount + 5 }),
    );
  });

  it('reach a creator linked while they change, exactly once', async () => {
    const others = await Promise.all(['Cy', 'Di', 'Ed'].map((name) => newCreator(org, name)));
    await Promise.all([
      ...others.map((id) =>
        call('POST', `/v1/activities/${activityId}/creators`, { token: org.owner.token, body: { creatorId: id } }),
      ),
      ...[7, 8].map((n) =>
        call('PATCH', `/v1/activities/${activityId}`, {
          token: org.owner.token,
          body: { name: 'Launch video', viewsCount: n * 1000 },
        }),
      ),
    ]);
    const { impressions, engagement } = await activity();
    for (const id of others) expect(await creatorMetrics(id)).toMatchObject({ impressions, engagement });
    for (const id of others) await req('DELETE', `/v1/activities/${activityId}/creators/${id}`);
  });

  it('leave the creator, campaign and organization when the activity is deleted', async () => {
    await req('DELETE', `/v1/activities/${activityId}`);
    const [c, k, o] = await Promise.all([creatorMetrics(), campaign(), organization()]);
    for (const figures of [c, k, o]) expect(figures).toMatchObject({ impressions: 0, engagement: 0 });
  });
});
