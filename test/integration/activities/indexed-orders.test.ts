/**
 * GET /v1/activities sorted by name (either direction), oldest first, and filtered by channel alone
 * page in DynamoDB (gsi2 by name, gsi1 forward, gsi3 per channel): every page edge at more than one
 * page of data equals the in-memory order of the old path (`sortRecords`: case- and accent-blind,
 * ties by id) after renames, channel changes and a delete, with the facet and total from the
 * counters; and a page sorted by name or filtered by channel reads what it shows, not the tenant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { activitiesOfTenant } from '../../../shared/db/catalogue/activities.ts';
import { dynamoClient } from '../../../shared/db/table/client.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { newActivity, newCreator } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let org: Org;
const YOUTUBE = { channel: 'youtube', activity: 'youtube_video' };
const REDDIT = { channel: 'reddit', activity: 'reddit_post' };
// Case and accent variants (ties broken by id), a name and its extension, digits and spaces.
const NAMES = ['beta', 'Beta', 'Éclair', 'eclair', 'alpha', 'Alpha beta', 'a', 'ab', 'Zulu 2', 'zulu 10', 'Delta'];

beforeAll(async () => {
  org = await newOrg();
  const base = Date.now();
  const made = [];
  // Two activities per instant: ties on createdAt too.
  for (const [i, name] of NAMES.entries())
    made.push(
      await atInstant(base + Math.floor(i / 2) * 1000, () => newActivity(org, { name, ...(i % 3 ? YOUTUBE : REDDIT) })),
    );
  const patch = async (id: string, body: Record<string, unknown>) => {
    const res = await call('PATCH', `/v1/activities/${id}`, { token: org.owner.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await patch(made[0]!.id, { name: 'Omega' });
  await patch(made[1]!.id, { name: NAMES[1], ...REDDIT });
  // The manual-counts path rewrites the name and channel keys too.
  await patch(made[2]!.id, { name: 'charlie', viewsCount: 3, ...REDDIT });
  expect((await call('DELETE', `/v1/activities/${made[3]!.id}`, { token: org.owner.token })).status).toBe(200);
});

const page = (target: Org, query: string) =>
  call('GET', `/v1/activities?organizationId=${target.organizationId}&${query}`, { token: target.owner.token });

/** The old path: every activity read, filtered, sorted in memory, channels counted. */
async function inMemory(sortBy: 'name' | 'createdAt', direction: 'asc' | 'desc', channel?: string) {
  const all = await activitiesOfTenant(org.organizationId);
  const facet: Record<string, number> = {};
  for (const a of all) facet[a.channel] = (facet[a.channel] ?? 0) + 1;
  const sorted = sortRecords(
    all.filter((a) => !channel || a.channel === channel),
    (a) => a[sortBy],
    direction,
  );
  return { items: JSON.parse(JSON.stringify(sorted)), facet };
}

/** Every page edge of size 4 (first, middle, last partial, past the end) equals the in-memory order. */
async function expectPagesAsInMemory(query: string, expected: { items: unknown[]; facet: Record<string, number> }) {
  const total = expected.items.length;
  expect(total).toBeGreaterThan(4);
  for (let pageIndex = 0; pageIndex <= Math.ceil(total / 4); pageIndex++) {
    const res = await page(org, `${query}&pageIndex=${pageIndex}&pageSize=4`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: expected.items.slice(pageIndex * 4, pageIndex * 4 + 4),
      totalCount: total,
      facets: { channel: expected.facet },
    });
  }
  expect((await page(org, `${query}&pageIndex=40&pageSize=100`)).body).toMatchObject({ items: [], totalCount: total });
}

