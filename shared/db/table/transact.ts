/**
 * TransactWriteItems for every repository: the retry policy (retry.ts) applied, and a failed
 * condition turned into the domain error its item names.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client.ts';
import { cancellationReasons, withRetry } from './retry.ts';

type SdkTransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item and the domain error its failed condition means (undefined: rethrow). */
export type TransactItem = SdkTransactItem & { failure?: () => Error };

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Groups of items (a day's move, a link's delete with its counter) in as few transactions as fit,
 * each group whole: the groups of each transaction, `reserved` of its items kept for what the
 * caller adds to it.
 */
export function transactionsOf(groups: readonly TransactItem[][], reserved = 0): TransactItem[][][] {
  const chunks: TransactItem[][][] = [];
  let chunk: TransactItem[][] = [];
  let size = reserved;
  for (const group of groups) {
    if (chunk.length && size + group.length > MAX_TRANSACTION_ITEMS) {
      chunks.push(chunk);
      chunk = [];
      size = reserved;
    }
    chunk.push(group);
    size += group.length;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/**
 * TransactWriteItems with the retry policy; when a condition failed, the first listed item that
 * failed and names a `failure` throws it (a condition failure is never retried). `attempts` caps
 * the retries where the caller has its own answer to a lasting race.
 */
export async function transact(items: readonly TransactItem[], attempts?: number): Promise<void> {
  const request = items.map(({ failure: _failure, ...item }) => item);
  try {
    await withRetry(() => documentClient().send(new TransactWriteCommand({ TransactItems: request })), attempts);
  } catch (error) {
    const reasons = cancellationReasons(error);
    const failed = reasons && items.find((item, index) => item.failure && reasons[index] === 'ConditionalCheckFailed');
    if (failed) throw failed.failure!();
    throw error;
  }
}
