/**
 * The entity layer: one declaration per kind of item (its zod record schema, its key builder from
 * keys.ts, the index entries written with it, the counters its aggregate transactions ADD to, its
 * name in errors) gives its record type, its item-to-record mapping and the transaction items of
 * its writes (`Entity.tx.*`); `getRecord`, `putRecord`, `updateRecord` (from a changes
 * object), `deleteRecord`, `takeRecord` (a delete returning the record) take the entity, and its named
 * queries (`queries`, run by query.ts's `queryRecords` and the like) read its records (functions, so that a bundle holds only
 * the SDK commands its handler reaches). Every write goes through the one expression builder
 * (expressions.ts) and the one retry policy (retry.ts); a failed condition becomes the typed domain
 * error the caller names (or the entity's not-found / conflict by default), never an SDK error.
 *
 * Our own small layer, not ElectroDB or dynamodb-toolbox: measured on an esbuild bundle of the
 * document client plus one entity's get, update and query (minified, as infra/bundling.ts builds),
 * ElectroDB 3.9 adds ~288 KB and dynamodb-toolbox 2.10 ~80 KB to the 342 KB the client alone
 * weighs; in a real handler (users/get) this file, expressions.ts and retry.ts add ~2.8 KB. Repositories keep only what is specific to them:
 * the multi-item transactions that move aggregates, claims and links.
 *
 * Records are not parsed on read: every item is written through its entity (or the repository's
 * own transaction built from the same record type), and parsing each item of a list would cost
 * CPU on every request for a check the writes already make. The schema is the record's type
 * (`z.infer`) and its declared shape for the OpenAPI document.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import { conflict, notFound } from '../../domain/errors.ts';
import { lazySchema } from '../../records/lazy-schema.ts';
import { documentClient, tableName } from './client.ts';
import { exists, Placeholders, updateExpression, type Condition, type UpdateChanges } from './expressions.ts';
import type { Key } from './keys.ts';
import { isConditionFailure, recordOf as stripKeys, type IndexAttribute } from './operations.ts';
import type { Query, QuerySpec } from './query.ts';
import { NUMBER_KEY_ATTRIBUTES } from './table-definition.ts';
import { withRetry } from './retry.ts';
import type { TransactItem } from './transact.ts';

type Item = Record<string, unknown>;

/** The condition of a write, and the domain error it failing means. */
export interface Guard {
  /** Left out: the write's default (put: none; update, delete, check: the item exists). `null`: none at all. */
  condition?: Condition | null;
  failure?: () => Error;
}

/** What an update of record type R may change: its own fields, and its index attributes. */
export interface Changes<R> {
  set?: Partial<R> & Partial<Record<IndexAttribute, string>>;
  setIfAbsent?: Partial<R> & Partial<Record<IndexAttribute, string>>;
  remove?: readonly (Extract<keyof R, string> | IndexAttribute)[];
  add?: Partial<Record<Extract<keyof R, string>, number>>;
}

/** Index attributes (gsi*pk / gsi*sk) of an item. */
export type IndexKeys = Partial<Record<IndexAttribute, string>>;

/** An entity's access patterns by name: each gives the key condition (keys.ts) of its arguments, maybe with a filter. */
export type QueryDeclarations = Record<string, (...args: never[]) => QuerySpec>;

/** The named queries of an entity of record R: the same arguments, answering its records (query.ts runs them). */
export type NamedQueries<Q extends QueryDeclarations, R> = {
  readonly [K in keyof Q]: (...args: Parameters<Q[K]>) => Query<R>;
};

export interface EntityDeclaration<
  S extends z.ZodMiniType,
  A extends unknown[],
  C extends string,
  Q extends QueryDeclarations,
