/**
 * The one retry policy of the data layer: what is worth trying again, and how long to wait.
 *
 * Retried here: a transaction that lost a race with another on one of its items
 * (`TransactionConflict`) while no condition of it failed (a cancelled transaction wrote nothing and
 * its conditions are evaluated again, so trying the same items again is safe), and the rounds of a
 * read-then-write loop whose read went stale (`rounds`). Throttling is the SDK's own retries' to
 * handle (its standard mode, with its backoff and retry quota); when they give up, the request
 * answers 429 and the caller retries. Never retried: a failed condition (the caller's answer: not
 * found, conflict, ...), validation errors, anything else.
 *
 * Every retry, however nested its loop, draws on the invocation's one budget
 * (shared/support/invocation.ts `takeRetry`): a number of retries per request, and none that would
 * start past the time kept to answer. So a write that keeps losing answers 409 `conflict` in time.
 *
 * Batch calls use `backoff` between rounds of unprocessed items, which are not errors.
 */
import { count, takeRetry } from '../../support/invocation.ts';

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

/** How many attempts one loop gets in all (the first one included), within the invocation's budget. */
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
  return reasons?.includes('TransactionConflict') === true && !reasons.includes('ConditionalCheckFailed');
}

/** What this policy tries again (throttling is the SDK's: see above). */
export function isRetryable(error: unknown): boolean {
  return isTransactionConflict(error);
}

/** Milliseconds to wait before attempt `attempt` (1-based retries): exponential, capped, with full jitter. */
export function backoff(attempt: number): number {
  return Math.random() * Math.min(1000, 25 * 2 ** attempt);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After failed attempt `attempt` of a loop: waits a backoff and answers true when the loop may try
 * again (within its `attempts` and the invocation's budget), false at once when not. Each retry counts
 * in the invocation's tally (its log line and the DynamoDbRetries metric).
 */
export async function retryAgain(attempt: number, attempts = ATTEMPTS): Promise<boolean> {
  const wait = backoff(attempt);
  if (attempt >= attempts || !takeRetry(wait)) return false;
  count('retries');
  await sleep(wait);
  return true;
}

/**
 * The rounds of a read-then-write loop (`for await (const _ of rounds())`): the first at once, each
 * further one after `retryAgain`; the loop ends when the budget does, and the caller answers 409.
 */
export async function* rounds(attempts = ATTEMPTS): AsyncGenerator<number> {
  for (let attempt = 1; ; attempt++) {
    yield attempt;
    if (!(await retryAgain(attempt, attempts))) return;
  }
}

/**
 * Runs `call`, again while it fails with a transaction conflict, `attempts` times at most and within
 * the invocation's budget. A throttling answer (the SDK's retries spent) counts in the tally (the
 * DynamoDbThrottles metric) and is thrown as it is.
 */
export async function withRetry<T>(call: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (isThrottling(error)) count('throttles');
      if (!isRetryable(error) || !(await retryAgain(attempt, attempts))) throw error;
    }
  }
}

/** Waits before round `attempt` of a batch call's unprocessed items (none before the first), counted as a retry. */
export async function batchRound(attempt: number): Promise<void> {
  if (!attempt) return;
  count('retries');
  await sleep(backoff(attempt));
}
