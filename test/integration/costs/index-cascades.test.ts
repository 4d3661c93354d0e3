/**
 * The cost cascades read a creator's or an activity's costs through the index (gsi2, gsi3), never
 * the tenant's other costs, and wait for an index that lags behind the record's costsCount; a cost
 * write answers a missing record it adds to with that record's 404 and drops a subtraction from one
 * deleted meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createActivity, getActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import {
  costItemsOf,
  createCost,
  deleteCost,
  deleteCostsOfActivity,
  deleteCostsOfCreator,
  readStoredCost,
} from '../../../shared/db/catalogue/costs.ts';
import { createCreator, getCreator } from '../../../shared/db/catalogue/creators.ts';
import { createExpenseCategory } from '../../../shared/db/catalogue/expense-categories.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { createTenant, getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';

const usd = (amount: number, extra: { creatorId?: string | null; categoryId?: string } = {}) => ({
  amount,
  currency: 'USD',
  type: 'creator_fee',
  creatorId: null,
  ...extra,
});

/** Records every Query; the first `lagging` queries of `index` answer no item, as an index not caught up yet. */
function watchQueries(index?: string, lagging = 0) {
  const queries: QueryCommandInput[] = [];
  let lag = lagging;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand') {
        const input = args.input as QueryCommandInput;
        queries.push(input);
        if (input.IndexName === index && lag > 0) {
          lag--;
          return { output: { Items: [], Count: 0, $metadata: {} }, response: {} } as never;
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'watchQueries' },
  );
  return { queries, lagLeft: () => lag };
}

afterEach(() => {
  documentClient().middlewareStack.remove('watchQueries');
});

async function tenantWithCosts() {
  const tenant = await createTenant({ name: 'Index cascades', ownerUserId: randomUUID() });
  const ada = await createCreator(tenant.id, { name: 'Ada' });
  const bo = await createCreator(tenant.id, { name: 'Bo' });
  const first = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'First' });
  const second = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'Second' });
  await createCost(tenant.id, first, usd(10, { creatorId: ada.id }));
  await createCost(tenant.id, second, usd(20, { creatorId: ada.id }));
  await createCost(tenant.id, first, usd(40, { creatorId: bo.id }));
  await createCost(tenant.id, second, usd(80));
  return { tenantId: tenant.id, ada, bo, first, second };
}

/** Whether a query read the tenant's cost items themselves (the table, under COST#). */
const readTenantCosts = (q: QueryCommandInput) => !q.IndexName && q.ExpressionAttributeValues?.[':prefix'] === 'COST#';

describe('cost cascades through the index', () => {
  it("deleting a creator's costs reads its gsi2 partition only, and waits for an index that lags", async () => {
    const { tenantId, ada, first, second } = await tenantWithCosts();
    const watch = watchQueries('gsi2', 2);
    expect(await deleteCostsOfCreator(tenantId, ada.id)).toBe(2);
    expect(watch.lagLeft()).toBe(0);
    expect(watch.queries.some(readTenantCosts)).toBe(false);
    expect((await costItemsOf(tenantId)).map((c) => c.amount).sort((a, b) => a - b)).toEqual([40, 80]);
    expect(await getCreator(tenantId, ada.id)).toMatchObject({ costsCount: 0 });
    expect(await getActivity(tenantId, first.id)).toMatchObject({ costsCount: 1, spend: { USD: 40 } });
    expect(await getActivity(tenantId, second.id)).toMatchObject({ costsCount: 1, spend: { USD: 80 } });
    expect(await getTenantAggregate(tenantId)).toMatchObject({ costsCount: 2, spend: { USD: 120 } });
  });

  it("deleting an activity's costs reads its gsi3 partition only, and waits for an index that lags", async () => {
    const { tenantId, ada, bo, first } = await tenantWithCosts();
    const watch = watchQueries('gsi3', 1);
    expect(await deleteCostsOfActivity(tenantId, first.id)).toBe(2);
    expect(watch.lagLeft()).toBe(0);
    expect(watch.queries.some(readTenantCosts)).toBe(false);
    expect((await costItemsOf(tenantId)).map((c) => c.amount).sort((a, b) => a - b)).toEqual([20, 80]);
    expect(await getActivity(tenantId, first.id)).toMatchObject({ costsCount: 0 });
    expect(await getCreator(tenantId, ada.id)).toMatchObject({ costsCount: 1, spend: { USD: 20 } });
    expect(await getCreator(tenantId, bo.id)).toMatchObject({ costsCount: 0 });
    expect(await deleteCostsOfActivity(tenantId, first.id)).toBe(0);
  });
});

describe('cost writes whose records went meanwhile', () => {
  it('answer 404 for a category gone before the cost is added to it, and write nothing', async () => {
    const tenant = await createTenant({ name: 'Gone category', ownerUserId: randomUUID() });
    const activity = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    const write = createCost(tenant.id, activity, usd(5, { categoryId: randomUUID() }));
    await expect(write).rejects.toThrow('The expense category was not found.');
    expect(await costItemsOf(tenant.id)).toEqual([]);
    expect(await getActivity(tenant.id, activity.id)).toMatchObject({ costsCount: 0 });
  });

  it('drop the subtraction from a category deleted meanwhile and delete the cost', async () => {
    const tenant = await createTenant({ name: 'Deleted category', ownerUserId: randomUUID() });
    const activity = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    const category = await createExpenseCategory(tenant.id, 'Fees');
    const cost = await createCost(tenant.id, activity, usd(7.5, { categoryId: category.id }));
    await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.expenseCategory(tenant.id, category.id) }),
    );
    await deleteCost(tenant.id, (await readStoredCost(tenant.id, cost.id))!);
    expect(await readStoredCost(tenant.id, cost.id)).toBeUndefined();
    expect(await getActivity(tenant.id, activity.id)).toMatchObject({ costsCount: 0, spend: {} });
    expect(await getTenantAggregate(tenant.id)).toMatchObject({ costsCount: 0 });
  });
});
