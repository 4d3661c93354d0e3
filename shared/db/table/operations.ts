/**
 * Low-level helpers every repository shares: the one Query loop (query.ts builds its requests from
 * key conditions), batch reads and writes that retry unprocessed keys; all under the one retry
 * policy (retry.ts).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  ScanCommand,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import type { Key } from './keys.ts';
import { batchRound, cancellationReasons, withRetry } from './retry.ts';

export { cancellationReasons };

type Item = Record<string, unknown>;

/** One page of a query's answer: its items, and where the next page starts (none after the last). */
export interface QueryPage {
  items: Item[];
  count: number;
  next?: Record<string, unknown>;
}

/**
 * The one Query loop: the pages of a request (query.ts builds it from a key condition), each under
 * the retry policy, following `LastEvaluatedKey` to the end, or until `limit` items were read (each
 * request then asks for no more than are left). `start` resumes after an earlier page.
 */
export async function* queryPages(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  limit?: number,
  start?: Record<string, unknown>,
): AsyncGenerator<QueryPage> {
  let read = 0;
  do {
    const left = limit === undefined ? {} : { Limit: limit - read };
    const page = await withRetry(() =>
      documentClient().send(new QueryCommand({ ...input, ...left, TableName: tableName(), ExclusiveStartKey: start })),
    );
    const items = page.Items ?? [];
    read += items.length;
    start = page.LastEvaluatedKey;
    yield { items, count: page.Count ?? items.length, ...(start ? { next: start } : {}) };
  } while (start && (limit === undefined || read < limit));
}

/** The one Scan loop, for the maintenance reads that must see every item (reindex.ts) and the local fakes: every page, each under the retry policy. */
export async function* scanPages(
  input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'> = {},
): AsyncGenerator<Item[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await withRetry(() =>
      documentClient().send(new ScanCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start })),
    );
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

const BATCH_GET_LIMIT = 100;
const MAX_ATTEMPTS = 8;

/**
 * BatchGetItem over any number of keys, each read once (DynamoDB refuses a whole request that
 * names a key twice, so callers may pass repeats); unprocessed keys are retried with backoff. Order
 * is not kept. `consistent` reads strongly (at twice the read units), for a read a conditioned
 * write acts on.
 */
export async function batchGet(keyList: Key[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const table = tableName();
  const distinct = [...new Map(keyList.map((k) => [JSON.stringify([k.pk, k.sk]), { pk: k.pk, sk: k.sk }])).values()];
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < distinct.length; i += BATCH_GET_LIMIT) chunks.push(distinct.slice(i, i + BATCH_GET_LIMIT));
  // The requests of 100 keys each go out together: the read takes one round trip, not one per 100 keys.
  const read = async (chunk: Record<string, unknown>[]) => {
    const found: Item[] = [];
    let pending = chunk;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
      await batchRound(attempt);
      const out = await withRetry(() =>
        documentClient().send(
          new BatchGetCommand({
            RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistent ?? false } },
          }),
        ),
      );
      found.push(...(out.Responses?.[table] ?? []));
      pending = (out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
    return found;
  };
  return (await Promise.all(chunks.map(read))).flat();
}

const BATCH_WRITE_LIMIT = 25;

/** BatchWriteItem requests, 25 at a time, retrying unprocessed items with backoff; throws when they persist. */
async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  const table = tableName();
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(i, i + BATCH_WRITE_LIMIT);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchWrite left ${pending.length} writes unprocessed`);
      await batchRound(attempt);
      const out = await withRetry(() =>
        documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } })),
      );
      pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
    }
  }
}

/** BatchWriteItem deletes of any number of keys. */
export const batchDelete = (keyList: Key[]): Promise<void> =>
  batchWrite(keyList.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })));

/** BatchWriteItem puts (whole-item replacements) of any number of items. */
export const batchPut = (items: Item[]): Promise<void> => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Strips the table's key attributes from an item, leaving the record. */
export function recordOf<T>(item: Item): T {
  const record: Item = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete record[attribute];
  return record as T;
}

/**
 * The table's key and index attributes: on the item, never part of a record. (gsi7 and gsi8 sort
 * by `impressions` and `engagement`, which are the creator record's own counters: not listed.)
 */
export const KEY_ATTRIBUTES = [
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'gsi4pk',
  'gsi4sk',
  'gsi5pk',
  'gsi5sk',
  'gsi6pk',
  'gsi6sk',
  'creatorFiguresPk',
] as const;
export type IndexAttribute = (typeof KEY_ATTRIBUTES)[number];
