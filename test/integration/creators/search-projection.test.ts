/**
 * GET /v1/creators and /v1/creators/stats with a search term read the search projection (gsi6:
 * name, email, notes) joined with the compact one (gsi5), never the full items: every page edge,
 * the facets and the stats equal the old in-memory result over the full items, and what a searched
 * page costs does not depend on the size of the creators' other attributes.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { creatorsOfTenant } from '../../../shared/db/catalogue/creators.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { creatorFigures } from '../../../functions/creators/figures.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { addToCreatorAggregates, createCreator } from './helpers.ts';

let owner: TestUser;
let ws: string;

// "kite" in the name, the email or the notes, in any case; the others miss it.
const CREATORS = [
  { name: 'Kite Club', role: 'community', spend: 50 },
  { name: 'Ann', email: 'ann@KITE.example', role: 'person', spend: 20 },
  { name: 'bea', notes: 'Flies kites on weekends', role: 'person', spend: 50 },
  { name: 'Cy', notes: 'kItE festival', spend: 0 },
  { name: 'dan kiteson', email: 'dan@example.org', role: 'brand_partner', spend: 75.5 },
  { name: 'Eve', email: 'eve@kite.example', notes: 'also KITE', role: 'person', spend: 20 },
  { name: 'Fay', role: 'person', spend: 5 },
  { name: 'Gus', email: 'gus@example.org', notes: 'Kayaks', role: 'community', spend: 120 },
  { name: 'hal', email: 'HAL@kiteworks.test', role: 'person', spend: 0 },
] as const;

beforeAll(async () => {
  owner = await signUp('Search Projection Owner');
  // The own brand takes the workspace's name: it matches too, listed only when asked for.
  ws = (await createWorkspace(owner, { name: 'Kite Works', currency: 'USD' })).id;
  for (const [i, { spend, ...body }] of CREATORS.entries()) {
    const c = await createCreator(owner, ws, body);
    if (spend)
      await addToCreatorAggregates(ws, c.id, {
        counts: { impressions: 1000 * (i + 1), engagement: i },
        spend: { currency: 'USD', amount: spend },
      });
  }
  expect(
    (await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws } })).status,
  ).toBeLessThan(300);
});

const get = (path: string, query: string) =>
  call('GET', `/v1/creators${path}?workspaceId=${ws}&${query}`, { token: owner.token });

/** The old path: every full creator matching the term, the own brand left out unless asked for, sorted in memory. */
async function inMemory(
  term: string,
  sortBy: 'spend' | 'impressions' | 'name',
  direction: 'asc' | 'desc',
  role?: string,
) {
  const candidates = (await creatorsOfTenant(ws)).filter((c) =>
    [c.name, c.email, c.notes].some((f) => f?.toLowerCase().includes(term.toLowerCase())),
  );
  const roleOf = (c: (typeof candidates)[number]) => (c.isOwnBrand ? 'own_brand' : c.role);
  const matching = candidates.filter((c) => (role ? roleOf(c) === role : !c.isOwnBrand));
  const column = (c: (typeof candidates)[number]) => (sortBy === 'spend' ? creatorFigures(c, 'USD').spend : c[sortBy]);
  const facet: Record<string, number> = {};
  for (const c of candidates) {
    const key = roleOf(c);
    if (key) facet[key] = (facet[key] ?? 0) + 1;
  }
  return {
    items: JSON.parse(JSON.stringify(sortRecords(matching, column, direction))) as { id: string }[],
    facets: { role: facet },
  };
}

async function expectPagesAsInMemory(query: string, { items, facets }: Awaited<ReturnType<typeof inMemory>>) {
  const total = items.length;
  expect(total).toBeGreaterThan(3);
  for (let pageIndex = 0; pageIndex <= Math.ceil(total / 3); pageIndex++) {
    const res = await get('', `${query}&pageIndex=${pageIndex}&pageSize=3`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: items.slice(pageIndex * 3, pageIndex * 3 + 3), totalCount: total });
    expect(res.body.facets).toEqual(facets);
  }
}

describe('GET /v1/creators searched, over the search and compact projections', () => {
  it('matches name, email and notes case-insensitively; pages by a metric column and by name as the full items did', async () => {
    await expectPagesAsInMemory(
      'searchTerm=KITE&sortBy=spend&sortDirection=desc',
      await inMemory('KITE', 'spend', 'desc'),
    );
    await expectPagesAsInMemory('searchTerm=kite&sortBy=impressions', await inMemory('kite', 'impressions', 'asc'));
    await expectPagesAsInMemory('searchTerm=kItE&sortBy=name', await inMemory('kItE', 'name', 'asc'));
    await expectPagesAsInMemory(
      'searchTerm=kite&role=person&sortBy=name&sortDirection=desc',
      await inMemory('kite', 'name', 'desc', 'person'),
    );
    const own = await get('', 'searchTerm=kite&role=own_brand&pageIndex=0&pageSize=5');
    expect(own.body.items).toEqual((await inMemory('kite', 'name', 'asc', 'own_brand')).items);
    expect(own.body.items).toHaveLength(1);
    expect((await get('', 'searchTerm=nobody&pageIndex=0&pageSize=5')).body).toMatchObject({
      items: [],
      totalCount: 0,
    });
  });

  it('sums the searched creators in /v1/creators/stats as the full items did', async () => {
    const { items } = await inMemory('Kite', 'name', 'asc');
    const matching = (await creatorsOfTenant(ws)).filter((c) => items.some((i) => i.id === c.id));
    const res = await get('/stats', 'searchTerm=Kite');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      creatorsCount: matching.length,
      impressions: matching.reduce((sum, c) => sum + c.impressions, 0),
      engagement: matching.reduce((sum, c) => sum + c.engagement, 0),
      spend: { USD: matching.reduce((sum, c) => sum + (c.spend.USD ?? 0), 0) },
    });
  });

  it("costs as much for a searched page however large the creators' unsearched attributes are", async () => {
    const reads = countReads();
    const cost = async () => {
      const before = reads.read();
      const res = await get('', 'searchTerm=kite&sortBy=spend&sortDirection=desc&pageIndex=0&pageSize=2');
      expect(res.status).toBe(200);
      return { ids: res.body.items.map((c: { id: string }) => c.id), read: readsBetween(before, reads.read()) };
    };
    const small = await cost();
    // The full items of the creators off the page grow by an attribute neither searched nor in the
    // compact projection (none the API writes is large, so written directly: country is two letters).
    for (const c of (await creatorsOfTenant(ws)).filter((c) => !small.ids.includes(c.id))) {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.creator(ws, c.id),
          UpdateExpression: 'SET country = :big',
          ExpressionAttributeValues: { ':big': 'X'.repeat(3000) },
        }),
      );
    }
    const large = await cost();
    expect(large.ids).toEqual(small.ids);
    expect(large.read).toEqual(small.read);
  });
});
