/**
 * Building blocks of every input schema (interface.md "Conventions" and "Limits").
 * Query-string values arrive as strings; the numeric and array helpers accept both the JSON
 * value and its query-string spelling.
 */
import { z } from 'zod';

export const Uuid = z.uuid({ message: 'Must be a UUID.' });

export const Email = z.email({ message: 'Must be a valid email address.' }).max(254);

/** An integer given as a JSON number or a decimal query-string value. */
export function intInput(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ message: 'Must be an integer.' }).int({ message: 'Must be an integer.' }).min(min).max(max),
  );
}

/** A boolean given as JSON or as `true`/`false` in a query string. */
export const BooleanInput = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** An array given as JSON, as repeated query keys / `key[]`, or as one comma-separated value. */
export function arrayInput<T extends z.ZodType>(item: T, { min = 0, max = 100 } = {}) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(item).min(min).max(max),
  );
}

/** PG: `pageIndex*` (zero-based) and `pageSize*` (1-100). */
export const paging = {
  pageIndex: intInput(0, 1_000_000),
  pageSize: intInput(1, 100),
};

export const SearchTerm = z.string().trim().max(200);
export const SortDirection = z.enum(['asc', 'desc']);

/** SRCH: `searchTerm`, `sortBy` (one of the given columns), `sortDirection`. */
export function search<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    searchTerm: SearchTerm.optional(),
    sortBy: z.enum(columns).optional(),
    sortDirection: SortDirection.optional(),
  };
}

/** A string that may be null (to clear it) with a length range. */
export function nullableText(min: number, max: number) {
  return z.string().trim().min(min).max(max).nullable();
}
