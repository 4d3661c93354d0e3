/**
 * The entity layer (shared/db/table/entity.ts, expressions.ts) against DynamoDB Local: update expressions
 * from a changes object (reserved words, nested paths, REMOVE, ADD, if-absent), conditions, and
 * each failed condition turned into its typed domain error, single-item and in transactions.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ConflictError,
  GoneError,
  gone,
  InvalidError,
  invalidInput,
  NotFoundError,
} from '../../../shared/domain/errors.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import {
  conditionHeld,
  defineEntity,
  deleteRecord,
  getRecord,
  putRecord,
  takeRecord,
  updateRecord,
} from '../../../shared/db/table/entity.ts';
import { queryRecords } from '../../../shared/db/table/query.ts';
import {
  absent,
  all,
  any,
  compare,
  equals,
  has,
  lacks,
  Placeholders,
  updateExpression,
} from '../../../shared/db/table/expressions.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { transact } from '../../../shared/db/table/transact.ts';

/** A test entity whose fields are DynamoDB reserved words (name, status, count, ttl, data). */
const Thing = defineEntity({
  name: 'The thing',
  schema: () =>
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      count: z.number(),
      ttl: z.optional(z.number()),
      note: z.nullable(z.string()),
      data: z.object({ size: z.number(), colour: z.optional(z.string()) }),
    }),
  key: (id: string) => ({ pk: `THING#${id}`, sk: 'THING' }),
});

const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: Thing.key(id), ConsistentRead: true })))
    .Item;

async function newThing(overrides: Partial<z.infer<typeof Thing.schema>> = {}) {
  const id = randomUUID();
  const thing = { id, name: 'first', status: 'open', count: 1, note: 'n', data: { size: 2 }, ...overrides };
  await putRecord(Thing, Thing.key(id), thing, { condition: absent });
  return thing;
}

describe('updateExpression', () => {
  it('names every path segment by placeholder, skips undefined, and joins SET, REMOVE and ADD', () => {
    const p = new Placeholders();
    const expression = updateExpression(
      { set: { name: 'x', 'data.size': 3, skipped: undefined }, remove: ['ttl'], add: { count: 2 } },
      p,
    );
    expect(expression).toBe('SET #n0 = :v0, #n1.#n2 = :v1 REMOVE #n3 ADD #n4 :v2');
    expect(p.names).toEqual({ '#n0': 'name', '#n1': 'data', '#n2': 'size', '#n3': 'ttl', '#n4': 'count' });
    expect(p.values).toEqual({ ':v0': 'x', ':v1': 3, ':v2': 2 });
  });

  it('refuses an update that changes nothing', () => {
    expect(() => updateExpression({ set: { name: undefined } }, new Placeholders())).toThrow(/must change something/);
  });
});

