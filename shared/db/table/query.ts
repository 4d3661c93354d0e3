/**
 * Named queries: how a key condition (keys.ts `KeyCondition`, which an entity names in its
 * `queries`, entity.ts) becomes a Query request, and the reads that run one. The only place that
 * writes a key condition or filter expression: every name and value goes through the placeholders
 * of expressions.ts, and every request through the one paged, retried loop (operations.ts
 * `queryPages`).
 *
 * A query of an entity (`Memberships.query.ofUser(userId)`) carries its record mapping, so
 * `queryRecords` answers that entity's records; `queryItems` answers the stored items (a
 * projection of some attributes, or a partition of every kind). The runners are functions, not
 * methods of the query, so a bundle holds only the reads its handler makes (entity.ts says why).
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Placeholders, type Condition } from './expressions.ts';
import { isEntity, type Key, type KeyCondition } from './keys.ts';
import { batchGet, queryPages, scanPages } from './operations.ts';
import { GLOBAL_INDEXES, PARTITION_KEY, SORT_KEY } from './table-definition.ts';

type Item = Record<string, unknown>;

/** A key condition, maybe with a filter on what it reads (DynamoDB still reads, and bills, the items it filters out). */
export interface QuerySpec extends KeyCondition {
  filter?: Condition;
}

/** A named query of an entity: its condition, and the record an item of it holds. */
export interface Query<R> extends QuerySpec {
  fromItem(item: Item): R;
}

export interface ReadOptions {
  /** Descending sort-key order. */
  newestFirst?: boolean;
  /** A strongly consistent read (the table only; an index never is). */
  consistent?: boolean;
  /** Only these attributes (and the sort key, when the query keeps some kinds only). */
  attributes?: readonly string[];
}

/** The key attributes a query of `index` names: the table's pk / sk, or the index's own. */
export function keyAttributesOf(index: KeyCondition['index']): { partitionKey: string; sortKey: string } {
  if (index === 'table') return { partitionKey: PARTITION_KEY, sortKey: SORT_KEY };
  const declared = GLOBAL_INDEXES.find((i) => i.indexName === index);
  if (!declared) throw new Error(`No index ${index} in the table definition.`);
  return declared;
}

/** The Query request members of a query (all but the table name and the start key). */
export function queryInput(
  spec: QuerySpec,
  options: ReadOptions = {},
): Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> {
  const p = new Placeholders();
  const { partitionKey, sortKey } = keyAttributesOf(spec.index);
  const conditions = [`${p.name(partitionKey)} = ${p.value(spec.pk)}`];
  const sk = spec.sk;
  if (sk && 'beginsWith' in sk) conditions.push(`begins_with(${p.name(sortKey)}, ${p.value(sk.beginsWith)})`);
  if (sk && 'between' in sk)
    conditions.push(`${p.name(sortKey)} BETWEEN ${p.value(sk.between[0])} AND ${p.value(sk.between[1])}`);
  if (sk && 'before' in sk) conditions.push(`${p.name(sortKey)} < ${p.value(sk.before)}`);
  const KeyConditionExpression = conditions.join(' AND ');
  const FilterExpression = spec.filter?.(p);
  // The kinds are told apart by the table sort key: a projection keeps it.
  const attributes =
    options.attributes && spec.entities ? [...new Set([...options.attributes, SORT_KEY])] : options.attributes;
  const ProjectionExpression = attributes?.map((a) => p.path(a)).join(', ');
  return {
    ...(spec.index === 'table' ? {} : { IndexName: spec.index }),
    KeyConditionExpression,
    ...(FilterExpression ? { FilterExpression } : {}),
    ...(ProjectionExpression ? { ProjectionExpression } : {}),
    ...p.attributes(),
    ScanIndexForward: !options.newestFirst,
    ...(options.consistent ? { ConsistentRead: true } : {}),
  };
}

/** The items of the kinds the query keeps (all when it names none). */
const ofKinds = (spec: KeyCondition, items: Item[]) =>
  spec.entities ? items.filter((item) => spec.entities!.some((entity) => isEntity(item, entity))) : items;

/** The query's items page by page (DynamoDB's pages of up to 1 MB), for a caller that acts on each before reading on. */
export async function* queryItemPages(spec: QuerySpec, options: ReadOptions = {}): AsyncGenerator<Item[]> {
  for await (const page of queryPages(queryInput(spec, options))) yield ofKinds(spec, page.items);
}

/** Every item of the query, in sort-key order (or reversed). */
export async function queryItems(spec: QuerySpec, options: ReadOptions = {}): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryItemPages(spec, options)) items.push(...page);
  return items;
}

/**
 * At most `limit` items of the query, in its order, reading no further (the rest is left for a
 * later call). Counted before the kinds are kept: a query of some kinds may answer fewer.
 */
export async function queryItemsUpTo(spec: QuerySpec, limit: number, options: ReadOptions = {}): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(queryInput(spec, options), limit)) items.push(...ofKinds(spec, page.items));
  return items;
}

/** Every record of an entity's query. */
export async function queryRecords<R>(query: Query<R>, options: Omit<ReadOptions, 'attributes'> = {}): Promise<R[]> {
  return (await queryItems(query, options)).map((item) => query.fromItem(item));
}

/** At most `limit` records of an entity's query (`queryItemsUpTo`). */
export async function queryRecordsUpTo<R>(
  query: Query<R>,
  limit: number,
  options: Omit<ReadOptions, 'attributes'> = {},
): Promise<R[]> {
  return (await queryItemsUpTo(query, limit, options)).map((item) => query.fromItem(item));
}

/** Every item of the table that passes the filter, page by page: a scan, for local data only (the local runtime's fakes). */
export function scanItemPages(filter: Condition): AsyncGenerator<Item[]> {
  const p = new Placeholders();
  const FilterExpression = filter(p);
  return scanPages({ FilterExpression, ...p.attributes() });
}

/** The items of these keys in one batch, in the keys' order; an item deleted meanwhile is left out rather than returned as a hole. */
export async function itemsInOrder(pageKeys: readonly Key[]): Promise<Item[]> {
  if (!pageKeys.length) return [];
  const fetched = await batchGet([...pageKeys]);
  const byKey = new Map(fetched.map((item) => [`${item.pk}\u0000${item.sk}`, item]));
  return pageKeys.flatMap((k): Item[] => {
    const item = byKey.get(`${k.pk}\u0000${k.sk}`);
    return item ? [item] : [];
  });
}
