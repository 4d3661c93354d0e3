/**
 * GET /v1/creators unfiltered by creation (either direction) or by name pages in DynamoDB (gsi1,
 * gsi2; the own-brand record in neither): every page edge at more than one page of data equals the
 * in-memory order of the old path after renames, role changes and deletes (one with a stale role),
 * the role facet and total come from counters kept on write, and a page reads what it shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteCreator, getCreator } from '../../../shared/db/catalogue/creators.ts';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { filterCreators, roleOf } from '../../../functions/creators/filters.ts';
import type { Tenant } from '../../../shared/db/tenancy/tenants.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { createCreator } from './helpers.ts';

let owner: TestUser;
let ws: string;
const ROLES = ['person', 'community', 'brand_partner', null] as const;
const NAMES = ['beta', 'Beta', 'Éclair', 'eclair', 'alpha', 'Alpha beta', 'a', 'ab', 'Zulu 2', 'zulu 10', 'Delta'];

beforeAll(async () => {
  owner = await signUp('Creators Orders Owner');
  ws = (await createWorkspace(owner)).id;
  const base = Date.now();
  const made = [];
  // Two creators per instant: ties on createdAt too.
  for (const [i, name] of NAMES.entries()) {
    made.push(
      await atInstant(base + Math.floor(i / 2) * 1000, () =>
        createCreator(owner, ws, { name, ...(ROLES[i % 4] ? { role: ROLES[i % 4] } : {}) }),
      ),
    );
  }
  expect(
    (await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws } })).status,
  ).toBeLessThan(300);
  const patch = async (id: string, body: Record<string, unknown>) => {
    const res = await call('PATCH', `/v1/creators/${id}`, { token: owner.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await patch(made[0]!.id, { name: 'Omega' });
  await patch(made[1]!.id, { role: 'brand_partner' });
  await patch(made[3]!.id, { role: null, name: 'charlie' });
  expect((await call('DELETE', `/v1/creators/${made[4]!.id}`, { token: owner.token })).status).toBeLessThan(300);
  // A delete that read the creator before its role changed still takes the role it has off the counters.
  const stale = (await getCreator(ws, made[5]!.id))!;
  await patch(made[5]!.id, { role: 'person' });
  await deleteCreator(ws, stale);
});

const page = (query: string) => call('GET', `/v1/creators?workspaceId=${ws}&${query}`, { token: owner.token });

/** The old path: every creator read, the own brand left out of the list but counted in the facet, sorted in memory. */
async function inMemory(sortBy: 'name' | 'createdAt', direction: 'asc' | 'desc') {
  const { candidates, matching } = await filterCreators({ id: ws, ianaTimezone: 'UTC' } as Tenant, {});
  const role: Record<string, number> = {};
  for (const c of candidates) {
    const key = roleOf(c);
    if (key) role[key] = (role[key] ?? 0) + 1;
  }
  return { items: JSON.parse(JSON.stringify(sortRecords(matching, (c) => c[sortBy], direction))), role };
}

async function expectPagesAsInMemory(query: string, expected: { items: unknown[]; role: Record<string, number> }) {
  const total = expected.items.length;
  expect(total).toBeGreaterThan(4);
  expect(expected.role.own_brand).toBe(1);
  for (let pageIndex = 0; pageIndex <= Math.ceil(total / 4); pageIndex++) {
    const res = await page(`${query}&pageIndex=${pageIndex}&pageSize=4`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      items: expected.items.slice(pageIndex * 4, pageIndex * 4 + 4),
      totalCount: total,
      facets: { role: expected.role },
    });
  }
  expect((await page(`${query}&pageIndex=40&pageSize=100`)).body).toMatchObject({ items: [], totalCount: total });
}

describe('GET /v1/creators in the orders an index keeps', () => {
  it('newest first (the default), and oldest first', async () => {
    await expectPagesAsInMemory('', await inMemory('createdAt', 'desc'));
    await expectPagesAsInMemory('sortBy=createdAt', await inMemory('createdAt', 'asc'));
  });

  it('by name, ascending and descending', async () => {
    await expectPagesAsInMemory('sortBy=name', await inMemory('name', 'asc'));
    await expectPagesAsInMemory('sortBy=name&sortDirection=desc', await inMemory('name', 'desc'));
  });

  it('reads as many items for a page however many creators the workspace has', async () => {
    const other = (await createWorkspace(owner)).id;
    for (const name of ['a1', 'a2']) await createCreator(owner, other, { name });
    const reads = countReads();
    const readsOf = async (query: string) => {
      const before = reads.read();
      const res = await call('GET', `/v1/creators?workspaceId=${other}&pageIndex=0&pageSize=2&${query}`, {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return {
        names: res.body.items.map((c: { name: string }) => c.name),
        itemsRead: readsBetween(before, reads.read()).itemsRead,
      };
    };
    const [newest, byName] = [await readsOf('sortDirection=desc'), await readsOf('sortBy=name')];
    for (let i = 0; i < 6; i++)
      await atInstant(Date.now() - 100_000, () => createCreator(owner, other, { name: `b${i}` }));
    expect(await readsOf('sortDirection=desc')).toEqual(newest);
    expect(await readsOf('sortBy=name')).toEqual(byName);
  });
});
