/**
 * The one retry policy of the data layer: what is worth trying again, and how long to wait.
 *
 * Retried: DynamoDB throttling (the SDK's own retries gave up), and a transaction that lost a race
 * with another on one of its items (`TransactionConflict`) while no condition of it failed. A
 * cancelled transaction wrote nothing and its conditions are evaluated again, so trying the same
 * items again is safe. Never retried: a failed condition (the caller's answer: not found, conflict,
 * ...), validation errors, anything else.
 *
 * Batch calls use `backoff` between rounds of unprocessed items, which are not errors.
 */
import { count } from '../../support/invocation.ts';

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

/** How many attempts a call gets in all (the first one included). */
export const ATTEMPTS = 6;

/**
 * The cancellation reason code of each item of a failed `TransactWriteItems`
 * (`ConditionalCheckFailed`, `TransactionConflict`, `None`, ...), or undefined when the error is
 * not a cancellation.
 */
export function cancellationReasons(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

export function isThrottling(error: unknown): boolean {
  return error instanceof Error && THROTTLING.has(error.name);
}

/** A transaction that lost a race on one of its items, with none of its conditions failed. */
export function isTransactionConflict(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  const reasons = cancellationReasons(error);
  return reasons !== undefined && reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
}

export function isRetryable(error: unknown): boolean {
  return isThrottling(error) || isTransactionConflict(error);
}

/** Milliseconds to wait before attempt `attempt` (1-based retries): exponential, capped, with full jitter. */
export function backoff(attempt: number): number {
  return Math.random() * Math.min(1000, 25 * 2 ** attempt);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call`, again after a backoff while it fails with a retryable error, `attempts` times at most.
 * Each retry and each throttling answer count in the invocation's tally (its log line and the
 * DynamoDbRetries / DynamoDbThrottles metrics).
 */
export async function withRetry<T>(call: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (isThrottling(error)) count('throttles');
      if (attempt >= attempts || !isRetryable(error)) throw error;
      count('retries');
      await sleep(backoff(attempt));
    }
  }
}

/** Waits before round `attempt` of a batch call's unprocessed items (none before the first), counted as a retry. */
export async function batchRound(attempt: number): Promise<void> {
  if (!attempt) return;
  count('retries');
  await sleep(backoff(attempt));
}
