/**
 * The lists bench's instruments, against DynamoDB Local: the seed writes what the API would have
 * written (records, pointers, per-record and tenant aggregates), and the read counter counts the
 * items each kind of read returns. No timing is asserted: the bench only reports figures.
 */
import { describe, expect, it } from 'vitest';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/table/client.ts';
import { call } from '../support/call.ts';
import { signUp } from '../support/users.ts';
import { countReads, readsBetween } from './items-read.ts';
import { checkSeed, seedTenant, type Send } from './seed-tenant.ts';

const RECORDS = 30;

async function seeded() {
  const user = await signUp();
  const send: Send = async <T>(method: string, url: string, body?: unknown) => {
    const res = await call(method, url, { token: user.token, body });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as T;
  };
  const tenantId = (await send('POST', '/v1/organizations', { userId: user.userId, name: 'Seeded' })).data.id;
  await seedTenant(send, tenantId, RECORDS);
  return { send, tenantId };
}

const costsOf = (tenantId: string) =>
  new QueryCommand({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :cost)',
    ExpressionAttributeValues: { ':pk': `TENANT#${tenantId}`, ':cost': 'COST#' },
  });

describe('the lists bench seed', () => {
  it('writes records whose stored aggregates, pointers and lists agree, as the write path leaves them', async () => {
    const { send, tenantId } = await seeded();
    await expect(checkSeed(send, tenantId, RECORDS)).resolves.toBeUndefined();
    const { data: org } = await send<{ data: { metrics: Record<string, unknown> } }>(
      'GET',
      `/v1/organizations/${tenantId}`,
    );
    // Ten templates of 120+35+980+5+410+72+1500+260+18+640 = 4040 USD, three times.
    expect(org.metrics).toMatchObject({
      activitiesCount: RECORDS,
      creatorsCount: RECORDS,
      costsCount: RECORDS,
      spend: { USD: 3 * 4040 },
    });

    // A copied cost's activity and creator are copies too (found by id, through their pointers), each counting it.
    const { items } = await send<{ items: { activityId: string; creatorId: string; amount: number }[] }>(
      'GET',
      `/v1/costs?organizationId=${tenantId}&pageIndex=0&pageSize=100`,
    );
    expect(new Set(items.map((c) => c.activityId)).size).toBe(RECORDS);
    for (const cost of items.slice(0, 5)) {
      const { data: activity } = await send<{ data: Record<string, unknown> }>(
        'GET',
        `/v1/activities/${cost.activityId}`,
      );
      const { data: creator } = await send<{ data: Record<string, unknown> }>('GET', `/v1/creators/${cost.creatorId}`);
      expect(activity).toMatchObject({ costsCount: 1, spend: { USD: cost.amount } });
      expect(creator).toMatchObject({ costsCount: 1, spend: { USD: cost.amount } });
    }
  });

  it('is told apart from a wrong one by the seed check', async () => {
    const { send, tenantId } = await seeded();
    await expect(checkSeed(send, tenantId, RECORDS + 10)).rejects.toThrow(/seed check: activities/);
  });
});

describe('the read counter', () => {
  it('counts the items and capacity of queries, gets and batch gets', async () => {
    const { tenantId } = await seeded();
    const reads = countReads();
    const client = documentClient();

    let before = reads.read();
    const { Items = [] } = await client.send(costsOf(tenantId));
    expect(Items).toHaveLength(RECORDS);
    const query = readsBetween(before, reads.read());
    expect(query).toMatchObject({ calls: 1, itemsRead: RECORDS });
    expect(query.capacityUnits).toBeGreaterThan(0);

    before = reads.read();
    await client.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `TENANT#${tenantId}`, sk: 'COST#missing' } }),
    );
    await client.send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: Items.slice(0, 3).map(({ pk, sk }) => ({ pk, sk })) } },
      }),
    );
    expect(readsBetween(before, reads.read())).toMatchObject({ calls: 2, itemsRead: 3 });
  });
});
