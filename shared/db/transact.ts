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
