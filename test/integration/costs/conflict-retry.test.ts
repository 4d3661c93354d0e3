/** A cost write that loses a race on a shared aggregate item (TransactionConflict) is retried, not answered 409. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, getActivity } from '../../../shared/db/activities.ts';
import { documentClient } from '../../../shared/db/client.ts';
import { getTenantAggregate } from '../../../shared/db/tenants.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

let conflictsToInject = 0;
let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Retry Owner');
  // Cancels the next TransactWriteItems calls the way DynamoDB does when another transaction holds an item.
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (/^TransactWrite/.test(context.commandName ?? '') && conflictsToInject > 0) {
        conflictsToInject--;
        const items = (args.input as { TransactItems: unknown[] }).TransactItems;
        throw Object.assign(new Error('Transaction cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: items.map((_, i) => ({ Code: i === items.length - 1 ? 'TransactionConflict' : 'None' })),
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectTransactionConflict' },
  );
});

describe('cost writes under transaction conflicts', () => {
  it('retries and applies the cost and its aggregates exactly once', async () => {
    const org = await newOrganization(owner);
    const activity = await createActivity(org, activityInput());
    conflictsToInject = 2;
    const cost = await newCost(owner, { activityId: activity.id, amount: 12.34 });
    expect(conflictsToInject).toBe(0);
    expect(cost.amount).toBe(12.34);
    expect(await getActivity(org, activity.id)).toMatchObject({ costsCount: 1, spend: { USD: 12.34 } });
    expect(await getTenantAggregate(org)).toMatchObject({ costsCount: 1, spend: { USD: 12.34 } });
  });
});
