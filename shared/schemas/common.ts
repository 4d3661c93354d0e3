/**
 * Building blocks of every input schema (docs/spec/interface.md "Conventions" and "Limits").
 * Query-string values arrive as strings; the numeric and array helpers accept both the JSON
 * value and its query-string spelling.
 */
import * as z from 'zod/mini';
import { droppable, lazySchema } from '../records/lazy-schema.ts';
import { NOT_ONE_LINE } from '../domain/user-text.ts';
import type { Schema } from './zod.ts';

export const Uuid = /* @__PURE__ */ droppable(() => z.uuid());

export const Email = /* @__PURE__ */ droppable(() => z.email().check(z.maxLength(254)));

/**
 * The dates any date input may name (docs/decisions.md "Inputs"): the years 1970 to 2100. Outside them
 * a stored instant would not sort as a string (`+010000-...` sorts before `2026-...`) and no
 * record of creator marketing belongs there.
 */
export const FIRST_DATE = '1970-01-01';
export const LAST_DATE = '2100-12-31';
const YEARS = 'Must be in the years 1970 to 2100.';
const FIRST_INSTANT = Date.parse(`${FIRST_DATE}T00:00:00Z`);
const AFTER_LAST_INSTANT = Date.parse(`${LAST_DATE}T00:00:00Z`) + 86_400_000;

/**
 * ISO 8601 date-time with `Z` or an offset; stored as UTC (`toISOString`) so that sorting is by
 * instant, and that instant within the years of FIRST_DATE..LAST_DATE.
 */
export const DateTime = /* @__PURE__ */ droppable(() =>
  z.pipe(
    z.iso.datetime({ offset: true }).check(
      z.refine(
        (s) => {
          const at = Date.parse(s);
          // Not a date at all: the format's own error says so, once.
          return Number.isNaN(at) || (at >= FIRST_INSTANT && at < AFTER_LAST_INSTANT);
        },
        { error: 'Must be an instant in the years 1970 to 2100 (UTC).' },
      ),
    ),
    z.transform((s: string) => new Date(s).toISOString()),
  ),
);

/** What a multi-line text (notes, descriptions, file content) may not hold: the same, but newlines and tabs are its own. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters a text may not hold are what it matches
const NOT_MULTI_LINE = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** `YYYY-MM-DD`, a real calendar date (docs/decisions.md "Inputs": dateFrom, dateTo, startDate, periodStart...). */
export const DateOnly = /* @__PURE__ */ droppable(() =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Must be a date, YYYY-MM-DD.', abort: true }),
    z.refine(isCalendarDate, { error: 'Must be a real calendar date.', abort: true }),
    z.refine((s) => s >= FIRST_DATE && s <= LAST_DATE, { error: YEARS }),
  ),
);

function isCalendarDate(s: string): boolean {
  const day = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
}

/**
 * A one-line string of `min`..`max` characters: no control or bidi characters, trimmed, NFC-normalised.
 * `missing`: the message when it is not sent, where "Required." alone would not say why.
 */
export /* @__NO_SIDE_EFFECTS__ */ function text(min: number, max: number, missing?: string) {
  const absent =
    missing === undefined
      ? undefined
      : { error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : undefined) };
  return z.string(absent).check(
    // Checked before trimming: a trailing CR LF is refused, not silently dropped.
    z.refine((s) => !NOT_ONE_LINE.test(s), {
      error: 'Must be one line, without control or bidirectional-override characters.',
      abort: true,
    }),
    z.trim(),
    z.normalize('NFC'),
    z.minLength(min),
    z.maxLength(max),
  );
}

/**
 * A multi-line string of `min`..`max` characters: newlines and tabs allowed, other control and
 * bidi characters refused; NFC-normalised, trimmed unless `asWritten` (markdown indentation, file
 * content).
 */
export /* @__NO_SIDE_EFFECTS__ */ function multilineText(min: number, max: number, { asWritten = false } = {}) {
  return z.string().check(
    z.refine((s) => !NOT_MULTI_LINE.test(s), {
      error: 'Must not contain control characters other than newlines and tabs, or bidirectional overrides.',
      abort: true,
    }),
    ...(asWritten ? [] : [z.trim()]),
    z.normalize('NFC'),
    z.minLength(min),
    z.maxLength(max),
  );
}

/**
 * Decimal places of a number as JSON writes it (`1e-200` has 200, `10.01` has 2), from its
 * shortest round-trip spelling.
 */
export function decimalPlaces(n: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(n)).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}

/** Finer than any stored number needs; keeps every accepted value inside what DynamoDB stores (nothing nearer 0 than 1e-130). */
export const MAX_DECIMALS = 12;

/**
 * A finite JSON number in `min`..`max` (above `min` when `aboveMin`) with at most `decimals`
 * decimal places; `-0` is 0. JSON
 * cannot carry NaN, and `1e400` parses to Infinity, which `z.number` refuses.
 */
export /* @__NO_SIDE_EFFECTS__ */ function numberInput(
  min: number,
  max: number,
  { decimals = MAX_DECIMALS, aboveMin = false } = {},
) {
  return z.number().check(
    aboveMin ? z.gt(min) : z.gte(min),
    z.lte(max),
    z.refine((n) => decimalPlaces(n) <= decimals, {
      error: decimals === 0 ? 'Must be a whole number.' : `Must have at most ${decimals} decimal places.`,
    }),
    z.overwrite((n) => (n === 0 ? 0 : n)),
  );
}

/**
 * An integer given as a JSON number or a decimal query-string value, within `min`..`max` (both
 * safe integers: zod's int refuses anything past 2^53 - 1).
 */
export /* @__NO_SIDE_EFFECTS__ */ function intInput(min: number, max: number) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v)),
    // Only the type message is its own ("1.5", "abc"); bounds and "Required." are the shared ones.
    z
      .int({
        error: (issue) =>
          issue.code === 'invalid_type' && issue.input !== undefined ? 'Must be an integer.' : undefined,
      })
      .check(
        z.minimum(min),
        z.maximum(max),
        z.overwrite((n) => (n === 0 ? 0 : n)),
      ),
  );
}

/** A boolean given as JSON or as `true`/`false` in a query string. */
export const BooleanInput = /* @__PURE__ */ droppable(() =>
  z.pipe(
    z.transform((v: unknown) => (v === 'true' ? true : v === 'false' ? false : v)),
    z.boolean(),
  ),
);

/** An array given as JSON, as repeated query keys / `key[]`, or as one comma-separated value. */
export /* @__NO_SIDE_EFFECTS__ */ function arrayInput<T extends Schema>(item: T, { min = 0, max = 100 } = {}) {
  return z.pipe(
    z.transform((v: unknown) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    ),
    z.array(item).check(z.minLength(min), z.maxLength(max)),
  );
}

/** PG: `pageIndex*` (zero-based) and `pageSize*` (1-100). */
export const paging = /* @__PURE__ */ lazySchema(() => ({
  pageIndex: intInput(0, 1_000_000),
  pageSize: intInput(1, 100),
}));

export const SearchTerm = text(0, 200);
export const SortDirection = /* @__PURE__ */ droppable(() => z.enum(['asc', 'desc']));

/** SRCH: `searchTerm`, `sortBy` (one of the given columns), `sortDirection`. */
export /* @__NO_SIDE_EFFECTS__ */ function search<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    searchTerm: z.optional(SearchTerm),
    sortBy: z.optional(z.enum(columns)),
    sortDirection: z.optional(SortDirection),
  };
}
