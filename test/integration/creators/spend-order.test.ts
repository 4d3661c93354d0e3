/**
 * GET /v1/creators unfiltered by spend pages in DynamoDB (gsi9: the creator's spend in the
 * tenant's currency, `spendInTenantCurrency`, kept by the cost writes) while the index holds the
 * tenant's current currency, and in memory after a currency change until the rewrite marks it
 * current (spend-order.ts). Spend moves through real cost writes (create, amount and attribution
 * changes, delete, costs in other currencies, an unlink deleting the creator's costs), and every
 * page edge is compared with an independent in-memory sort of the stored records by their spend in
 * the tenant's currency: the same figures in order, every creator once, the same total and facet.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import type { Creator } from '../../../shared/db/catalogue/creators.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { rewriteSpendOrder, spendOrderCurrent } from '../../../shared/db/catalogue/spend-order.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { expectCall } from '../../support/requests.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost } from '../costs/helpers.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { createCreator, creatorsPage, listedCreatorsAndRoles } from './helpers.ts';

let owner: TestUser;
let ws: string;
let creators: string[];
let activities: string[];
const send = (method: string, url: string, body?: unknown) => expectCall(owner.token, method, url, body);

const newActivity = async (name: string) =>
  (await send('POST', '/v1/activities', { organizationId: ws, channel: 'youtube', activity: 'youtube_video', name }))
    .data.id as string;
const link = (activityId: string, creatorId: string) =>
  send('POST', `/v1/activities/${activityId}/creators`, { creatorId });
const cost = async (activity: number, creator: number | null, amount: number, currency = 'USD') =>
  (
    await newCost(owner, {
      activityId: activities[activity],
      creatorId: creator === null ? null : creators[creator],
      amount,
      currency,
    })
  ).id as string;
const setCurrency = (currency: string) => send('PATCH', `/v1/workspaces/${ws}`, { currency });

beforeAll(async () => {
  owner = await signUp('Creator Spend Owner');
  ws = (await createWorkspace(owner)).id;
  const roles = ['person', 'community', 'brand_partner', null] as const;
  creators = [];
  for (let i = 0; i < 10; i++)
    creators.push(
      (await createCreator(owner, ws, { name: `S${i}`, ...(roles[i % 4] ? { role: roles[i % 4] } : {}) })).id,
    );
  const ownBrand = (await send('POST', '/v1/creators/own-brand', { workspaceId: ws })).data.id as string;
  activities = [await newActivity('A0'), await newActivity('A1'), await newActivity('A2')];
  for (const c of [0, 1, 2, 3, 4]) await link(activities[0]!, creators[c]!);
  await link(activities[1]!, creators[5]!);
  await link(activities[1]!, creators[6]!);
  await link(activities[0]!, ownBrand);
  // Ties (S0 and S1 at 120), a sum of costs (S2), another currency only (S3: 0 in USD), a mix (S4).
  await cost(0, 0, 120);
  await cost(0, 1, 100);
  await cost(0, 1, 20);
  await cost(0, 2, 40.5);
  await cost(0, 2, 9.25);
  await cost(0, 3, 500, 'ARS');
  await cost(0, 4, 60);
  await cost(0, 4, 999, 'ARS');
  // S5 and S6 on A1; a cost attributed to nobody moves no creator.
  await cost(1, 5, 75);
  await cost(1, 6, 300, 'ARS');
  await cost(1, null, 1_000);
  // S7..S9 have no costs at all.
});

/** The independent answer: the stored records (own brand left out) and their spend in `currency` sorted in memory. */
async function expected() {
  return listedCreatorsAndRoles(ws);
}

const page = (query: string) => creatorsPage(ws, owner.token, query);

/** Pages of `pageSize` from first to past the end: each page's spends are the sorted slice, every creator once, total and facet as counted. */
async function expectPaged(currency: string, direction: 'asc' | 'desc', pageSize: number) {
  const { listed, role } = await expected();
  const spendOf = (c: Creator) => c.spend[currency] ?? 0;
  const sign = direction === 'asc' ? 1 : -1;
  const spends = listed.map(spendOf).sort((a, b) => sign * (a - b));
  const byId = new Map(listed.map((c) => [c.id, c]));
  const seen: string[] = [];
  const pages = Math.ceil(listed.length / pageSize);
  for (let pageIndex = 0; pageIndex <= pages; pageIndex++) {
    const got = await page(`sortBy=spend&sortDirection=${direction}&pageIndex=${pageIndex}&pageSize=${pageSize}`);
    expect(got.totalCount).toBe(listed.length);
    expect(got.facets.role).toEqual(role);
    expect(got.items.map(spendOf)).toEqual(spends.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize));
    for (const item of got.items) expect(item).toEqual(JSON.parse(JSON.stringify(byId.get(item.id))));
    seen.push(...got.items.map((c) => c.id));
  }
  expect(seen.sort()).toEqual([...byId.keys()].sort());
}

/** Each creator's stored sort key against its spend in `currency` (the rewrite and the cost writes agree with the map). */
async function expectKeys(currency: string) {
  for (const id of creators) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.creator(ws, id), ConsistentRead: true }),
    );
    const stored = Item as { spend: Record<string, number>; spendInTenantCurrency?: number };
    expect(stored.spendInTenantCurrency ?? 0, id).toBeCloseTo(stored.spend[currency] ?? 0, 6);
  }
}

