/**
 * Low-level helpers every repository shares: complete queries, batch reads that retry
 * unprocessed keys, and reading the reasons of a cancelled transaction.
 */
import { BatchGetCommand, BatchWriteCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { isEntity, type Collection, type Entity, type IndexCollection, type Key } from './keys.ts';

type Item = Record<string, unknown>;

/** All items of a query, following `LastEvaluatedKey` to the end. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** At most `limit` items of a query, in its order, stopping there (the rest is left for a later call). */
export async function queryUpTo(limit: number, input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start, Limit: limit - items.length }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < limit);
  return items;
}

/**
 * A query's items of these kinds only (`SORT_KEYS`): the kind is read from the table sort key, so a
 * projection always includes it, and other kinds sharing the key range are dropped here — no
 * caller has to know what else a prefix or an index partition covers.
 */
async function queryKinds(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>, entities: readonly Entity[]): Promise<Item[]> {
  const projection = input.ProjectionExpression;
  const items = await queryAll({
    ...input,
    ...(projection ? { ProjectionExpression: `${projection}, #kindSk`, ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#kindSk': 'sk' } } : {}),
  });
  return items.filter((item) => entities.some((entity) => isEntity(item, entity)));
}

/** All items of a collection (`keys.*Of*`): one partition's items of its kinds under a sort-key prefix, plus any filter or projection. */
export function queryPrefix(
  collection: Collection,
  options: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'KeyConditionExpression'> = {},
): Promise<Item[]> {
  return queryKinds(
    {
      ...options,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ...options.ExpressionAttributeValues, ':pk': collection.pk, ':prefix': collection.skPrefix },
    },
    collection.entities,
  );
}

/** All items of an index collection (`keys.*Of*` on gsi2), of its kinds only. */
export function queryIndex(
  collection: IndexCollection,
  options: Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'> = {},
): Promise<Item[]> {
  return queryKinds(
    { ...options, IndexName: collection.index, KeyConditionExpression: `${collection.index}pk = :pk`, ExpressionAttributeValues: { ':pk': collection.pk } },
    collection.entities,
  );
}

const BATCH_GET_LIMIT = 100;
const MAX_ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** BatchGetItem over any number of keys; unprocessed keys are retried with backoff. Order is not kept. */
export async function batchGet(keyList: Key[]): Promise<Item[]> {
  const table = tableName();
  const found: Item[] = [];
  for (let i = 0; i < keyList.length; i += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] = keyList.slice(i, i + BATCH_GET_LIMIT).map((k) => ({ pk: k.pk, sk: k.sk }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
      if (attempt) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const out = await documentClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      found.push(...(out.Responses?.[table] ?? []));
      pending = (out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return found;
}

const BATCH_WRITE_LIMIT = 25;

/** BatchWriteItem deletes, 25 at a time, retrying unprocessed items with backoff; throws when they persist. */
export async function batchDelete(keyList: Key[]): Promise<void> {
  const table = tableName();
  for (let i = 0; i < keyList.length; i += BATCH_WRITE_LIMIT) {
    let pending = keyList.slice(i, i + BATCH_WRITE_LIMIT).map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchWrite left ${pending.length} deletes unprocessed`);
      if (attempt) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
    }
  }
}

/**
 * The cancellation reason code of each item of a failed `TransactWriteItems`
 * (`ConditionalCheckFailed`, `None`, ...), or undefined when the error is not a cancellation.
 */
export function cancellationReasons(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Strips the table's key attributes from an item, leaving the record. */
export function recordOf<T>(item: Item): T {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, gsi4pk: _g, gsi4sk: _h, ...rest } = item;
  return rest as T;
}

/**
 * What a failed condition on one item of a transaction means, as `[itemIndex, problem]` pairs in
 * the order they are checked (the first item that failed its condition, of those listed, wins).
 */
export type OnConditionFailed = readonly (readonly [index: number, problem: () => Error])[];

/**
 * TransactWriteItems; a cancellation whose listed item failed its condition throws that item's
 * problem, anything else is rethrown as it is.
 */
export async function transactWrite(
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
  onConditionFailed: OnConditionFailed = [],
): Promise<void> {
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    const failed = reasons && onConditionFailed.find(([index]) => reasons[index] === 'ConditionalCheckFailed');
    if (failed) throw failed[1]();
    throw error;
  }
}


/**
 * TransactWriteItems, retried with backoff while another transaction holds one of its items
 * (shared counters); any failed condition is thrown at once for the caller to interpret.
 */
export async function transactWriteRetrying(items: NonNullable<TransactWriteCommandInput['TransactItems']>, attempts = 6): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (attempt >= attempts - 1 || !reasons?.includes('TransactionConflict') || reasons.includes('ConditionalCheckFailed')) throw error;
      await sleep(20 * 2 ** attempt + Math.random() * 20);
    }
  }
}
