/**
 * Zod Mini, the tree-shakable API of the zod package, is the service's schema library: the
 * classic API ships ~440 KB into every function bundle, Mini only what a schema uses. Import it
 * as `import * as z from 'zod/mini'` in each module (re-exporting the namespace would defeat
 * tree-shaking). Mini loads no locale by itself: importing this module configures the service's
 * messages, once; `validate.ts` does, so every request parses with them. They word every issue
 * code, so no zod locale is loaded at all (its English one is 2.7 KB in every bundle: the cold-start targets, test/bench/RESULTS.md).
 */
import { config } from 'zod/mini';
import type * as core from 'zod/v4/core';

/** Any schema; what `defineHandler` and `parseInput` accept. */
export type Schema = core.$ZodType;
export type Output<S extends Schema> = core.output<S>;
export type SchemaError = core.$ZodError;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
};

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'a UUID',
  email: 'a valid email address',
  datetime: 'an ISO 8601 date-time with Z or an offset',
  date: 'a date, YYYY-MM-DD',
};

/** What a string format other than FORMAT_NAMES's asks, worded from the issue. */
function formatMessage(issue: core.$ZodRawIssue<core.$ZodIssueInvalidStringFormat>): string {
  const named = FORMAT_NAMES[issue.format];
  if (named) return `Must be ${named}.`;
  switch (issue.format) {
    case 'url':
      return 'Must be a URL.';
    case 'regex':
      return `Must match the pattern ${String(issue.pattern)}.`;
    case 'starts_with':
      return `Must start with "${String(issue.prefix)}".`;
    case 'ends_with':
      return `Must end with "${String(issue.suffix)}".`;
    case 'includes':
      return `Must include "${String(issue.includes)}".`;
    default:
      return `Must be a valid ${issue.format}.`;
  }
}

const plural = (n: number | bigint, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a size bound counts: characters of a string, items of an array, the value of a number. */
function bound(origin: string, limit: number | bigint, inclusive: boolean | undefined, side: 'least' | 'most'): string {
  if (origin === 'string') return `Must be at ${side} ${plural(limit, 'character')}.`;
  if (origin === 'array' || origin === 'set') return `Must have at ${side} ${plural(limit, 'item')}.`;
  if (inclusive === false) return `Must be ${side === 'least' ? 'greater' : 'less'} than ${limit}.`;
  return `Must be at ${side} ${limit}.`;
}

/**
 * The service's message for every kind of issue: what is wrong and what is accepted
 * ("Required.", "Must be at most 100.", "Must be one of: asc, desc."), never zod's generic
 * "Invalid input". A schema's own `error` still wins (zod asks it first).
 */
export function issueMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required.';
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'Must not be empty.';
      return bound(issue.origin, issue.minimum, issue.inclusive, 'least');
    case 'too_big':
      return bound(issue.origin, issue.maximum, issue.inclusive, 'most');
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${String(issue.values[0])}.`
        : `Must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return formatMessage(issue);
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return 'Unknown field.';
    case 'invalid_union':
      return 'Must match one of the accepted forms.';
    case 'invalid_key':
      return 'Has a key that is not accepted.';
    case 'invalid_element':
      return 'Has an item that is not accepted.';
    default:
      // `custom`: a refinement without its own message (ours all have one).
      return 'Invalid value.';
  }
}

config({ customError: issueMessage });
