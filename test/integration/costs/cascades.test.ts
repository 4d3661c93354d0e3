/** The cost removals the Activities group calls on unlink and on activity delete: exact aggregates, idempotent. */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, getActivity, linkCreatorItems } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import {
  costItemsOf,
  deleteCostsOfActivity,
  deleteCostsOfCreatorOnActivity,
} from '../../../shared/db/catalogue/costs.ts';
import { createCreator, getCreator } from '../../../shared/db/catalogue/creators.ts';
import { getExpenseCategory } from '../../../shared/db/catalogue/expense-categories.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { locate } from '../../../shared/db/table/records.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCategory, newCost, newOrganization } from './helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Cascade Owner');
});

describe('deleteCostsOfCreatorOnActivity', () => {
  it("removes only that creator's costs on that activity, with their aggregates, once", async () => {
    const org = await newOrganization(owner);
    const ada = await createCreator(org, { name: 'Ada' });
    const bo = await createCreator(org, { name: 'Bo' });
    const category = await newCategory(owner, org, 'Fees');
    const activity = await createActivity(org, { ...activityInput(), creatorId: ada.id });
    const other = await createActivity(org, { ...activityInput('Other'), creatorId: ada.id });
    await documentClient().send(new TransactWriteCommand({ TransactItems: linkCreatorItems(org, activity.id, bo.id) }));
    const gone = await newCost(owner, {
      activityId: activity.id,
      amount: 10,
      creatorId: ada.id,
      categoryId: category.id,
    });
    await newCost(owner, { activityId: activity.id, amount: 20, creatorId: bo.id });
    await newCost(owner, { activityId: other.id, amount: 40 });
    expect(await deleteCostsOfCreatorOnActivity(org, activity.id, ada.id)).toBe(1);
    expect(await deleteCostsOfCreatorOnActivity(org, activity.id, ada.id)).toBe(0);
    expect(await locate('cost', gone.id)).toBeUndefined();
    expect((await costItemsOf(org)).map((c) => c.amount).sort()).toEqual([20, 40]);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: 20 } });
    expect(await getCreator(org, ada.id)).toMatchObject({ costsCount: 1, spend: { USD: 40 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 2, spend: { USD: 60 } });
    expect(await getExpenseCategory(org, category.id)).toMatchObject({ usageCount: 0 });
  });
});

describe('deleteCostsOfActivity', () => {
  it('removes every cost of the activity with its aggregates, and is idempotent', async () => {
    const org = await newOrganization(owner);
    const ada = await createCreator(org, { name: 'Ada' });
    const activity = await createActivity(org, { ...activityInput(), creatorId: ada.id });
    const keep = await createActivity(org, activityInput('Keep'));
    await newCost(owner, { activityId: activity.id, amount: 10 });
    await newCost(owner, { activityId: activity.id, amount: 5, currency: 'EUR' });
    await newCost(owner, { activityId: keep.id, amount: 7 });
    expect(await deleteCostsOfActivity(org, activity.id)).toBe(2);
    expect(await deleteCostsOfActivity(org, activity.id)).toBe(0);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 0 });
    expect(await getCreator(org, ada.id)).toMatchObject({ costsCount: 0 });
    // A currency whose spend went back to 0 is left out.
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 1 });
    expect((await getTenantAggregate(org)).spend).toEqual({ USD: 7 });
  });

  it('still subtracts from the tenant when the activity item is already gone, without recreating it', async () => {
    const org = await newOrganization(owner);
    const activity = await createActivity(org, activityInput());
    await newCost(owner, { activityId: activity.id, amount: 3 });
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.activity(org, activity.id) }));
    expect(await deleteCostsOfActivity(org, activity.id)).toBe(1);
    expect(await getActivity(org, activity.id)).toBeUndefined();
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 0 });
    expect((await getTenantAggregate(org)).spend).toEqual({});
  });
});
