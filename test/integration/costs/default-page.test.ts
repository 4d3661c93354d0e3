/**
 * GET /v1/costs in its default order (newest first, unfiltered) pages in DynamoDB: every page edge
 * at more than one page of data equals the in-memory order of the old path (createdAt, ties broken
 * by id), and a page reads what it shows, not the tenant's costs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { findCosts } from '../../../shared/db/catalogue/index.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCategory, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let org: string;
const TOTAL = 8;

/** Creates a cost at a fixed instant, so that several share one createdAt (ties). */
const costAt = (at: number, body: Record<string, unknown>) => atInstant(at, () => newCost(owner, body));

beforeAll(async () => {
  owner = await signUp('Default Page Owner');
  org = await newOrganization(owner);
  const ada = await createCreator(org, { name: 'Ada' });
  const launch = await createActivity(org, { ...activityInput('Launch'), creatorId: ada.id });
  const unboxing = await createActivity(org, activityInput('Unboxing'));
  const fees = await newCategory(owner, org, 'Fees');
  const base = Date.now();
  // Three instants, three costs at each but the last: ties at every page boundary of size 3.
  for (let i = 0; i < TOTAL; i++) {
    await costAt(base + Math.floor(i / 3) * 1000, {
      activityId: i % 2 ? launch.id : unboxing.id,
      amount: 10 + i,
      ...(i % 3 === 0 ? { categoryId: fees.id } : {}),
    });
  }
});

const page = (query: string) => call('GET', `/v1/costs?organizationId=${org}&${query}`, { token: owner.token });

/** The old path's order: every cost joined, sorted in memory newest first, ties by id. */
async function inMemoryOrder() {
  const { costs } = await findCosts(org, {});
  return JSON.parse(JSON.stringify(sortRecords(costs, (c) => c.createdAt, 'desc')));
}

describe('GET /v1/costs, default order', () => {
  it('pages first, middle, last partial and past the end exactly as the in-memory order', async () => {
    const expected = await inMemoryOrder();
    expect(expected).toHaveLength(TOTAL);
    for (const [pageIndex, size] of [
      [0, 3],
      [1, 3],
      [2, 2],
      [3, 0],
    ] as const) {
      const res = await page(`pageIndex=${pageIndex}&pageSize=3`);
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(TOTAL);
      expect(res.body.items).toHaveLength(size);
      expect(res.body.items).toEqual(expected.slice(pageIndex * 3, pageIndex * 3 + 3));
    }
    // Far past the end, and one page holding everything.
    expect((await page('pageIndex=50&pageSize=100')).body).toMatchObject({ items: [], totalCount: TOTAL });
    expect((await page('pageIndex=0&pageSize=100')).body.items).toEqual(expected);
  });

  it('keeps the same order when asked for it explicitly, and pages other orders as before', async () => {
    const expected = await inMemoryOrder();
    const explicit = await page('pageIndex=1&pageSize=3&sortBy=createdAt&sortDirection=desc');
    expect(explicit.body.items).toEqual(expected.slice(3, 6));
    const oldest = await page('pageIndex=0&pageSize=3&sortBy=createdAt&sortDirection=asc');
    expect(oldest.body.items).toEqual([...expected].reverse().slice(0, 3));
    expect(oldest.body.totalCount).toBe(TOTAL);
  });

  it('reads as many items for a page however many costs the tenant has', async () => {
    const other = await newOrganization(owner);
    const activity = await createActivity(other, activityInput('Growing'));
    const now = Date.now();
    for (let i = 0; i < 2; i++) await costAt(now + i, { activityId: activity.id, amount: 1 });
    const reads = countReads();
    const readsOf = async (pageIndex: number) => {
      const before = reads.read();
      const res = await call('GET', `/v1/costs?organizationId=${other}&pageIndex=${pageIndex}&pageSize=2`, {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return {
        ids: res.body.items.map((c: { id: string }) => c.id),
        itemsRead: readsBetween(before, reads.read()).itemsRead,
      };
    };
    const small = await readsOf(0);
    // Older costs: the first page stays the same while the tenant grows.
    for (let i = 0; i < 6; i++) await costAt(now - 10_000 - i, { activityId: activity.id, amount: 1 });
    const large = await readsOf(0);
    expect(large.ids).toEqual(small.ids);
    expect(large.itemsRead).toBe(small.itemsRead);
    // A later page adds the keys it skips (2 per page before it), nothing more.
    expect((await readsOf(2)).itemsRead).toBe(small.itemsRead + 4);
  });
});