describe('GET /v1/creators by spend', () => {
  it('the written spend is as expected: ties, sums, other currencies left out, zeros; the sort key is not shown', async () => {
    const { listed } = await expected();
    const of = (i: number) => listed.find((c) => c.id === creators[i])!;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => of(i).spend)).toEqual([
      { USD: 120 },
      { USD: 120 },
      { USD: 49.75 },
      { ARS: 500 },
      { USD: 60, ARS: 999 },
      { USD: 75 },
      { ARS: 300 },
      {},
    ]);
    expect(listed).toHaveLength(10);
    expect(listed[0]).not.toHaveProperty('spendInTenantCurrency');
    expect(await spendOrderCurrent(ws)).toBe(true);
    await expectKeys('USD');
  });

  for (const direction of ['asc', 'desc'] as const) {
    it(`by spend ${direction}: pages of 1, 3 and 100 as sorted in memory`, async () => {
      for (const size of [1, 3, 100]) await expectPaged('USD', direction, size);
    });
  }

  it('an amount change, a change of attribution, a delete and an unlink move creators in the order', async () => {
    const costs = (await send('GET', `/v1/costs?organizationId=${ws}&pageIndex=0&pageSize=100`)).items as {
      id: string;
      creatorId: string | null;
      amount: number;
      currency: string;
    }[];
    const find = (creator: number, amount: number) =>
      costs.find((c) => c.creatorId === creators[creator] && c.amount === amount)!.id;
    await send('PATCH', `/v1/activities/costs/${find(0, 120)}`, { amount: 10 });
    await send('PATCH', `/v1/activities/costs/${find(4, 60)}`, { creatorId: creators[3] });
    await send('DELETE', `/v1/activities/costs/${find(2, 9.25)}`);
    await send('DELETE', `/v1/activities/${activities[1]}/creators/${creators[5]}`);
    // A new link and a cost for a creator that had none.
    await link(activities[2]!, creators[8]!);
    await cost(2, 8, 0.01);
    const { listed } = await expected();
    const of = (i: number) => listed.find((c) => c.id === creators[i])!;
    expect([0, 2, 3, 4, 5, 8].map((i) => of(i).spend)).toEqual([
      { USD: 10 },
      { USD: 40.5 },
      { ARS: 500, USD: 60 },
      { ARS: 999 },
      {},
      { USD: 0.01 },
    ]);
    await expectKeys('USD');
    await expectPaged('USD', 'desc', 4);
    await expectPaged('USD', 'asc', 1);
  });

  it('after a currency change the order is by the new currency: indexed once rewritten, in memory while not', async () => {
    await setCurrency('EUR');
    // The PATCH rewrote every creator within its budget (ten creators).
    expect(await spendOrderCurrent(ws)).toBe(true);
    await expectKeys('EUR');
    await expectPaged('EUR', 'desc', 3);
    await expectPaged('EUR', 'asc', 100);
    // A cost in the new currency moves the key; one in the old no longer does.
    await cost(0, 1, 7, 'EUR');
    await cost(0, 0, 5, 'USD');
    await expectKeys('EUR');
    await expectPaged('EUR', 'desc', 2);
  });

  it('a stale order (the rewrite not finished) answers from memory, correctly, until the rewrite runs', async () => {
    // A currency change whose rewrite ran out of time: the revision moved, the mark did not.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenant(ws),
        UpdateExpression: 'SET currency = :c ADD currencyRevision :one',
        ExpressionAttributeValues: { ':c': 'USD', ':one': 1 },
      }),
    );
    expect(await spendOrderCurrent(ws)).toBe(false);
    // The keys still hold EUR, the answer is by USD all the same (in memory), costs meanwhile included.
    await cost(0, 2, 3, 'USD');
    await expectPaged('USD', 'desc', 3);
    await expectPaged('USD', 'asc', 4);
    expect(await rewriteSpendOrder(ws)).toBe('rewritten');
    expect(await rewriteSpendOrder(ws)).toBe('current');
    await expectKeys('USD');
    await expectPaged('USD', 'desc', 3);
  });

  it('a rewrite that runs out of time leaves the mark unset; a tenant without marks (stored before them) is started at 0', async () => {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenant(ws),
        UpdateExpression: 'REMOVE currencyRevision, spendOrderRevision',
      }),
    );
    expect(await spendOrderCurrent(ws)).toBe(false);
    await cost(0, 1, 1, 'USD');
    expect(await rewriteSpendOrder(ws, { deadline: Date.now() - 1 })).toBe('unfinished');
    expect(await spendOrderCurrent(ws)).toBe(false);
    await expectPaged('USD', 'desc', 5);
    expect(await rewriteSpendOrder(ws)).toBe('rewritten');
    await expectKeys('USD');
    await expectPaged('USD', 'desc', 5);
  });

  it('reads as many items for a page however many creators the workspace has', async () => {
    const other = (await createWorkspace(owner)).id;
    for (const name of ['a1', 'a2']) await createCreator(owner, other, { name });
    const reads = countReads();
    const readsOfSpend = async () => {
      const before = reads.read();
      const res = await call('GET', `/v1/creators?workspaceId=${other}&pageIndex=0&pageSize=2&sortBy=spend`, {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return readsBetween(before, reads.read()).itemsRead;
    };
    const few = await readsOfSpend();
    for (let i = 0; i < 6; i++) await createCreator(owner, other, { name: `b${i}` });
    expect(await readsOfSpend()).toBe(few);
  });
});
