/**
 * What a handler answers on success, declared next to its input (`output` in `defineHandler`) so
 * that the OpenAPI document shows the returned record: the record's zod schema and the envelope
 * it travels in (docs/decisions.md "Records returned"). `_meta` is added by the route's form.
 */
import type { Schema } from '../zod.ts';

export interface DataReply<D extends Schema = Schema> {
  kind: 'data';
  status: 200 | 201 | 202;
  data: D;
  extra?: Readonly<Record<string, Schema>>;
  /** A POST that answers 201 with a new record, or 200 with the one already there (a retried link). */
  orExisting?: true;
}
export interface ListReply<I extends Schema = Schema> {
  kind: 'list';
  item: I;
}
export interface CountReply {
  kind: 'count';
}
/** A 302 to another page (the OAuth callback sends the browser back to the web client); no body. */
export interface RedirectReply {
  kind: 'redirect';
  description: string;
}
/**
 * 200 `text/html` (a page a browser opens), or with `?format=json` the same figures as `{data}`;
 * `notFound` describes the page every unknown token gets.
 */
export interface PageReply<D extends Schema = Schema> {
  kind: 'page';
  description: string;
  data: D;
  notFound: string;
}
export type Reply = DataReply | ListReply | CountReply | RedirectReply | PageReply;

/** 200 `{data}` (and top-level `extra` members, such as a campaign's `mutation` receipt). */
export const okReply = <D extends Schema>(data: D, extra?: Record<string, Schema>): DataReply<D> => ({
  kind: 'data',
  status: 200,
  data,
  ...(extra ? { extra } : {}),
});

/** 201 `{data}`: a POST that created a record. */
export const createdReply = <D extends Schema>(data: D, extra?: Record<string, Schema>): DataReply<D> => ({
  kind: 'data',
  status: 201,
  data,
  ...(extra ? { extra } : {}),
});

/** 202 `{data}`: a POST that started work in the background (an export), the record saying how it goes. */
export const acceptedReply = <D extends Schema>(data: D): DataReply<D> => ({ kind: 'data', status: 202, data });

/** 201 `{data}` with a new record, or 200 with the same record already there. */
export const createdOrExistingReply = <D extends Schema>(data: D): DataReply<D> => ({
  kind: 'data',
  status: 201,
  data,
  orExisting: true,
});

/** `{items, totalCount, facets}`. */
export const listReply = <I extends Schema>(item: I): ListReply<I> => ({ kind: 'list', item });

/** 302 with `Location`: `description` says where to. */
export const redirectReply = (description: string): RedirectReply => ({ kind: 'redirect', description });

/** An HTML page, or its figures as JSON with `?format=json`. */
export const pageReply = <D extends Schema>(description: string, data: D, notFound: string): PageReply<D> => ({
  kind: 'page',
  description,
  data,
  notFound,
});

/** `{count}`. */
export const countReply: CountReply = { kind: 'count' };

/**
 * Record schemas shown once under `components/schemas` (by name) and referenced wherever a route
 * returns them.
 */
export const namedRecords = new Map<Schema, string>();

export function named<S extends Schema>(name: string, schema: S): S {
  namedRecords.set(schema, name);
  return schema;
}
