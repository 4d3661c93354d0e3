/**
 * What a handler returns. The `envelope` middleware turns it into the response body of
 * DECISIONS.md (`{data}`, `{items,totalCount,facets}`, `{count}`, plus `_meta` on Form A routes).
 * Handlers never build envelopes themselves.
 */
import type { Facets } from '../db/paging.ts';

/** Extra `_meta` members (reporting adds `currency`, `freshness`, `warnings`); Form A routes only. */
export type Meta = Record<string, unknown>;

export type Result = (
  | { kind: 'data'; status: 200 | 201; data: unknown; extra?: Record<string, unknown> }
  | { kind: 'list'; items: unknown[]; totalCount: number; facets: Facets }
  | { kind: 'count'; count: number }
) & { meta?: Meta };

/** 200 `{data}`; `extra` adds top-level members such as a campaign's `mutation` receipt. */
export const ok = (data: unknown, extra?: Record<string, unknown>): Result => ({ kind: 'data', status: 200, data, extra });

/** 201 `{data}` for a POST that created a record. */
export const created = (data: unknown, extra?: Record<string, unknown>): Result => ({ kind: 'data', status: 201, data, extra });

/** 200 `{data: {id, deleted: true}}`. */
export const deleted = (id: string, extra?: Record<string, unknown>): Result => ok({ id, deleted: true }, extra);

export const list = (page: { items: unknown[]; totalCount: number }, facets: Facets = {}): Result => ({
  kind: 'list',
  items: page.items,
  totalCount: page.totalCount,
  facets,
});

export const count = (n: number): Result => ({ kind: 'count', count: n });
