/** GET /v1/activities, /count and /stats: filters, search, sort, paging edges, facets and sums. */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { newActivity, newCreator, paths } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

const get = (org: Org, url: string) => call('GET', url, { token: org.owner.token });
const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((i) => i.name);

/** Campaign links belong to the Campaigns group: set the attribute and write the campaign's link item directly. */
async function putInCampaign(org: Org, activityId: string, campaignId: string) {
  const link = keys.campaignActivity(org.organizationId, campaignId, activityId);
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...link, campaignId, activityId } }));
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.activity(org.organizationId, activityId),
      UpdateExpression: 'SET campaignId = :c',
      ExpressionAttributeValues: { ':c': campaignId },
    }),
  );
}

describe('GET /v1/activities', () => {
  it('pages an empty tenant, an exact multiple and a last partial page, newest first by default', async () => {
    const org = await newOrg();
    const empty = await get(org, `/v1/activities?organizationId=${org.organizationId}&pageIndex=0&pageSize=2`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], totalCount: 0, facets: { channel: {} } });
    for (const n of ['A1', 'A2', 'A3', 'A4']) await newActivity(org, { name: n });
    const exact = await get(org, `/v1/activities?organizationId=${org.organizationId}&pageIndex=1&pageSize=2`);
    expect(names(exact)).toEqual(['A2', 'A1']);
    expect(exact.body.totalCount).toBe(4);
    const beyond = await get(org, `/v1/activities?organizationId=${org.organizationId}&pageIndex=2&pageSize=2`);
    expect(beyond.body).toMatchObject({ items: [], totalCount: 4 });
    await newActivity(org, { name: 'A5' });
    const partial = await get(org, `/v1/activities?organizationId=${org.organizationId}&page_index=1&page_size=3`);
    expect(names(partial)).toEqual(['A2', 'A1']);
    expect(partial.body.totalCount).toBe(5);
    expect(partial.body._meta).toBeUndefined();
  });

  it('accepts pageSize 1 and 100, rejects 0, 101 and a negative pageIndex', async () => {
    const org = await newOrg();
    await newActivity(org);
    const base = `/v1/activities?organizationId=${org.organizationId}`;
    expect((await get(org, `${base}&pageIndex=0&pageSize=1`)).body.items).toHaveLength(1);
    expect((await get(org, `${base}&pageIndex=0&pageSize=100`)).status).toBe(200);
    for (const bad of ['pageIndex=0&pageSize=0', 'pageIndex=0&pageSize=101', 'pageIndex=-1&pageSize=10']) {
      const res = await get(org, `${base}&${bad}`);
      expect(res.status).toBe(400);
      expect(paths(res)).toHaveLength(1);
    }
  });

  it('filters by channel, creator and campaign, searches names, and counts the channel facet under the other filters', async () => {
    const org = await newOrg();
    const ada = await newCreator(org);
    const campaignId = randomUUID();
    const yt = await newActivity(org, { name: 'Summer video', creatorId: ada });
    await newActivity(org, { name: 'Summer reel', channel: 'instagram', activity: 'instagram_reel', creatorId: ada });
    const other = await newActivity(org, { name: 'Winter post', channel: 'reddit', activity: 'reddit_post' });
    await putInCampaign(org, yt.id, campaignId);
    await putInCampaign(org, other.id, campaignId);
    const base = `/v1/activities?organizationId=${org.organizationId}&pageIndex=0&pageSize=10&sortBy=name`;

    const byChannel = await get(org, `${base}&channel=instagram`);
    expect(names(byChannel)).toEqual(['Summer reel']);
    expect(byChannel.body.facets).toEqual({ channel: { youtube: 1, instagram: 1, reddit: 1 } });
    const byCreator = await get(org, `${base}&creatorId=${ada}`);
    expect(names(byCreator)).toEqual(['Summer reel', 'Summer video']);
    expect(byCreator.body.facets).toEqual({ channel: { youtube: 1, instagram: 1 } });
    expect(names(await get(org, `${base}&campaignId=${campaignId}`))).toEqual(['Summer video', 'Winter post']);
    expect(names(await get(org, `${base}&searchTerm=SUMMER&sortDirection=desc`))).toEqual([
      'Summer video',
      'Summer reel',
    ]);
    expect(names(await get(org, `${base}&creatorId=${randomUUID()}`))).toEqual([]);
    const badChannel = await get(org, `${base}&channel=myspace`);
    expect(paths(badChannel)).toEqual(['channel']);
  });

  it('sorts by startAt with undated activities last, and rejects an unknown sort column', async () => {
    const org = await newOrg();
    await newActivity(org, { name: 'Undated' });
    await newActivity(org, { name: 'Later', startAt: '2026-05-01T00:00:00Z' });
    await newActivity(org, { name: 'Earlier', startAt: '2026-04-01T00:00:00Z' });
    const base = `/v1/activities?organizationId=${org.organizationId}&pageIndex=0&pageSize=10&sortBy=startAt`;
    expect(names(await get(org, `${base}&sortDirection=asc`))).toEqual(['Earlier', 'Later', 'Undated']);
    expect(names(await get(org, `${base}&sortDirection=desc`))).toEqual(['Later', 'Earlier', 'Undated']);
    expect(paths(await get(org, `${base.replace('startAt', 'spend')}`))).toEqual(['sortBy']);
  });

  it('answers 403 naming the organization to a non-member', async () => {
    const org = await newOrg();
    const stranger = await signUp('Stranger');
    const res = await call('GET', `/v1/activities?organizationId=${org.organizationId}&pageIndex=0&pageSize=10`, {
      token: stranger.token,
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/organization/);
  });
});