> {
  /** How errors name it: "The note" (was not found). */
  name: string;
  /**
   * The stored item's shape (the record the repository returns, and what only writers read); the item
   * is it plus the keys. A function, built when first read (lazySchema): no request parses with it.
   */
  schema: () => S;
  /**
   * The Number index keys (`NUMBER_KEY_ATTRIBUTES`) its schema allows as null, declared rather than
   * read off the schema so that no request builds it (`nullableNumberKeys`; test/unit/lazy-schemas.test.ts holds
   * the two equal for every entity).
   */
  nullableNumberKeys?: readonly string[];
  /** Its key, from keys.ts. */
  key: (...args: A) => Key;
  /**
   * Its entries in the secondary indexes (keys.ts composites, from the record): written with every
   * put of it. An update does not read the record, so one that changes an attribute an entry is
   * built from sets that entry itself (`Changes.set` takes index attributes; a rename does).
   */
  indexes?: (record: z.infer<S>) => IndexKeys;
  /**
   * Its stored aggregate (aggregates.ts): the counters the transactions of other records ADD to,
   * and `spend` per currency. A new record starts them at 0 and with no spend (`Entity.emptyCounters`).
   */
  counters?: readonly C[];
  /**
   * Its access patterns by name, the way ElectroDB's indexes are named (`Memberships.query.ofUser(userId)`):
   * each a key condition from keys.ts on the table or one index, of this entity's items. The
   * table-definition test holds the table's indexes against these declarations.
   */
  queries?: Q;
}

/**
 * Every entity declared so far (in the modules imported): its name, key builder and named queries,
 * which the entity tests hold against the table definition and against each other (one entity per
 * key builder). Nothing at run time reads it.
 */
export const DECLARED_ENTITIES: { name: string; key: (...args: never[]) => Key; queries: QueryDeclarations }[] = [];

/** Every entity and projection made so far, with its schema and declared null keys (test/unit/lazy-schemas.test.ts reads them). */
export const ENTITY_SHAPES: { name: string; schema: z.ZodMiniType; nullableNumberKeys: readonly string[] }[] = [];

/**
 * The Number index keys (gsi7 `impressions`, gsi8 `engagement`) a record may hold as null (a
 * snapshot of a platform that gives no impressions): DynamoDB refuses any item holding a Number
 * key attribute as another type, null included, whether or not the item is in that index. A put
 * leaves such a null out, and the read gives it back as null. An entity declares them
 * (`EntityDeclaration.nullableNumberKeys`); this reads them off its schema, for that test.
 */
export function nullableNumberKeys(schema: z.ZodMiniType): string[] {
  const shape = (schema as { shape?: Record<string, z.ZodMiniType> }).shape ?? {};
  return NUMBER_KEY_ATTRIBUTES.filter((name) => {
    const field = shape[name];
    if (!field) return false;
    const result = field['~standard'].validate(null);
    return !(result instanceof Promise) && !result.issues;
  });
}

/** The item without the nulls DynamoDB would refuse (`nullableNumberKeys`). */
function withoutNullKeys<T extends Item>(item: T, nullable: readonly string[]): T {
  if (!nullable.some((name) => item[name] === null)) return item;
  return Object.fromEntries(
    Object.entries(item).filter(([name, value]) => !(value === null && nullable.includes(name))),
  ) as T;
}

/** The condition of a write that by default needs the item to exist. */
const orExists = (condition: Condition | null | undefined) => (condition === undefined ? exists : condition);

export function defineEntity<
  S extends z.ZodMiniType<Item>,
  A extends unknown[],
  C extends string = never,
  Q extends QueryDeclarations = Record<never, never>,
>(declaration: EntityDeclaration<S, A, C, Q>) {
  DECLARED_ENTITIES.push({
    name: declaration.name,
    key: declaration.key as unknown as (...args: never[]) => Key,
    queries: declaration.queries ?? {},
  });
  return entityOf(declaration);
}

/**
 * A named projection of a declared entity: its item as one module reads or conditions on it (a
 * narrower schema), under the entity's own name and key builder. Each key is declared by one
 * entity; a module that needs part of another's item reads it through this, not a key of its own.
 * A projection declares no nullable Number keys (none reads the snapshot, the one entity with them;
 * test/unit/lazy-schemas.test.ts would say so).
 */
export function defineProjection<S extends z.ZodMiniType<Item>, A extends unknown[]>(
  of: { name: string; key: (...args: A) => Key },
  schema: () => S,
) {
  return entityOf({ name: of.name, schema, key: of.key });
}

function entityOf<
  S extends z.ZodMiniType<Item>,
  A extends unknown[],
  C extends string = never,
  Q extends QueryDeclarations = Record<never, never>,
