/**
 * Activities in campaigns: link, move (atomically, with the spend), unlink by the Form A path or the
 * Form B campaignActivityId, and the campaign aggregate staying exact under concurrent writes.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { activityItem, campaignItem, link, newActivity, newCampaign, newCost, storedItem } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let org: Org;
let viewer: TestUser;
let outsider: Org;

beforeAll(async () => {
  org = await newOrg('Linker');
  outsider = await newOrg('Other Linker');
  viewer = await signUp('Link Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
});

const unlink = (campaignId: string, segment: string, body?: Record<string, unknown>, user: TestUser = org.owner) =>
  call('DELETE', `/v1/campaigns/${campaignId}/activities/${segment}`, { token: user.token, ...(body ? { body } : {}) });

describe('POST /v1/campaigns/:id/activities', () => {
  it('links an activity: 201 with the link, the activity names its campaign, the campaign counts its spend', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    await newCost(org, activity.id, 40);
    const res = await link(org, campaign.id, activity.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      campaignActivityId: expect.any(String),
      campaignId: campaign.id,
      activityId: activity.id,
    });
    expect(await activityItem(org, activity.id)).toMatchObject({
      campaignId: campaign.id,
      campaignActivityId: res.body.data.campaignActivityId,
    });
    expect(await campaignItem(org, campaign.id)).toMatchObject({
      activitiesCount: 1,
      costsCount: 1,
      spend: { USD: 40 },
    });
    const read = await call('GET', `/v1/campaigns/${campaign.id}`, { token: viewer.token });
    expect(read.body.data).toMatchObject({ activitiesCount: 1, costsCount: 1, spend: { USD: 40 } });
  });

  it('answers 200 with the same link when the activity is already in that campaign, counting it once', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    const first = await link(org, campaign.id, activity.id);
    const again = await link(org, campaign.id, activity.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 1 });
  });

  it('moves an activity from its campaign, with its costs and spend, in one step', async () => {
    const from = await newCampaign(org, { name: 'From' });
    const to = await newCampaign(org, { name: 'To' });
    const activity = await newActivity(org);
    const first = await link(org, from.id, activity.id);
    await newCost(org, activity.id, 10.25);
    // A currency with no rate (ARS: the ECB publishes none) stays per currency and moves as it is.
    await newCost(org, activity.id, 3, 'ARS');
    const moved = await link(org, to.id, activity.id);
    expect(moved.status).toBe(201);
    expect(await campaignItem(org, from.id)).toMatchObject({
      activitiesCount: 0,
      costsCount: 0,
      spend: { USD: 0, ARS: 0 },
    });
    expect(await campaignItem(org, to.id)).toMatchObject({
      activitiesCount: 1,
      costsCount: 2,
      spend: { USD: 10.25, ARS: 3 },
    });
    // The old link and its pointer are gone; costs are listed under the new campaign.
    expect(await storedItem(keys.campaignActivity(org.organizationId, from.id, activity.id))).toBeUndefined();
    expect(await storedItem(keys.recordPointer(first.body.data.campaignActivityId))).toBeUndefined();
    const costs = await call(
      'GET',
      `/v1/costs?organizationId=${org.organizationId}&campaignId=${to.id}&pageIndex=0&pageSize=10`,
      { token: viewer.token },
    );
    expect(costs.body.totalCount).toBe(2);
  });

  it('counts a cost written after the move in the new campaign, and an update or delete of an older cost there too', async () => {
    const from = await newCampaign(org);
    const to = await newCampaign(org);
    const activity = await newActivity(org);
    await link(org, from.id, activity.id);
    const old = await newCost(org, activity.id, 20);
    await link(org, to.id, activity.id);
    await newCost(org, activity.id, 5);
    expect(
      (await call('PATCH', `/v1/activities/costs/${old.id}`, { token: org.owner.token, body: { amount: 30 } })).status,
    ).toBe(200);
    expect(await campaignItem(org, from.id)).toMatchObject({ costsCount: 0, spend: { USD: 0 } });
    expect(await campaignItem(org, to.id)).toMatchObject({ costsCount: 2, spend: { USD: 35 } });
    expect((await call('DELETE', `/v1/activities/costs/${old.id}`, { token: org.owner.token })).status).toBe(200);
    expect(await campaignItem(org, to.id)).toMatchObject({ costsCount: 1, spend: { USD: 5 } });
  });

  it("is 404 for an activity of another organization or none, 404 for another organization's campaign, 403 for a viewer", async () => {
    const campaign = await newCampaign(org);
    const foreign = await newActivity(outsider);
    expect((await link(org, campaign.id, foreign.id)).status).toBe(404);
    expect((await link(org, campaign.id, randomUUID())).status).toBe(404);
    const activity = await newActivity(org);
    expect((await link(org, campaign.id, activity.id, outsider.owner)).status).toBe(404);
    expect((await link(org, campaign.id, activity.id, viewer)).status).toBe(403);
    expect(
      (
        await call('POST', `/v1/campaigns/${campaign.id}/activities`, {
          token: org.owner.token,
          body: { activityId: 'nope' },
        })
      ).status,
    ).toBe(400);
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 0 });
  });
});

describe('DELETE /v1/campaigns/:id/activities/:activityId', () => {
  it('unlinks by the activity id (Form A), answering the link id, and takes the spend out of the campaign', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    const linked = await link(org, campaign.id, activity.id);
    await newCost(org, activity.id, 12);
    const res = await unlink(campaign.id, activity.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: linked.body.data.campaignActivityId, deleted: true });
    expect(await activityItem(org, activity.id)).toMatchObject({ campaignId: null });
    expect(await campaignItem(org, campaign.id)).toMatchObject({
      activitiesCount: 0,
      costsCount: 0,
      spend: { USD: 0 },
    });
    expect((await unlink(campaign.id, activity.id)).status).toBe(404);
  });

  it('unlinks by the campaignActivityId in the path segment or in the body (Form B)', async () => {
    const campaign = await newCampaign(org);
    const [a, b] = [await newActivity(org, 'A'), await newActivity(org, 'B')];
    const linkA = (await link(org, campaign.id, a.id)).body.data.campaignActivityId;
    const linkB = (await link(org, campaign.id, b.id)).body.data.campaignActivityId;
    const bySegment = await unlink(campaign.id, linkA);
    expect(bySegment.body.data).toEqual({ id: linkA, deleted: true });
    const byBody = await unlink(campaign.id, b.id, { campaign_activity_id: linkB });
    expect(byBody.body.data).toEqual({ id: linkB, deleted: true });
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 0 });
  });

  it('is 404 for a link of another campaign, an unknown link id, or another organization; 403 for a viewer', async () => {
    const [one, two] = [await newCampaign(org), await newCampaign(org)];
    const activity = await newActivity(org);
    const linkId = (await link(org, one.id, activity.id)).body.data.campaignActivityId;
    expect((await unlink(two.id, activity.id)).status).toBe(404);
    expect((await unlink(two.id, linkId)).status).toBe(404);
    expect((await unlink(one.id, activity.id, { campaignActivityId: randomUUID() })).status).toBe(404);
    expect((await unlink(one.id, activity.id, undefined, outsider.owner)).status).toBe(404);
    expect((await unlink(one.id, activity.id, undefined, viewer)).status).toBe(403);
    expect(await activityItem(org, activity.id)).toMatchObject({ campaignId: one.id });
  });
});

describe('concurrency', () => {
  it('links one activity to two campaigns at once: it ends in exactly one, counted once', async () => {
    const [a, b] = [await newCampaign(org), await newCampaign(org)];
    const activity = await newActivity(org);
    await newCost(org, activity.id, 7);
    const results = await Promise.all([link(org, a.id, activity.id), link(org, b.id, activity.id)]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const where = (await activityItem(org, activity.id))!.campaignId;
    const [ia, ib] = [await campaignItem(org, a.id), await campaignItem(org, b.id)];
    expect(ia!.activitiesCount + ib!.activitiesCount).toBe(1);
    const holder = where === a.id ? ia : ib;
    const other = where === a.id ? ib : ia;
    expect(holder).toMatchObject({ activitiesCount: 1, costsCount: 1, spend: { USD: 7 } });
    expect(other!.costsCount).toBe(0);
  });

  it('keeps the campaign aggregates exact while costs are written during moves', async () => {
    const [a, b] = [await newCampaign(org), await newCampaign(org)];
    const activity = await newActivity(org);
    await link(org, a.id, activity.id);
    await Promise.all([
      ...[1, 2, 3, 4].map((n) => newCost(org, activity.id, n)),
      link(org, b.id, activity.id),
      link(org, a.id, activity.id),
    ]);
    const act = await activityItem(org, activity.id);
    const [ia, ib] = [await campaignItem(org, a.id), await campaignItem(org, b.id)];
    const holder = act!.campaignId === a.id ? ia : ib;
    const other = act!.campaignId === a.id ? ib : ia;
    expect(act).toMatchObject({ costsCount: 4, spend: { USD: 10 } });
    expect(holder).toMatchObject({ activitiesCount: 1, costsCount: 4, spend: { USD: 10 } });
    expect(other).toMatchObject({ activitiesCount: 0, costsCount: 0 });
    expect(other!.spend.USD ?? 0).toBe(0);
  });
});