describe('GET /v1/activities/count', () => {
  it('counts with the same filters as the list', async () => {
    const org = await newOrg();
    const ada = await newCreator(org);
    expect((await get(org, `/v1/activities/count?organizationId=${org.organizationId}`)).body).toEqual({ count: 0 });
    await newActivity(org, { creatorId: ada });
    await newActivity(org, { channel: 'tiktok', activity: 'tiktok_video' });
    await newActivity(org, { channel: 'tiktok', activity: 'tiktok_video' });
    expect((await get(org, `/v1/activities/count?organizationId=${org.organizationId}`)).body).toEqual({ count: 3 });
    expect((await get(org, `/v1/activities/count?organizationId=${org.organizationId}&channel=tiktok`)).body).toEqual({
      count: 2,
    });
    expect((await get(org, `/v1/activities/count?organizationId=${org.organizationId}&creatorId=${ada}`)).body).toEqual(
      { count: 1 },
    );
  });
});

describe('GET /v1/activities/stats', () => {
  it('sums counts, links, metrics, costs and spend (converted to the tenant currency) over the matching activities', async () => {
    const org = await newOrg();
    const empty = await get(org, `/v1/activities/stats?organizationId=${org.organizationId}`);
    expect(empty.body).toEqual({
      data: { activitiesCount: 0, byChannel: {}, withContentLink: 0, withMetrics: 0, costsCount: 0, spend: {} },
    });
    const a = await newActivity(org, { name: 'Linked' });
    const b = await newActivity(org, { name: 'Other', channel: 'twitter', activity: 'twitter_post' });
    await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'Linked', contentHref: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    await call('PATCH', `/v1/activities/${b.id}`, { token: org.owner.token, body: { name: 'Other', likeCount: 0 } });
    for (const [activityId, amount, currency] of [
      [a.id, 10.1, 'USD'],
      [a.id, 0.2, 'USD'],
      [b.id, 5, 'EUR'],
    ] as const) {
      const cost = await call('POST', '/v1/activities/costs', {
        token: org.owner.token,
        body: { activityId, amount, type: 'fee', currency },
      });
      expect(cost.status, JSON.stringify(cost.body)).toBe(201);
    }
    const all = await get(org, `/v1/activities/stats?organizationId=${org.organizationId}`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      // The EUR cost counts converted (docs/decisions.md "Money and metrics"): the stand-in's 2017-03-03
      // rate is 1.0565 USD per EUR, so 5 EUR = 5.2825 -> 5.28 USD, and 10.1 + 0.2 + 5.28 = 15.58.
      data: {
        activitiesCount: 2,
        byChannel: { youtube: 1, twitter: 1 },
        withContentLink: 1,
        withMetrics: 1,
        costsCount: 3,
        spend: { USD: 15.58 },
      },
    });
    const searched = await get(org, `/v1/activities/stats?organizationId=${org.organizationId}&searchTerm=link`);
    expect(searched.body.data).toMatchObject({ activitiesCount: 1, costsCount: 2, spend: { USD: 10.3 } });
  });
});