>(declaration: EntityDeclaration<S, A, C, Q>) {
  type R = z.infer<S>;
  const { name, indexes, counters = [] } = declaration;
  const schema = lazySchema(declaration.schema);
  const nullKeys = declaration.nullableNumberKeys ?? [];
  ENTITY_SHAPES.push({ name, schema, nullableNumberKeys: nullKeys });
  const missing = () => notFound(name);
  const taken = () => conflict(`${name} already exists.`);

  /** The expression members of a condition (with its placeholders), or nothing without one. */
  function conditionOf(condition: Condition | null | undefined, p = new Placeholders()) {
    return condition ? { ConditionExpression: condition(p), ...p.attributes() } : {};
  }

  function putItem(key: Key, record: R, guard: Guard, extra: Item) {
    return {
      TableName: tableName(),
      Item: withoutNullKeys({ ...key, ...indexes?.(record), ...extra, ...record }, nullKeys),
      ...conditionOf(guard.condition),
    };
  }

  /** Update members; by default the item must exist (an update never creates a half record). */
  function updateItem(key: Key, changes: Changes<R>, guard: Guard) {
    const p = new Placeholders();
    const UpdateExpression = updateExpression(changes as UpdateChanges, p);
    const condition = orExists(guard.condition);
    return {
      TableName: tableName(),
      Key: key,
      UpdateExpression,
      ...(condition ? { ConditionExpression: condition(p) } : {}),
      ...p.attributes(),
    };
  }

  const fromItem = (item: Item): R =>
    stripKeys<R>(
      nullKeys.some((k) => !(k in item)) ? { ...Object.fromEntries(nullKeys.map((k) => [k, null])), ...item } : item,
    );
  const queries = declaration.queries ?? ({} as Q);
  const query = Object.fromEntries(
    Object.entries(queries).map(([pattern, condition]) => [
      pattern,
      (...args: never[]) => ({ ...condition(...args), fromItem }),
    ]),
  ) as unknown as NamedQueries<Q, R>;

  return {
    name,
    schema,
    key: declaration.key,
    /** Its not-found error, for a read that finds nothing usable. */
    missing,
    /** The counters it declares (what a backfill starts at 0 where absent, reindex.ts). */
    counters: counters as readonly string[],
    /** The counters of a new record: each at 0, and `spend: {}` (ADD on `spend.<currency>` needs the map to exist). */
    emptyCounters: () => ({
      ...(Object.fromEntries(counters.map((c) => [c, 0])) as Record<C, number>),
      spend: {} as Record<string, number>,
    }),

    /** Its index entries for a record, as every put writes them (none when it declares none): what a backfill compares items with (reindex.ts). */
    indexes: (record: R): IndexKeys => indexes?.(record) ?? {},

    /** The record an item holds (its key and index attributes left out). */
    fromItem,

    /** Its access patterns by name (`queries`), each answering its records through query.ts's runners. */
    query,

    /** Transaction items of the same writes, each carrying the error its failed condition means. */
    tx: {
      put: (key: Key, record: R, guard: Guard = {}, extra: Item = {}) => ({
        Put: putItem(key, record, guard, extra),
        ...(guard.condition ? { failure: guard.failure ?? taken } : {}),
      }),
      update: (key: Key, changes: Changes<R>, guard: Guard = {}) => ({
        Update: updateItem(key, changes, guard),
        ...(guard.condition !== null ? { failure: guard.failure ?? missing } : {}),
      }),
      delete: (key: Key, guard: Guard = {}) => ({
        Delete: { TableName: tableName(), Key: key, ...conditionOf(orExists(guard.condition)) },
        ...(guard.condition !== null ? { failure: guard.failure ?? missing } : {}),
      }),
      check: (key: Key, guard: Guard & { condition?: Condition } = {}): TransactItem => {
        const p = new Placeholders();
        return {
          ConditionCheck: {
            TableName: tableName(),
            Key: key,
            ConditionExpression: (guard.condition ?? exists)(p),
            ...p.attributes(),
          },
          failure: guard.failure ?? missing,
        };
      },
    },
  };
}

/**
 * The single-item calls are functions taking the entity, not its methods: a bundle then holds only
 * the SDK commands its handler's code reaches (esbuild drops unused functions, never an object's
 * unused methods), so a handler that only reads carries no Put/Update/Delete command.
 */
export interface EntityOf<R> {
  fromItem(item: Item): R;
  tx: {
    put(key: Key, record: R, guard?: Guard, extra?: Item): { Put: PutCommandInput; failure?: () => Error };
    update(key: Key, changes: Changes<R>, guard?: Guard): { Update: UpdateCommandInput; failure?: () => Error };
    delete(key: Key, guard?: Guard): { Delete: DeleteCommandInput; failure?: () => Error };
  };
}

