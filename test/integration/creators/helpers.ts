/** Helpers of the Creators tests: a workspace with a member, creators made through the API, stored aggregates set directly. */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { aggregateUpdate } from '../../../shared/db/table/aggregates.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { creatorsOfTenant, type Creator } from '../../../shared/db/catalogue/creators.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { readSpendCurrency, spendOrderDelta } from '../../../shared/db/catalogue/spend-order.ts';
import { call } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';

export async function createCreator(user: TestUser, workspaceId: string, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/v1/creators', {
    token: user.token,
    body: { workspaceId, name: 'Creator', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Stands in for the writes (costs, metrics) that change a creator's stored aggregates. */
export async function addToCreatorAggregates(
  workspaceId: string,
  creatorId: string,
  delta: { counts?: Record<string, number>; spend?: { currency: string; amount: number } },
): Promise<void> {
  // Spend in the tenant's currency also moves the creator's key in the order by spend, as a cost write's does (spend-order.ts).
  const order = delta.spend
    ? spendOrderDelta(await readSpendCurrency(workspaceId), delta.spend.currency, delta.spend.amount)
    : {};
  const moved = { ...delta, counts: { ...delta.counts, ...order } };
  await documentClient().send(
    new TransactWriteCommand({ TransactItems: [aggregateUpdate(keys.creator(workspaceId, creatorId), moved)!] }),
  );
}

/** Moves a creator's creation instant, for the date-range filters, and its place in the list's creation order with it. */
export async function setCreatedAt(workspaceId: string, creatorId: string, createdAt: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.creator(workspaceId, creatorId),
      UpdateExpression: 'SET createdAt = :at, gsi1sk = :order',
      ExpressionAttributeValues: {
        ':at': createdAt,
        ':order': keys.creatorByCreation(workspaceId, createdAt, creatorId).gsi1sk,
      },
    }),
  );
}

/** The workspace's creators as stored, own brand left out (what the list shows), and the role facet counted over all of them. */
export async function listedCreatorsAndRoles(
  workspaceId: string,
): Promise<{ listed: Creator[]; role: Record<string, number> }> {
  const records = await creatorsOfTenant(workspaceId);
  const listed = records.filter((c) => !c.isOwnBrand);
  const role: Record<string, number> = {};
  for (const c of records) {
    const key = c.isOwnBrand ? 'own_brand' : c.role;
    if (key) role[key] = (role[key] ?? 0) + 1;
  }
  return { listed, role };
}

/** One page of `GET /v1/creators` for the workspace (200 expected). */
export async function creatorsPage(workspaceId: string, token: string, query: string) {
  const res = await call('GET', `/v1/creators?workspaceId=${workspaceId}&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Creator[]; totalCount: number; facets: { role: Record<string, number> } };
}
