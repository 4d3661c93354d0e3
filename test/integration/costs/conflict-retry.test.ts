/** A cost write that loses a race on a shared aggregate item (TransactionConflict) is retried, not answered 409. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, getActivity } from '../../../shared/db/catalogue/activities.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { transactionConflicts, type ConflictInjector } from '../../support/transaction-conflicts.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

let conflicts: ConflictInjector;
let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Retry Owner');
  conflicts = transactionConflicts();
});

describe('cost writes under transaction conflicts', () => {
  it('retries and applies the cost and its aggregates exactly once', async () => {
    const org = await newOrganization(owner);
    const activity = await createActivity(org, activityInput());
    conflicts.inject(2);
    const cost = await newCost(owner, { activityId: activity.id, amount: 12.34 });
    expect(conflicts.remaining()).toBe(0);
    expect(cost.amount).toBe(12.34);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: 12.34 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 1, spend: { USD: 12.34 } });
  });
});