describe('GET /v1/activities in the orders an index keeps', () => {
  it('sorted by name, ascending (the default) and descending', async () => {
    await expectPagesAsInMemory('sortBy=name', await inMemory('name', 'asc'));
    await expectPagesAsInMemory('sortBy=name&sortDirection=desc', await inMemory('name', 'desc'));
  });

  it('oldest first', async () => {
    await expectPagesAsInMemory('sortBy=createdAt&sortDirection=asc', await inMemory('createdAt', 'asc'));
  });

  it('filtered by channel, newest and oldest first', async () => {
    await expectPagesAsInMemory('channel=youtube', await inMemory('createdAt', 'desc', 'youtube'));
    await expectPagesAsInMemory('channel=reddit&sortDirection=asc', await inMemory('createdAt', 'asc', 'reddit'));
    expect((await page(org, 'channel=instagram&pageIndex=0&pageSize=5')).body).toMatchObject({
      items: [],
      totalCount: 0,
    });
  });

  it('reads as many items for a page sorted by name or of one channel however many activities the tenant has', async () => {
    const target = await newOrg();
    for (const name of ['a1', 'a2']) await newActivity(target, { name, ...REDDIT });
    const reads = countReads();
    const readsOf = async (query: string) => {
      const before = reads.read();
      const res = await page(target, `pageIndex=0&pageSize=2&${query}`);
      expect(res.status).toBe(200);
      return {
        names: res.body.items.map((a: { name: string }) => a.name),
        itemsRead: readsBetween(before, reads.read()).itemsRead,
      };
    };
    const [byName, ofChannel] = [await readsOf('sortBy=name'), await readsOf('channel=reddit')];
    // Later names and older reddit activities: the first pages stay the same while the tenant grows.
    for (let i = 0; i < 6; i++)
      await atInstant(Date.now() - 100_000, () =>
        newActivity(target, { name: `b${i}`, ...(i % 2 ? REDDIT : YOUTUBE) }),
      );
    expect(await readsOf('sortBy=name')).toEqual(byName);
    expect(await readsOf('channel=reddit')).toEqual(ofChannel);
  });

  it("filtered by creator or campaign reads that parent's activities, however many the tenant has", async () => {
    const target = await newOrg();
    const creatorId = await newCreator(target, 'Ada');
    const campaign = await call('POST', '/v1/campaigns', {
      token: target.owner.token,
      body: { organizationId: target.organizationId, name: 'Spring' },
    });
    expect(campaign.status).toBe(201);
    const campaignId = campaign.body.data.id as string;
    for (const name of ['c1', 'c2', 'c3']) {
      const a = await newActivity(target, { name, ...REDDIT });
      expect(
        (await call('POST', `/v1/activities/${a.id}/creators`, { token: target.owner.token, body: { creatorId } }))
          .status,
      ).toBeLessThan(300);
      expect(
        (
          await call('POST', `/v1/campaigns/${campaignId}/activities`, {
            token: target.owner.token,
            body: { activityId: a.id },
          })
        ).status,
      ).toBeLessThan(300);
    }
    const reads = countReads();
    const listed = async (query: string) => {
      const before = reads.read();
      const res = await page(target, `pageIndex=0&pageSize=2&sortBy=name&${query}`);
      expect(res.status).toBe(200);
      return { body: res.body, itemsRead: readsBetween(before, reads.read()).itemsRead };
    };
    const [ofCreator, ofCampaign] = [
      await listed(`creatorId=${creatorId}`),
      await listed(`campaignId=${campaignId}&channel=reddit`),
    ];
    expect(ofCreator.body).toMatchObject({ totalCount: 3, facets: { channel: { reddit: 3 } } });
    expect(ofCreator.body.items.map((a: { name: string }) => a.name)).toEqual(['c1', 'c2']);
    expect(ofCampaign.body).toMatchObject({ totalCount: 3, facets: { channel: { reddit: 3 } } });
    for (let i = 0; i < 6; i++) await newActivity(target, { name: `other ${i}`, ...REDDIT });
    expect(await listed(`creatorId=${creatorId}`)).toEqual(ofCreator);
    expect(await listed(`campaignId=${campaignId}&channel=reddit`)).toEqual(ofCampaign);
  });

  it('counts unfiltered or by channel from the counters, reading as many items however many activities there are', async () => {
    const countOf = async (query: string) =>
      (
        await call('GET', `/v1/activities/count?organizationId=${org.organizationId}&${query}`, {
          token: org.owner.token,
        })
      ).body.count;
    expect(await countOf('')).toBe((await inMemory('createdAt', 'desc')).items.length);
    expect(await countOf('channel=reddit')).toBe((await inMemory('createdAt', 'desc', 'reddit')).items.length);
    const target = await newOrg();
    await newActivity(target, { name: 'first' });
    const reads = countReads();
    const readsOf = async () => {
      const before = reads.read();
      const res = await call('GET', `/v1/activities/count?organizationId=${target.organizationId}&channel=youtube`, {
        token: target.owner.token,
      });
      return { count: res.body.count, itemsRead: readsBetween(before, reads.read()).itemsRead };
    };
    const small = await readsOf();
    for (let i = 0; i < 4; i++) await newActivity(target, { name: `more ${i}` });
    expect(await readsOf()).toEqual({ count: 5, itemsRead: small.itemsRead });
  });

  it("searched or by start date reads the compact entries (gsi5), then the page's items, never every item", async () => {
    const target = await newOrg();
    for (let i = 0; i < 5; i++)
      await newActivity(target, { name: `Clip ${i}`, startAt: `2025-01-0${i + 1}T10:00:00.000Z` });
    // Every Query the service sends while listing: the index it reads (none: the table).
    const queries: (string | undefined)[] = [];
    let listening = false;
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (listening && context.commandName === 'QueryCommand')
          queries.push((args.input as { IndexName?: string }).IndexName);
        return next(args);
      },
      { step: 'initialize', name: 'indexedOrdersQueries' },
    );
    try {
      for (const query of ['searchTerm=clip', 'sortBy=startAt']) {
        queries.length = 0;
        listening = true;
        const res = await page(target, `pageIndex=1&pageSize=2&${query}`);
        listening = false;
        expect(res.status).toBe(200);
        expect(
          res.body.items.map((a: { name: string }) => a.name),
          query,
        ).toHaveLength(2);
        expect(queries, query).toEqual(['gsi5']);
      }
    } finally {
      dynamoClient().middlewareStack.remove('indexedOrdersQueries');
    }
  });
});
