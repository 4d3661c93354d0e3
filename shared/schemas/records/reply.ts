/**
 * What a handler answers on success, declared next to its input (`output` in `defineHandler`) so
 * that the OpenAPI document shows the returned record: the record's zod schema and the envelope
 * it travels in (DECISIONS.md "Records returned"). `_meta` is added by the route's form.
 */
import type { Schema } from '../zod.ts';

export type Reply =
  | { kind: 'data'; status: 200 | 201; data: Schema; extra?: Readonly<Record<string, Schema>> }
  | { kind: 'list'; item: Schema }
  | { kind: 'count' };

/** 200 `{data}` (and top-level `extra` members, such as a campaign's `mutation` receipt). */
export const okReply = (data: Schema, extra?: Record<string, Schema>): Reply => ({ kind: 'data', status: 200, data, ...(extra ? { extra } : {}) });

/** 201 `{data}`: a POST that created a record. */
export const createdReply = (data: Schema, extra?: Record<string, Schema>): Reply => ({ kind: 'data', status: 201, data, ...(extra ? { extra } : {}) });

/** `{items, totalCount, facets}`. */
export const listReply = (item: Schema): Reply => ({ kind: 'list', item });

/** `{count}`. */
export const countReply: Reply = { kind: 'count' };

/**
 * Record schemas shown once under `components/schemas` (by name) and referenced wherever a route
 * returns them.
 */
export const namedRecords = new Map<Schema, string>();

export function named<S extends Schema>(name: string, schema: S): S {
  namedRecords.set(schema, name);
  return schema;
}
