/**
 * The cost lists no key orders (sorted by amount, searched, by category) read the costs' compact
 * entries (gsi5) and then only their page's full items; oldest first reads one page of the
 * creation index; GET /v1/costs/types reads one counter item kept on write. Every page edge at
 * more than one page equals the in-memory order of the old path (every cost joined, then sorted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { dynamoClient } from '../../../shared/db/table/client.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { sortRecords } from '../../../shared/db/table/paging.ts';
import { findCosts, type CostFilters } from '../../../shared/db/catalogue/index.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCategory, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;
let org: string;
const ids: Record<string, string> = {};
const TOTAL = 8;

/** Every DynamoDB request the service's client sends, as its command name and its input as JSON. */
const sent: { command: string; input: string }[] = [];
let recording = false;
function recordRequests() {
  if (recording) return;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ command: context.commandName ?? '', input: JSON.stringify(args.input) });
      return next(args);
    },
    { step: 'initialize', name: 'costListRequests' },
  );
  recording = true;
}

/** The requests `run` sends. */
async function requestsOf(run: () => Promise<unknown>) {
  recordRequests();
  const from = sent.length;
  await run();
  return sent.slice(from);
}

beforeAll(async () => {
  owner = await signUp('Compact Lists Owner');
  org = await newOrganization(owner);
  const ada = await createCreator(org, { name: 'Ada' });
  const launch = await createActivity(org, { ...activityInput('Spring launch'), creatorId: ada.id });
  const unboxing = await createActivity(org, activityInput('Unboxing'));
  const fees = await newCategory(owner, org, 'Talent fees');
  Object.assign(ids, { launch: launch.id, unboxing: unboxing.id, fees: fees.id });
  // Amounts with ties (10 twice, 30 twice) at page boundaries of 3; every other cost in "Talent fees".
  const amounts = [30, 10, 50, 10, 70, 30, 20, 5];
  for (let i = 0; i < TOTAL; i++) {
    await newCost(owner, {
      activityId: i % 2 ? launch.id : unboxing.id,
      amount: amounts[i],
      type: i % 3 ? 'gifting' : 'creator_fee',
      ...(i % 2 ? { categoryId: fees.id } : {}),
      ...(i === 4 ? { description: 'Reach bonus' } : {}),
    });
  }
});

