/**
 * Deleting an activity's costs re-reads a cost that changed between the read and the delete (the
 * repository's conflict, a typed domain error) and deletes it on the next attempt.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { createCost, deleteCostsOfActivity } from '../../../shared/db/catalogue/costs.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';

describe('deleteCostsOfActivity', () => {
  it('retries a cost changed meanwhile (409 conflict inside the repository) and deletes it', async () => {
    const tenant = await createTenant({ name: 'Retry', ownerUserId: randomUUID() });
    const activity = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    const cost = await createCost(tenant.id, activity, {
      amount: 5,
      currency: 'USD',
      type: 'creator_fee',
      creatorId: null,
    });
    const costKey = keys.cost(tenant.id, cost.id);
    // The first transaction that deletes the cost finds it changed just before: a concurrent update.
    let raced = false;
    documentClient().middlewareStack.add(
      (next) => async (args) => {
        const items = (args.input as { TransactItems?: { Delete?: { Key?: { sk?: string } } }[] }).TransactItems ?? [];
        if (!raced && items.some((item) => item.Delete?.Key?.sk === costKey.sk)) {
          raced = true;
          await documentClient().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: costKey,
              UpdateExpression: 'ADD revision :one',
              ExpressionAttributeValues: { ':one': 1 },
            }),
          );
        }
        return next(args);
      },
      { step: 'initialize', name: 'raceCostDelete' },
    );
    try {
      expect(await deleteCostsOfActivity(tenant.id, activity.id)).toBe(1);
    } finally {
      documentClient().middlewareStack.remove('raceCostDelete');
    }
    expect(raced).toBe(true);
    expect(
      (await documentClient().send(new GetCommand({ TableName: tableName(), Key: costKey, ConsistentRead: true })))
        .Item,
    ).toBeUndefined();
  });
});
