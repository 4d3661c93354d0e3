/**
 * Building blocks of every input schema (interface.md "Conventions" and "Limits").
 * Query-string values arrive as strings; the numeric and array helpers accept both the JSON
 * value and its query-string spelling.
 */
import * as z from 'zod/mini';
import type { Schema } from './zod.ts';

export const Uuid = z.uuid({ error: 'Must be a UUID.' });

export const Email = z.email({ error: 'Must be a valid email address.' }).check(z.maxLength(254));

/** ISO 8601 date-time with `Z` or an offset; stored as UTC (`toISOString`) so that sorting is by instant. */
export const DateTime = z.pipe(
  z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time with Z or an offset.' }),
  z.transform((s: string) => new Date(s).toISOString()),
);

/** A string, trimmed, of `min`..`max` characters. */
export function text(min: number, max: number) {
  return z.string().check(z.trim(), z.minLength(min), z.maxLength(max));
}

/** An integer given as a JSON number or a decimal query-string value. */
export function intInput(min: number, max: number) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v)),
    z.int({ error: 'Must be an integer.' }).check(z.minimum(min), z.maximum(max)),
  );
}

/** A boolean given as JSON or as `true`/`false` in a query string. */
export const BooleanInput = z.pipe(
  z.transform((v: unknown) => (v === 'true' ? true : v === 'false' ? false : v)),
  z.boolean(),
);

/** An array given as JSON, as repeated query keys / `key[]`, or as one comma-separated value. */
export function arrayInput<T extends Schema>(item: T, { min = 0, max = 100 } = {}) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v)),
    z.array(item).check(z.minLength(min), z.maxLength(max)),
  );
}

/** PG: `pageIndex*` (zero-based) and `pageSize*` (1-100). */
export const paging = {
  pageIndex: intInput(0, 1_000_000),
  pageSize: intInput(1, 100),
};

export const SearchTerm = text(0, 200);
export const SortDirection = z.enum(['asc', 'desc']);

/** SRCH: `searchTerm`, `sortBy` (one of the given columns), `sortDirection`. */
export function search<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    searchTerm: z.optional(SearchTerm),
    sortBy: z.optional(z.enum(columns)),
    sortDirection: z.optional(SortDirection),
  };
}