const list = async (query: string) => {
  const res = await call('GET', `/v1/costs?organizationId=${org}&${query}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: { id: string }[]; totalCount: number };
};

/** The old path's order: the matching costs joined, sorted in memory, ties by id. */
async function inMemoryOrder(filters: CostFilters, sortBy: 'amount' | 'createdAt', direction: 'asc' | 'desc') {
  const { costs } = await findCosts(org, filters);
  return JSON.parse(JSON.stringify(sortRecords(costs, (c) => c[sortBy], direction)));
}

const ORDERS: [string, string, CostFilters, 'amount' | 'createdAt', 'asc' | 'desc', number][] = [
  ['by amount, ascending', 'sortBy=amount', {}, 'amount', 'asc', TOTAL],
  ['by amount, descending', 'sortBy=amount&sortDirection=desc', {}, 'amount', 'desc', TOTAL],
  ['oldest first', 'sortBy=createdAt&sortDirection=asc', {}, 'createdAt', 'asc', TOTAL],
  ['searched (activity name), newest first', 'searchTerm=LAUNCH', { searchTerm: 'LAUNCH' }, 'createdAt', 'desc', 4],
  [
    'by category, by amount descending',
    `categoryId=CATEGORY&sortBy=amount&sortDirection=desc`,
    { categoryId: 'CATEGORY' },
    'amount',
    'desc',
    4,
  ],
  ['searched (type), by amount', 'searchTerm=gift&sortBy=amount', { searchTerm: 'gift' }, 'amount', 'asc', 5],
];

describe('GET /v1/costs in the orders no key holds, and oldest first', () => {
  it.each(ORDERS)(
    '%s: first, middle, last partial and past the end as the in-memory order',
    async (_, query, filters, sortBy, direction, total) => {
      const q = query.replace('CATEGORY', ids.fees!);
      const expected = await inMemoryOrder(filters.categoryId ? { categoryId: ids.fees! } : filters, sortBy, direction);
      expect(expected).toHaveLength(total);
      const pageSize = 3;
      const pages = Math.ceil(total / pageSize);
      for (let pageIndex = 0; pageIndex <= pages; pageIndex++) {
        const page = await list(`${q}&pageIndex=${pageIndex}&pageSize=${pageSize}`);
        expect(page.totalCount).toBe(total);
        expect(page.items).toEqual(expected.slice(pageIndex * pageSize, pageIndex * pageSize + pageSize));
      }
      expect(await list(`${q}&pageIndex=40&pageSize=100`)).toMatchObject({ items: [], totalCount: total });
      expect((await list(`${q}&pageIndex=0&pageSize=100`)).items).toEqual(expected);
    },
  );

  it.each([
    ['sorted by amount', 'sortBy=amount&sortDirection=desc'],
    ['searched', 'searchTerm=a'],
    ['by category', 'categoryId=CATEGORY'],
  ])('%s, reads the compact entries and only the page of full cost items', async (_, query) => {
    const requests = await requestsOf(() => list(`${query.replace('CATEGORY', ids.fees!)}&pageIndex=1&pageSize=2`));
    // No Query of the tenant's cost items (the table's COST# collection) nor of an index holding them whole.
    const costQueries = requests.filter((r) => r.command === 'QueryCommand' && r.input.includes('COST'));
    expect(costQueries.length).toBe(1);
    expect(costQueries[0]!.input).toContain('"gsi5"');
    expect(costQueries[0]!.input).toContain('#COSTS_COMPACT');
    // The page's two costs, fetched by key.
    const costKeys = requests
      .filter((r) => r.command === 'BatchGetItemCommand')
      .flatMap((r) => r.input.match(/COST#[0-9a-f-]{36}/g) ?? []);
    expect(costKeys).toHaveLength(2);
  });

  it('oldest first reads one page of the creation index, not every cost', async () => {
    const requests = await requestsOf(() => list('sortBy=createdAt&sortDirection=asc&pageIndex=0&pageSize=2'));
    const costQueries = requests.filter((r) => r.command === 'QueryCommand' && r.input.includes('COST'));
    expect(costQueries).toHaveLength(1);
    expect(costQueries[0]!.input).toContain('"gsi1"');
    expect(costQueries[0]!.input).toContain('"Limit":2');
  });
});

describe('GET /v1/costs/types from counters kept on write', () => {
  it('counts each label after creates, a type change and a delete, paged as before, reading no cost', async () => {
    const other = await newOrganization(owner);
    const activity = await createActivity(other, activityInput('Types'));
    const create = (type: string) => newCost(owner, { activityId: activity.id, amount: 1, type });
    const types = async (query = 'pageIndex=0&pageSize=10') => {
      const res = await call('GET', `/v1/costs/types?organizationId=${other}&${query}`, { token: owner.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { items: { type: string; count: number }[]; totalCount: number };
    };
    expect(await types()).toMatchObject({ items: [], totalCount: 0 });
    const first = await create('shipping');
    await create('Production');
    const third = await create('production');
    await create('shipping');
    // Labels that are attribute names of the item itself (its keys) are counted like any other.
    const pk = await create('pk');
    expect(await types()).toMatchObject({
      totalCount: 4,
      items: [
        { type: 'pk', count: 1 },
        { type: 'Production', count: 1 },
        { type: 'production', count: 1 },
        { type: 'shipping', count: 2 },
      ],
    });
    // A type change moves one count; a label back at 0 is left out.
    const changed = await call('PATCH', `/v1/activities/costs/${third.id}`, {
      token: owner.token,
      body: { type: 'gifting' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Another field's change moves nothing.
    expect(
      (await call('PATCH', `/v1/activities/costs/${first.id}`, { token: owner.token, body: { amount: 2 } })).status,
    ).toBe(200);
    expect((await call('DELETE', `/v1/activities/costs/${pk.id}`, { token: owner.token })).status).toBe(200);
    expect(await types()).toMatchObject({
      totalCount: 3,
      items: [
        { type: 'gifting', count: 1 },
        { type: 'Production', count: 1 },
        { type: 'shipping', count: 2 },
      ],
    });
    // Pages of 2: first, last partial, past the end.
    expect((await types('pageIndex=0&pageSize=2')).items.map((t) => t.type)).toEqual(['gifting', 'Production']);
    expect(await types('pageIndex=1&pageSize=2')).toMatchObject({
      items: [{ type: 'shipping', count: 2 }],
      totalCount: 3,
    });
    expect(await types('pageIndex=2&pageSize=2')).toMatchObject({ items: [], totalCount: 3 });
    // The route reads the counter item, no cost.
    const requests = await requestsOf(() => types());
    expect(requests.filter((r) => r.input.includes('COST#'))).toEqual([]);
    expect(requests.filter((r) => r.command === 'GetItemCommand' && r.input.includes('COST_TYPES'))).toHaveLength(1);
  });
});
