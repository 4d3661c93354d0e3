/**
 * Low-level helpers every repository shares: complete queries, batch reads that retry
 * unprocessed keys, and transactions; all under the one retry policy (retry.ts).
 */
import { BatchGetCommand, BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { isEntity, type Collection, type Entity, type IndexCollection, type Key } from './keys.ts';
import { batchRound, cancellationReasons, withRetry } from './retry.ts';

export { cancellationReasons };

type Item = Record<string, unknown>;

/** All items of a query, following `LastEvaluatedKey` to the end. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await withRetry(() => documentClient().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start })));
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
    const page = await withRetry(() =>
      documentClient().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start, Limit: limit - items.length })),
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
      const out = await withRetry(() => documentClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistent ?? false } } })));
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
      const out = await withRetry(() => documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } })));
      pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
    }
  }
}

/** BatchWriteItem deletes of any number of keys. */
export const batchDelete = (keyList: Key[]): Promise<void> => batchWrite(keyList.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })));

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
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', 'gsi5pk', 'gsi5sk', 'gsi6pk', 'gsi6sk', 'creatorFiguresPk'] as const;
export type IndexAttribute = (typeof KEY_ATTRIBUTES)[number];
