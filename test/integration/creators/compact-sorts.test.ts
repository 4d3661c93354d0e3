/**
 * GET /v1/creators sorted by a metric column or filtered by role sorts the compact projection's
 * entries (gsi5: keys and the sorted attributes), then reads only its page's items: every page edge
 * equals the old in-memory order over the full items, and what a page costs does not depend on
 * the size of the other creators' items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { creatorsOfTenant } from '../../../shared/db/catalogue/creators.ts';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { creatorFigures } from '../../../functions/creators/figures.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { addToCreatorAggregates, createCreator } from './helpers.ts';

let owner: TestUser;
let ws: string;
const ids: string[] = [];

beforeAll(async () => {
  owner = await signUp('Compact Sorts Owner');
  ws = (await createWorkspace(owner, { currency: 'USD' })).id;
  // Spend with ties (broken by id), one creator without spend, one in another currency only.
  const spends = [50, 20, 50, 0, 75.5, 20, 5, 0, 120];
  for (const [i, amount] of spends.entries()) {
    const c = await createCreator(owner, ws, { name: `C${i}`, ...(i % 2 ? { role: 'person' } : {}) });
    ids.push(c.id);
    if (amount)
      await addToCreatorAggregates(ws, c.id, {
        counts: { impressions: 1000 * (i + 1), engagement: i },
        spend: { currency: 'USD', amount },
      });
  }
  await addToCreatorAggregates(ws, ids[3]!, { spend: { currency: 'EUR', amount: 999 } });
  expect(
    (await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws } })).status,
  ).toBeLessThan(300);
});

const page = (query: string) => call('GET', `/v1/creators?workspaceId=${ws}&${query}`, { token: owner.token });

/** The old path: every full creator, the own brand left out unless asked for, sorted in memory. */
async function inMemory(sortBy: 'cpm' | 'cpe' | 'createdAt', direction: 'asc' | 'desc', role?: string) {
  const all = await creatorsOfTenant(ws);
  const matching = all.filter((c) => (role ? (c.isOwnBrand ? 'own_brand' : c.role) === role : !c.isOwnBrand));
  const column = (c: (typeof all)[number]) => (sortBy === 'createdAt' ? c[sortBy] : creatorFigures(c, 'USD')[sortBy]);
  return JSON.parse(JSON.stringify(sortRecords(matching, column, direction)));
}

async function expectPagesAsInMemory(query: string, expected: unknown[]) {
  const total = expected.length;
  for (let pageIndex = 0; pageIndex <= Math.ceil(total / 4); pageIndex++) {
    const res = await page(`${query}&pageIndex=${pageIndex}&pageSize=4`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      items: expected.slice(pageIndex * 4, pageIndex * 4 + 4),
      totalCount: total,
      facets: { role: { person: 4, own_brand: 1 } },
    });
  }
  expect((await page(`${query}&pageIndex=40&pageSize=100`)).body).toMatchObject({ items: [], totalCount: total });
}

describe('GET /v1/creators over the compact projection', () => {
  // Impressions, engagement and spend page through an index now (figure-orders.test.ts, spend-order.test.ts).
  it('sorted by CPM and CPE, either way, as the full items sort', async () => {
    await expectPagesAsInMemory('sortBy=cpm', await inMemory('cpm', 'asc'));
    await expectPagesAsInMemory('sortBy=cpe&sortDirection=desc', await inMemory('cpe', 'desc'));
  });

  it('filtered by role, the own brand only when asked for', async () => {
    await expectPagesAsInMemory('role=person&sortDirection=desc', await inMemory('createdAt', 'desc', 'person'));
    const own = await page('role=own_brand&pageIndex=0&pageSize=5');
    expect(own.body.items).toEqual(await inMemory('createdAt', 'desc', 'own_brand'));
    expect(own.body.items).toHaveLength(1);
  });

  it("costs as much for a page however large the other creators' items are", async () => {
    const reads = countReads();
    const cost = async () => {
      const before = reads.read();
      const res = await page('sortBy=cpm&sortDirection=desc&pageIndex=0&pageSize=2');
      expect(res.status).toBe(200);
      return { ids: res.body.items.map((c: { id: string }) => c.id), read: readsBetween(before, reads.read()) };
    };
    const small = await cost();
    // Long notes on the creators off the page: their full items grow, their compact entries do not.
    for (const id of ids.filter((id) => !small.ids.includes(id))) {
      const res = await call('PATCH', `/v1/creators/${id}`, { token: owner.token, body: { notes: 'n'.repeat(2000) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const large = await cost();
    expect(large.ids).toEqual(small.ids);
    expect(large.read).toEqual(small.read);
  });
});
