/**
 * TransactWriteItems for every repository: the retry policy (retry.ts) applied, and a failed
 * condition turned into the domain error its item names.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { currentInvocation } from '../../support/invocation.ts';
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

/** The request's companion item (below) and whether a committed transaction has carried it. */
interface Companion {
  item: TransactItem;
  carried: boolean;
}

/** Per invocation (shared/support/invocation.ts), so concurrent requests of the local server never share one. */
const companions = new WeakMap<object, Companion>();

/**
 * Makes the current request's first transaction that commits carry `item` too: the idempotency
 * record marked written in the same transaction as the route's own writes, so that a crash cannot
 * leave a write without its record (docs/decisions.md "Retries and browsers"). `undefined` forgets
 * it (the request is over). Outside an invocation nothing is carried.
 */
export function carryInNextTransaction(item: TransactItem | undefined): void {
  const invocation = currentInvocation();
  if (!invocation) return;
  if (item) companions.set(invocation, { item, carried: false });
  else companions.delete(invocation);
}

/** Whether a transaction of the current request committed with the item `carryInNextTransaction` gave. */
export function carriedInTransaction(): boolean {
  const invocation = currentInvocation();
  return (invocation && companions.get(invocation)?.carried) ?? false;
}

/**
 * TransactWriteItems with the retry policy; when a condition failed, the first listed item that
 * failed and names a `failure` throws it (a condition failure is never retried). `attempts` caps
 * the retries where the caller has its own answer to a lasting race. The request's companion item
 * (`carryInNextTransaction`) goes with the first one that has room for it and commits.
 */
export async function transact(ownItems: readonly TransactItem[], attempts?: number): Promise<void> {
  const invocation = currentInvocation();
  const companion = invocation && companions.get(invocation);
  const carries = companion !== undefined && !companion.carried && ownItems.length < MAX_TRANSACTION_ITEMS;
  const items = carries ? [...ownItems, companion.item] : ownItems;
  const request = items.map(({ failure: _failure, ...item }) => item);
  try {
    await withRetry(() => documentClient().send(new TransactWriteCommand({ TransactItems: request })), attempts);
    if (carries) companion.carried = true;
  } catch (error) {
    const reasons = cancellationReasons(error);
    const failed = reasons && items.find((item, index) => item.failure && reasons[index] === 'ConditionalCheckFailed');
    if (failed) throw failed.failure!();
    throw error;
  }
}