/** Runs a single-item write, turning its failed condition into the item's error (rethrown when it names none). */
async function guarded<T>(write: () => Promise<T>, failure: (() => Error) | undefined): Promise<T> {
  try {
    return await withRetry(write);
  } catch (error) {
    if (failure && isConditionFailure(error)) throw failure();
    throw error;
  }
}

/**
 * Whether a conditional write was made: false when its condition failed, for the writes where that
 * is an expected answer (a race lost to an equal write, a repeat) rather than an error. `write`
 * names the failure it is given as its guard's.
 */
export async function conditionHeld(write: (failure: () => Error) => Promise<unknown>): Promise<boolean> {
  const failed = new Error('The condition failed.');
  try {
    await write(() => failed);
    return true;
  } catch (error) {
    if (error === failed) return false;
    throw error;
  }
}

/**
 * The record, or undefined. `attributes` reads only those (and the key): for an entity declared
 * as a view of a larger item (its schema names only what the caller needs), so the read stays small.
 */
export async function getRecord<R>(
  entity: EntityOf<R>,
  key: Key,
  options: { consistent?: boolean; attributes?: readonly (keyof R & string)[] } = {},
): Promise<R | undefined> {
  const p = new Placeholders();
  const projection = options.attributes
    ? { ProjectionExpression: ['pk', ...options.attributes].map((a) => p.path(a)).join(', '), ...p.attributes() }
    : {};
  const out = await withRetry(() =>
    documentClient().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: options.consistent ?? false, ...projection }),
    ),
  );
  return out.Item ? entity.fromItem(out.Item) : undefined;
}

/** Writes the record (plus `extra` index attributes); a failed condition throws the guard's error (conflict by default). */
export async function putRecord<R>(
  entity: EntityOf<R>,
  key: Key,
  record: R,
  guard: Guard = {},
  extra: Item = {},
): Promise<void> {
  const { Put, failure } = entity.tx.put(key, record, guard, extra);
  await guarded(() => documentClient().send(new PutCommand(Put)), failure);
}

/** Applies the changes to an existing item (not found by default) and returns the whole updated record. */
export async function updateRecord<R>(
  entity: EntityOf<R>,
  key: Key,
  changes: Changes<R>,
  guard: Guard = {},
): Promise<R> {
  const { Update, failure } = entity.tx.update(key, changes, guard);
  const out = await guarded(
    () => documentClient().send(new UpdateCommand({ ...Update, ReturnValues: 'ALL_NEW' })),
    failure,
  );
  return entity.fromItem(out.Attributes ?? {});
}

/**
 * Applies the changes to an existing item (not found by default) and returns nothing (`ReturnValues`
 * NONE): for a caller allowed to write some attributes and read back none of them (an IAM
 * `dynamodb:Attributes` grant, as the report page's view count has).
 */
export async function applyChanges<R>(
  entity: EntityOf<R>,
  key: Key,
  changes: Changes<R>,
  guard: Guard = {},
): Promise<void> {
  const { Update, failure } = entity.tx.update(key, changes, guard);
  await guarded(() => documentClient().send(new UpdateCommand(Update)), failure);
}

/** Deletes the item, which must exist unless the guard says otherwise (not found by default). */
export async function deleteRecord<R>(entity: EntityOf<R>, key: Key, guard: Guard = {}): Promise<void> {
  const { Delete, failure } = entity.tx.delete(key, guard);
  await guarded(() => documentClient().send(new DeleteCommand(Delete)), failure);
}

/**
 * Deletes the item and returns the record it held, or undefined when there was none: a delete
 * conditioned on the item, so that of concurrent takes of one item exactly one gets it (a
 * single-use token; an unconditioned delete can hand the old item to more than one). A function
 * apart from `deleteRecord`, so that only the bundles that take an item carry it.
 */
export async function takeRecord<R>(entity: EntityOf<R>, key: Key): Promise<R | undefined> {
  const { Delete } = entity.tx.delete(key);
  try {
    const out = await withRetry(() => documentClient().send(new DeleteCommand({ ...Delete, ReturnValues: 'ALL_OLD' })));
    return entity.fromItem(out.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
