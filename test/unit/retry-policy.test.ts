/**
 * The data layer's one retry policy (shared/db/table/retry.ts) on its failure paths, with the document
 * client mocked: a transaction that lost a race is tried again (and given up after the attempts), a
 * failed condition is never retried and becomes the item's typed error, throttling is left to the
 * SDK's own retries, and every loop of a request, however nested, draws on one retry budget that
 * ends with time left to answer.
 */
import {
  ConditionalCheckFailedException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ConflictError, NotFoundError } from '../../shared/domain/errors.ts';
import { defineEntity, getRecord, updateRecord } from '../../shared/db/table/entity.ts';
import { dynamoClient, resetClients, SDK_ATTEMPTS } from '../../shared/db/table/client.ts';
import { ATTEMPTS, isRetryable, rounds, withRetry } from '../../shared/db/table/retry.ts';
import { transact } from '../../shared/db/table/transact.ts';
import { ANSWER_MARGIN_MS, enterInvocation, inInvocation, REQUEST_RETRIES } from '../../shared/support/invocation.ts';

const $metadata = {};
const throttled = () => new ThrottlingException({ $metadata, message: 'Rate exceeded' });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    $metadata,
    message: 'Transaction cancelled',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const Thing = defineEntity({
  name: 'The thing',
  schema: () => z.object({ id: z.string() }),
  key: (id: string) => ({ pk: `T#${id}`, sk: 'T' }),
});

let ddb: ReturnType<typeof mockClient>;
beforeEach(() => {
  ddb = mockClient(DynamoDBDocumentClient);
  // Backoff waits are real timers; make them instant so the test measures decisions, not time.
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void) => {
    fn();
    return 0;
  }) as never);
});
afterEach(() => {
  ddb.restore();
  vi.restoreAllMocks();
});

describe('what is retryable', () => {
  it("a transaction conflict without a failed condition; not throttling (the SDK's), not a failed condition, not validation", () => {
    expect(isRetryable(throttled())).toBe(false);
    expect(isRetryable(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isRetryable(cancelled('TransactionConflict', 'ConditionalCheckFailed'))).toBe(false);
    expect(isRetryable(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isRetryable(new ConditionalCheckFailedException({ $metadata, message: 'x' }))).toBe(false);
    expect(isRetryable(Object.assign(new Error('x'), { name: 'ValidationException' }))).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});

describe('withRetry', () => {
  it('leaves throttling to the SDK: a throttled call (its retries spent) is thrown at once and counted', async () => {
    ddb.on(GetCommand).rejects(throttled());
    await inInvocation(async (invocation) => {
      await expect(getRecord(Thing, Thing.key('1'))).rejects.toBeInstanceOf(ThrottlingException);
      expect(invocation.tally).toMatchObject({ throttles: 1, retries: 0 });
    });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
  });

  it('the SDK client retries throttling itself, in standard mode', async () => {
    resetClients();
    expect(await dynamoClient().config.maxAttempts()).toBe(SDK_ATTEMPTS);
    expect(dynamoClient().config.retryMode).toBe('standard');
    resetClients();
  });

  it('does not retry what is not retryable', async () => {
    const call = vi.fn().mockRejectedValue(new Error('boom'));
    await expect(withRetry(call)).rejects.toThrow('boom');
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('transactions under the policy', () => {
  it('a TransactionConflict is tried again until the transaction goes through', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolves({});
    await transact([Thing.tx.update(Thing.key('1'), { set: { id: '1' } })]);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it("a ConditionalCheckFailed is not retried, even beside a conflict: the failed item's typed error, at once", async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'ConditionalCheckFailed'));
    const write = transact([
      Thing.tx.check(Thing.key('1')),
      Thing.tx.put(Thing.key('2'), { id: '2' }, { condition: () => 'attribute_not_exists(pk)' }),
    ]);
    await expect(write).rejects.toBeInstanceOf(ConflictError);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it("a single-item write's failed condition is its typed error, not retried", async () => {
    ddb
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ $metadata, message: 'The conditional request failed' }));
    await expect(updateRecord(Thing, Thing.key('1'), { set: { id: '1' } })).rejects.toBeInstanceOf(NotFoundError);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('a conflict that lasts is given up after the attempts and rethrown as it is', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transact([Thing.tx.delete(Thing.key('1'))])).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(ATTEMPTS);
  });
});

describe('one retry budget per request', () => {
  const conflicting = () => ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
  /** A read-then-write loop around a transaction, as a cost write is: two loops, nested. */
  const nested = async () => {
    for await (const _round of rounds()) {
      try {
        await transact([Thing.tx.delete(Thing.key('1'))]);
        return;
      } catch {
        // lost again: the outer loop's next round
      }
    }
    throw new Error('gave up');
  };

  it('outside a request, each loop has its own attempts: nested loops multiply', async () => {
    conflicting();
    await expect(nested()).rejects.toThrow('gave up');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(ATTEMPTS * ATTEMPTS);
  });

  it('in a request, nested loops share one budget: the first attempt and REQUEST_RETRIES more, in all', async () => {
    conflicting();
    await inInvocationOfRequest(async () => {
      await expect(nested()).rejects.toThrow('gave up');
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1 + REQUEST_RETRIES);
  });

  it('no retry starts within the time kept to answer', async () => {
    conflicting();
    await inInvocationOfRequest(async () => {
      await expect(transact([Thing.tx.delete(Thing.key('1'))])).rejects.toBeInstanceOf(TransactionCanceledException);
    }, ANSWER_MARGIN_MS - 1);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('a job has no count but its time: each of its loops gets its attempts', async () => {
    conflicting();
    await inInvocation(async () => {
      await expect(transact([Thing.tx.delete(Thing.key('1'))])).rejects.toBeInstanceOf(TransactionCanceledException);
      await expect(transact([Thing.tx.delete(Thing.key('2'))])).rejects.toBeInstanceOf(TransactionCanceledException);
    }, 60_000);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2 * ATTEMPTS);
  });
});

/** Runs `work` as a request's invocation does (observe.ts enters it with the context's remaining time), in an async context of its own. */
async function inInvocationOfRequest(work: () => Promise<void>, remainingMs = 29_000): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    setImmediate(() => {
      enterInvocation(remainingMs);
      work().then(resolve, reject);
    });
  });
}
