/**
 * The data layer's one retry policy (shared/db/table/retry.ts) on its failure paths, with the document
 * client mocked: throttling and a transaction that lost a race are tried again (and given up after
 * the attempts), a failed condition is never retried and becomes the item's typed error.
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
import { ATTEMPTS, isRetryable, withRetry } from '../../shared/db/table/retry.ts';
import { transact } from '../../shared/db/table/transact.ts';

const $metadata = {};
const throttled = () => new ThrottlingException({ $metadata, message: 'Rate exceeded' });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ $metadata, message: 'Transaction cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });

const Thing = defineEntity({ name: 'The thing', schema: () => z.object({ id: z.string() }), key: (id: string) => ({ pk: `T#${id}`, sk: 'T' }) });

let ddb: ReturnType<typeof mockClient>;
beforeEach(() => {
  ddb = mockClient(DynamoDBDocumentClient);
  // Backoff waits are real timers; make them instant so the test measures decisions, not time.
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void) => (fn(), 0)) as never);
});
afterEach(() => {
  ddb.restore();
  vi.restoreAllMocks();
});

describe('what is retryable', () => {
  it('throttling and a transaction conflict without a failed condition; not a failed condition, not validation', () => {
    expect(isRetryable(throttled())).toBe(true);
    expect(isRetryable(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isRetryable(cancelled('TransactionConflict', 'ConditionalCheckFailed'))).toBe(false);
    expect(isRetryable(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isRetryable(new ConditionalCheckFailedException({ $metadata, message: 'x' }))).toBe(false);
    expect(isRetryable(Object.assign(new Error('x'), { name: 'ValidationException' }))).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});

describe('withRetry', () => {
  it('gets a throttled read through on a later attempt', async () => {
    ddb.on(GetCommand).rejectsOnce(throttled()).rejectsOnce(throttled()).resolves({ Item: { pk: 'T#1', sk: 'T', id: '1' } });
    expect(await getRecord(Thing, Thing.key('1'))).toEqual({ id: '1' });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(3);
  });

  it('gives up after its attempts and throws the last error', async () => {
    ddb.on(GetCommand).rejects(throttled());
    await expect(getRecord(Thing, Thing.key('1'))).rejects.toBeInstanceOf(ThrottlingException);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(ATTEMPTS);
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

  it('a ConditionalCheckFailed is not retried, even beside a conflict: the failed item\'s typed error, at once', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'ConditionalCheckFailed'));
    const write = transact([Thing.tx.check(Thing.key('1')), Thing.tx.put(Thing.key('2'), { id: '2' }, { condition: () => 'attribute_not_exists(pk)' })]);
    await expect(write).rejects.toBeInstanceOf(ConflictError);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('a single-item write\'s failed condition is its typed error, not retried', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ $metadata, message: 'The conditional request failed' }));
    await expect(updateRecord(Thing, Thing.key('1'), { set: { id: '1' } })).rejects.toBeInstanceOf(NotFoundError);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('a conflict that lasts is given up after the attempts and rethrown as it is', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transact([Thing.tx.delete(Thing.key('1'))])).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(ATTEMPTS);
  });
});
