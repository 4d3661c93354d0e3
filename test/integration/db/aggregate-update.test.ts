/**
 * aggregateUpdate (shared/db/table/aggregates.ts) on expressions.ts's placeholders, against DynamoDB
 * Local: counters ADDed by their whole names (a user's label with dots stays one attribute), spend
 * per currency, a SET beside them, the item's existence by default, or the caller's condition.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { aggregateUpdate } from '../../../shared/db/table/aggregates.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { conditionHeld } from '../../../shared/db/table/entity.ts';
import { all, exists, lacks } from '../../../shared/db/table/expressions.ts';
import { transact } from '../../../shared/db/table/transact.ts';

const key = () => ({ pk: `AGG#${randomUUID()}`, sk: 'AGG' });
const stored = async (k: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: k, ConsistentRead: true }))).Item;
const put = (k: { pk: string; sk: string }, item: Record<string, unknown> = {}) =>
  documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...k, spend: {}, ...item } }));

describe('aggregateUpdate', () => {
  it('adds counters by their whole names and spend per currency, and sets beside them', async () => {
    const k = key();
    await put(k);
    await transact([
      aggregateUpdate(
        k,
        {
          counts: { 'T#fee.v2': 2, costsCount: 1, zero: 0 },
          spends: { USD: 10.25, EUR: 0 },
          spend: { currency: 'JPY', amount: 300 },
        },
        { set: { newestSnapshotAt: '2026-01-01T00:00:00.000Z' } },
      )!,
    ]);
    expect(await stored(k)).toMatchObject({
      'T#fee.v2': 2,
      costsCount: 1,
      spend: { USD: 10.25, JPY: 300 },
      newestSnapshotAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await stored(k)).not.toHaveProperty('zero');
    expect(await stored(k)).not.toHaveProperty('T#fee');
  });

  it('is nothing when nothing moves and nothing is set', () => {
    expect(aggregateUpdate(key(), { counts: { a: 0 }, spends: { USD: 0 } })).toBeUndefined();
  });

  it("needs the item to exist by default, creates it when told not to, and holds the caller's condition", async () => {
    const missing = key();
    expect(
      await conditionHeld((failure) => transact([{ ...aggregateUpdate(missing, { counts: { n: 1 } })!, failure }])),
    ).toBe(false);
    await transact([aggregateUpdate(missing, { counts: { n: 1 } }, { mustExist: false })!]);
    expect(await stored(missing)).toMatchObject({ n: 1 });

    const closed = key();
    await put(closed, { deletingAt: 'now' });
    const open = all(exists, lacks('deletingAt'));
    expect(
      await conditionHeld((failure) =>
        transact([{ ...aggregateUpdate(closed, { counts: { n: 1 } }, { condition: open })!, failure }]),
      ),
    ).toBe(false);
  });
});
