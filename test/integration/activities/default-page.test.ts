/**
 * GET /v1/activities in its default order (newest first, unfiltered) pages in DynamoDB: every page
 * edge at more than one page of data equals the in-memory order of the old path (createdAt, ties
 * broken by id), the channel facet and total come from counters that creates, channel changes and
 * deletes keep, and a page reads what it shows, not the tenant's activities.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { activitiesOfTenant } from '../../../shared/db/catalogue/activities.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { newActivity } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let org: Org;
const TOTAL = 8;
const CHANNELS = [
  { channel: 'youtube', activity: 'youtube_video' },
  { channel: 'instagram', activity: 'instagram_reel' },
  { channel: 'reddit', activity: 'reddit_post' },
];

/** Creates an activity at a fixed instant, so that several share one createdAt (ties). */
const activityAt = (target: Org, at: number, body: Record<string, unknown>) =>
  atInstant(at, () => newActivity(target, body));

beforeAll(async () => {
  org = await newOrg();
  const base = Date.now();
  // Three instants, three activities at each but the last: ties at every page boundary of size 3.
  for (let i = 0; i < TOTAL; i++)
    await activityAt(org, base + Math.floor(i / 3) * 1000, { name: `A${i}`, ...CHANNELS[i % 3] });
});

const page = (target: Org, query: string) =>
  call('GET', `/v1/activities?organizationId=${target.organizationId}&${query}`, { token: target.owner.token });

/** The old path: every activity read, sorted in memory newest first (ties by id), channels counted. */
async function inMemory(target: Org) {
  const all = await activitiesOfTenant(target.organizationId);
  const channel: Record<string, number> = {};
  for (const a of all) channel[a.channel] = (channel[a.channel] ?? 0) + 1;
  return { items: JSON.parse(JSON.stringify(sortRecords(all, (a) => a.createdAt, 'desc'))), channel };
}

describe('GET /v1/activities, default order', () => {
  it('pages first, middle, last partial and past the end exactly as the in-memory order, with the same facet', async () => {
    const expected = await inMemory(org);
    expect(expected.items).toHaveLength(TOTAL);
    for (const [pageIndex, size] of [
      [0, 3],
      [1, 3],
      [2, 2],
      [3, 0],
    ] as const) {
      const res = await page(org, `pageIndex=${pageIndex}&pageSize=3`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: expected.items.slice(pageIndex * 3, pageIndex * 3 + 3),
        totalCount: TOTAL,
        facets: { channel: expected.channel },
      });
      expect(res.body.items).toHaveLength(size);
    }
    expect((await page(org, 'pageIndex=50&pageSize=100')).body).toMatchObject({ items: [], totalCount: TOTAL });
    expect((await page(org, 'pageIndex=0&pageSize=100&sortBy=createdAt&sortDirection=desc')).body.items).toEqual(
      expected.items,
    );
  });

  it('keeps the facet and total right through channel changes and deletes', async () => {
    const target = await newOrg();
    const a = await newActivity(target, { name: 'Moves' });
    const b = await newActivity(target, { name: 'Goes' });
    await newActivity(target, { name: 'Stays', ...CHANNELS[2] });
    const moved = await call('PATCH', `/v1/activities/${a.id}`, {
      token: target.owner.token,
      body: { name: 'Moved', ...CHANNELS[1] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Moved', ...CHANNELS[1] });
    // A channel change with manual counts takes the metrics path: the counters move there too.
    const counted = await call('PATCH', `/v1/activities/${b.id}`, {
      token: target.owner.token,
      body: { name: 'Goes', viewsCount: 5, ...CHANNELS[2] },
    });
    expect(counted.status).toBe(200);
    const afterMoves = await inMemory(target);
    expect(afterMoves.channel).toEqual({ instagram: 1, reddit: 2 });
    expect((await page(target, 'pageIndex=0&pageSize=2')).body).toEqual({
      items: afterMoves.items.slice(0, 2),
      totalCount: 3,
      facets: { channel: afterMoves.channel },
    });
    expect((await call('DELETE', `/v1/activities/${a.id}`, { token: target.owner.token })).status).toBe(200);
    const afterDelete = await inMemory(target);
    expect((await page(target, 'pageIndex=0&pageSize=2')).body).toEqual({
      items: afterDelete.items,
      totalCount: 2,
      facets: { channel: { reddit: 2 } },
    });
  });

  it('reads as many items for a page however many activities the tenant has', async () => {
    const target = await newOrg();
    const now = Date.now();
    for (let i = 0; i < 2; i++) await activityAt(target, now + i, { name: `New ${i}` });
    const reads = countReads();
    const readsOf = async (pageIndex: number) => {
      const before = reads.read();
      const res = await page(target, `pageIndex=${pageIndex}&pageSize=2`);
      expect(res.status).toBe(200);
      return {
        names: res.body.items.map((a: { name: string }) => a.name),
        itemsRead: readsBetween(before, reads.read()).itemsRead,
      };
    };
    const small = await readsOf(0);
    // Older activities: the first page stays the same while the tenant grows.
    for (let i = 0; i < 6; i++) await activityAt(target, now - 10_000 - i, { name: `Old ${i}` });
    const large = await readsOf(0);
    expect(large.names).toEqual(small.names);
    expect(large.itemsRead).toBe(small.itemsRead);
    // A later page adds the keys it skips (2 per page before it), nothing more.
    expect((await readsOf(2)).itemsRead).toBe(small.itemsRead + 4);
  });
});
