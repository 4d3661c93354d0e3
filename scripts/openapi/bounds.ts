/**
 * The limits the service holds that zod's JSON Schema does not write out, declared on each schema
 * node of the document (the OWASP API Security rules, .spectral.yaml, ask every input for one):
 * - an integer is a JavaScript safe integer (zod's `int()` accepts no other; the service writes no
 *   other), so it fits `int64`, or `int32` when its bounds say so;
 * - a UUID is 36 characters, and a string whose pattern fixes its length (`YYYY-MM-DD`, a currency
 *   code) is at most that long;
 * - a request body is at most 1 MiB (shared/http/middleware/json-body.ts, 413 beyond), so no
 *   string of an input is longer than that, and no array holds more than half as many items (each
 *   takes at least two bytes of JSON).
 */
import { MAX_BODY_BYTES } from '../../shared/http/middleware/json-body.ts';
import type { JsonSchema } from './json-schema.ts';

type Node = JsonSchema;

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

const types = (node: Node): string[] => (Array.isArray(node.type) ? node.type : [node.type]);

export function declareBounds(node: Node, io: 'input' | 'output'): void {
  const kinds = types(node);
  if (kinds.includes('integer')) integerBounds(node);
  if (kinds.includes('string') && node.maxLength === undefined && node.enum === undefined && node.const === undefined) {
    const max = node.format === 'uuid' ? 36 : patternMaxLength(node.pattern);
    if (max !== undefined) node.maxLength = max;
    else if (io === 'input') node.maxLength = MAX_BODY_BYTES;
  }
  if (kinds.includes('array') && node.maxItems === undefined && io === 'input') node.maxItems = MAX_BODY_BYTES / 2;
}

function integerBounds(node: Node): void {
  if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = Number.MIN_SAFE_INTEGER;
  if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = Number.MAX_SAFE_INTEGER;
  const low = node.minimum ?? node.exclusiveMinimum;
  const high = node.maximum ?? node.exclusiveMaximum;
  node.format ??= low >= INT32.min && high <= INT32.max ? 'int32' : 'int64';
}

/**
 * The longest string a simple anchored pattern matches (`^\d{4}-\d{2}-\d{2}$`: 10;
 * `^cs_[A-Za-z0-9_]{1,250}$`: 253), or undefined for any pattern it cannot bound (alternation,
 * groups, `*`, `+`).
 */
export function patternMaxLength(pattern: unknown): number | undefined {
  if (typeof pattern !== 'string' || !pattern.startsWith('^') || !pattern.endsWith('$')) return undefined;
  const body = pattern.slice(1, -1);
  // One atom: an escape, a class, or a literal character; then an optional {n} / {n,m} / ?.
  const atom = /\\[dDwWsS.\-\\/]|\\[^dDwWsS]|\[(?:\\.|[^\]\\])+\]|[^\\[\](){}|*+?^$.]/y;
  const quantifier = /\{(\d+)(?:,(\d+))?\}|\?/y;
  let length = 0;
  let at = 0;
  while (at < body.length) {
    atom.lastIndex = at;
    if (!atom.exec(body)) return undefined;
    at = atom.lastIndex;
    quantifier.lastIndex = at;
    const q = quantifier.exec(body);
    if (q) {
      at = quantifier.lastIndex;
      if (q[0] === '?') length += 1;
      else if (q[2] !== undefined) length += Number(q[2]);
      else if (q[0].includes(',')) return undefined;
      else length += Number(q[1]);
    } else length += 1;
  }
  return length;
}
