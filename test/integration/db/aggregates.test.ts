/** Stored aggregates change atomically and exactly under concurrent writes. */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { aggregateUpdate } from '../../../shared/db/table/aggregates.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';

describe('aggregateUpdate', () => {
  it('loses no update when 20 transactions add to one record at once, and sums decimals exactly', async () => {
    const key = { pk: `AGG#${randomUUID()}`, sk: 'RECORD' };
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...key, costsCount: 0, spend: {} } }));
    const write = () =>
      documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            aggregateUpdate(key, { counts: { costsCount: 1 }, spend: { currency: 'USD', amount: 0.1 } })!,
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 20 }, write));
    // A transaction that lost a race is cancelled (TransactionConflict), never half-applied: retry those.
    for (const result of results) if (result.status === 'rejected') await write();
    const item = (
      await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))
    ).Item!;
    expect(item.costsCount).toBe(20);
    expect(item.spend).toEqual({ USD: 2 });
  });

  it('refuses to create a missing record, and skips an empty delta', async () => {
    const key = { pk: `AGG#${randomUUID()}`, sk: 'RECORD' };
    const update = aggregateUpdate(key, { counts: { costsCount: 1 } })!;
    await expect(documentClient().send(new TransactWriteCommand({ TransactItems: [update] }))).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(aggregateUpdate(key, { counts: { costsCount: 0 }, spend: { currency: 'EUR', amount: 0 } })).toBeUndefined();
  });
});