describe('an entity', () => {
  it('puts and gets a record without its key attributes', async () => {
    const thing = await newThing();
    expect(await getRecord(Thing, Thing.key(thing.id), { consistent: true })).toEqual(thing);
    expect(await getRecord(Thing, Thing.key(randomUUID()))).toBeUndefined();
  });

  it('reads only the attributes asked for (reserved words too), and still tells a missing item', async () => {
    const thing = await newThing();
    expect(await getRecord(Thing, Thing.key(thing.id), { consistent: true, attributes: ['status', 'count'] })).toEqual({
      status: 'open',
      count: 1,
    });
    expect(await getRecord(Thing, Thing.key(thing.id), { consistent: true, attributes: ['ttl'] })).toEqual({});
    expect(await getRecord(Thing, Thing.key(randomUUID()), { attributes: ['status'] })).toBeUndefined();
  });

  it('updates reserved-word and nested attributes, stores null, removes and adds, and returns the whole record', async () => {
    const thing = await newThing({ ttl: 99 });
    const updated = await updateRecord(Thing, Thing.key(thing.id), {
      set: { name: 'second', status: 'closed', note: null, data: { size: 5, colour: 'red' } },
      remove: ['ttl'],
      add: { count: 4 },
    });
    expect(updated).toEqual({
      id: thing.id,
      name: 'second',
      status: 'closed',
      count: 5,
      note: null,
      data: { size: 5, colour: 'red' },
    });
    expect(await stored(thing.id)).toMatchObject({ pk: `THING#${thing.id}`, note: null });
    expect((await stored(thing.id))!).not.toHaveProperty('ttl');
  });

  it('sets a nested path alone, and an if-absent value only once', async () => {
    const thing = await newThing();
    // Nested paths are the builder's (the typed changes name whole fields), so reach it through a transaction item's expression.
    const p = new Placeholders();
    const expression = updateExpression({ set: { 'data.colour': 'blue' }, setIfAbsent: { ttl: 1 } }, p);
    await transact([
      { Update: { TableName: tableName(), Key: Thing.key(thing.id), UpdateExpression: expression, ...p.attributes() } },
    ]);
    await updateRecord(Thing, Thing.key(thing.id), { setIfAbsent: { ttl: 2 } });
    expect(await getRecord(Thing, Thing.key(thing.id), { consistent: true })).toMatchObject({
      data: { size: 2, colour: 'blue' },
      ttl: 1,
    });
  });

  it('applies conditions on reserved words (AND, OR, comparisons, existence)', async () => {
    const thing = await newThing();
    const key = Thing.key(thing.id);
    await updateRecord(
      Thing,
      key,
      { add: { count: 1 } },
      { condition: all(equals('status', 'open'), any(compare('count', '<', 2), lacks('ttl')), has('name')) },
    );
    await expect(
      updateRecord(Thing, key, { add: { count: 1 } }, { condition: compare('count', '>=', 10) }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await getRecord(Thing, key, { consistent: true }))!.count).toBe(2);
  });

  it('turns each failed condition into its typed error: not found, conflict, or the one the caller names', async () => {
    const thing = await newThing();
    const missing = Thing.key(randomUUID());
    await expect(updateRecord(Thing, missing, { set: { name: 'x' } })).rejects.toThrow(
      new NotFoundError('The thing was not found.'),
    );
    await expect(deleteRecord(Thing, missing)).rejects.toBeInstanceOf(NotFoundError);
    await expect(putRecord(Thing, Thing.key(thing.id), thing, { condition: absent })).rejects.toThrow(
      new ConflictError('The thing already exists.'),
    );
    await expect(
      updateRecord(
        Thing,
        Thing.key(thing.id),
        { set: { status: 'x' } },
        { condition: equals('status', 'gone'), failure: () => gone('The thing') },
      ),
    ).rejects.toBeInstanceOf(GoneError);
    await expect(
      putRecord(Thing, Thing.key(thing.id), thing, {
        condition: equals('count', 7),
        failure: () => invalidInput('Bad.'),
      }),
    ).rejects.toBeInstanceOf(InvalidError);
    await deleteRecord(Thing, Thing.key(thing.id));
    expect(await stored(thing.id)).toBeUndefined();
  });

  it('takes a record (deletes it and returns what it held) once, however many take it at once', async () => {
    const thing = await newThing({ ttl: 123 });
    const takes = await Promise.all([1, 2, 3].map(() => takeRecord(Thing, Thing.key(thing.id))));
    expect(takes.filter((t) => t !== undefined)).toEqual([thing]);
    expect(await stored(thing.id)).toBeUndefined();
    expect(await takeRecord(Thing, Thing.key(thing.id))).toBeUndefined();
  });

  it('in a transaction, the first failed item that names an error throws it, and nothing is written', async () => {
    const a = await newThing();
    const b = await newThing();
    const write = transact([
      Thing.tx.update(Thing.key(a.id), { set: { name: 'changed' } }),
      Thing.tx.check(Thing.key(b.id), {
        condition: equals('status', 'closed'),
        failure: () => gone('The other thing'),
      }),
      Thing.tx.put(Thing.key(randomUUID()), { ...a, id: 'c' }, { condition: absent }),
    ]);
    await expect(write).rejects.toThrow(new GoneError('The other thing is gone.'));
    expect((await getRecord(Thing, Thing.key(a.id), { consistent: true }))!.name).toBe('first');
    await expect(transact([Thing.tx.delete(Thing.key(randomUUID()))])).rejects.toBeInstanceOf(NotFoundError);
    await expect(transact([Thing.tx.put(Thing.key(a.id), a, { condition: absent })])).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it('conditionHeld tells a write made from one whose named condition failed, and rethrows any other error', async () => {
    const thing = await newThing();
    const key = Thing.key(thing.id);
    expect(
      await conditionHeld((failure) =>
        updateRecord(Thing, key, { set: { status: 'closed' } }, { condition: equals('status', 'open'), failure }),
      ),
    ).toBe(true);
    expect(
      await conditionHeld((failure) =>
        updateRecord(Thing, key, { set: { status: 'again' } }, { condition: equals('status', 'open'), failure }),
      ),
    ).toBe(false);
    expect((await getRecord(Thing, key, { consistent: true }))!.status).toBe('closed');
    // A failure it did not name (here the default not-found of another write) is an error, not a `false`.
    await expect(
      conditionHeld(() => updateRecord(Thing, Thing.key(randomUUID()), { set: { name: 'x' } })),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await conditionHeld((failure) => transact([Thing.tx.put(key, thing, { condition: absent, failure })]))).toBe(
      false,
    );
  });

  it('queries a collection (its kinds only) in key order or newest first', async () => {
    const tenantId = randomUUID();
    const entityId = randomUUID();
    const Note = defineEntity({
      name: 'The note',
      schema: () => z.object({ id: z.string(), createdAt: z.string() }),
      key: (createdAt: string, id: string) => keys.note(tenantId, 'activity', entityId, createdAt, id),
      queries: { ofEntity: () => collections.notesOfEntity(tenantId, 'activity', entityId) },
    });
    const times = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z'];
    for (const [i, createdAt] of times.entries())
      await putRecord(Note, Note.key(createdAt, `n${i}`), { id: `n${i}`, createdAt }, {}, { gsi1pk: 'ignored' });
    expect((await queryRecords(Note.query.ofEntity())).map((n) => n.id)).toEqual(['n0', 'n1', 'n2']);
    expect(await queryRecords(Note.query.ofEntity(), { newestFirst: true })).toEqual(
      [...times.entries()].reverse().map(([i, createdAt]) => ({ id: `n${i}`, createdAt })),
    );
  });

  it('writes its declared index entries with every put, from the record, and starts its declared counters at 0', async () => {
    const Item = defineEntity({
      name: 'The item',
      schema: () =>
        z.object({
          id: z.string(),
          name: z.string(),
          listed: z.boolean(),
          count: z.number(),
          other: z.number(),
          spend: z.custom<Record<string, number>>(),
        }),
      key: (id: string) => ({ pk: `ITEM#${id}`, sk: 'ITEM' }),
      indexes: (item) => (item.listed ? { gsi2pk: 'ITEMS_BY_NAME', gsi2sk: `${item.name}#${item.id}` } : {}),
      counters: ['count', 'other'],
    });
    expect(Item.emptyCounters()).toEqual({ count: 0, other: 0, spend: {} });
    const id = randomUUID();
    const raw = async () =>
      (await documentClient().send(new GetCommand({ TableName: tableName(), Key: Item.key(id), ConsistentRead: true })))
        .Item;
    await putRecord(Item, Item.key(id), { id, name: 'b', listed: true, ...Item.emptyCounters() });
    expect(await raw()).toMatchObject({ gsi2pk: 'ITEMS_BY_NAME', gsi2sk: `b#${id}`, count: 0, other: 0, spend: {} });
    // A put rewrites the entries from the record it writes: renamed, then unlisted (its entry gone).
    await transact([Item.tx.put(Item.key(id), { id, name: 'a', listed: true, ...Item.emptyCounters() })]);
    expect((await raw())!.gsi2sk).toBe(`a#${id}`);
    await putRecord(Item, Item.key(id), { id, name: 'a', listed: false, ...Item.emptyCounters() });
    expect(await raw()).not.toHaveProperty('gsi2pk');
    // The record read back has neither keys nor index attributes.
    expect(await getRecord(Item, Item.key(id), { consistent: true })).toEqual({
      id,
      name: 'a',
      listed: false,
      count: 0,
      other: 0,
      spend: {},
    });
  });
});
