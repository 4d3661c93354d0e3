/**
 * What a handler returns. The `envelope` middleware turns it into the response body of
 * docs/decisions.md (`{data}`, `{items,totalCount,facets}`, `{count}`, plus `_meta` on Form A routes).
 * Handlers never build envelopes themselves.
 */
import type { Facets } from '../db/table/index.ts';
import type { MetaRecord } from '../schemas/records/meta.ts';
import type { DataReply, ListReply, Reply } from '../schemas/records/reply.ts';
import type { Output } from '../schemas/zod.ts';

/**
 * What a handler adds to `_meta` (Form A routes only; reporting adds `currency`, `freshness`,
 * `provenance`, `warnings`): the documented `_meta` less what the envelope sets itself, so the
 * compiler holds a handler's `_meta` to what the OpenAPI document shows.
 */
export type Meta = Omit<Output<typeof MetaRecord>, 'requestId' | 'generatedAt'>;

export interface DataResult<D = unknown> {
  kind: 'data';
  status: 200 | 201 | 202;
  data: D;
  extra?: Record<string, unknown>;
  meta?: Meta;
}
export interface ListResult<T = unknown> {
  kind: 'list';
  items: T[];
  totalCount: number;
  facets: Facets;
  meta?: Meta;
}
export interface CountResult {
  kind: 'count';
  count: number;
  meta?: Meta;
}
export type Result = DataResult | ListResult | CountResult;

/**
 * The result a handler that declares `output` must return: its records are what the record
 * schema says (the OpenAPI document shows the same schema), checked by the compiler.
 */
export type ResultOf<R extends Reply> =
  R extends DataReply<infer D>
    ? DataResult<Output<D>>
    : R extends ListReply<infer I>
      ? ListResult<Output<I>>
      : CountResult;

/** 200 `{data}`; `extra` adds top-level members such as a campaign's `mutation` receipt. */
export const ok = <D>(data: D, extra?: Record<string, unknown>): DataResult<D> => ({
  kind: 'data',
  status: 200,
  data,
  extra,
});

/** 201 `{data}` for a POST that created a record. */
export const created = <D>(data: D, extra?: Record<string, unknown>): DataResult<D> => ({
  kind: 'data',
  status: 201,
  data,
  extra,
});

/** 202 `{data}` for a POST that started work in the background. */
export const accepted = <D>(data: D): DataResult<D> => ({ kind: 'data', status: 202, data });

/** 200 `{data: {id, deleted: true}}`. */
export const deleted = (id: string, extra?: Record<string, unknown>) => ok({ id, deleted: true as const }, extra);

export const list = <T>(page: { items: T[]; totalCount: number }, facets: Facets = {}): ListResult<T> => ({
  kind: 'list',
  items: page.items,
  totalCount: page.totalCount,
  facets,
});

export const count = (n: number): CountResult => ({ kind: 'count', count: n });
