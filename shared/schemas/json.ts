/**
 * A free-form JSON object the caller owns (user `preferences`): stored as sent, so it must be
 * something DynamoDB stores — bounded depth (DynamoDB refuses more than 32 levels), non-empty keys,
 * and numbers it can hold (finite, safe integers, not nearer 0 than it keeps) — and small.
 */
import * as z from 'zod/mini';
import { droppable } from '../records/lazy-schema.ts';
import { numberInput } from './common.ts';

export interface JsonObjectLimits {
  /** Levels of nesting, the object itself being level 1. */
  maxDepth: number;
  /** Size of its JSON text, in bytes of UTF-8. */
  maxBytes: number;
  maxKeyLength: number;
}

/** Any number inside the document: a safe integer, or a decimal DynamoDB keeps exactly. */
const JsonNumber = /* @__PURE__ */ droppable(() => numberInput(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));

interface Finding {
  path: PropertyKey[];
  message: string;
}

function findProblem(
  value: unknown,
  depth: number,
  path: PropertyKey[],
  limits: JsonObjectLimits,
): Finding | undefined {
  if (typeof value === 'number') {
    const parsed = z.safeParse(JsonNumber, value);
    return parsed.success ? undefined : { path, message: parsed.error.issues[0]!.message };
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > limits.maxDepth) return { path, message: `Must be nested at most ${limits.maxDepth} levels deep.` };
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? [...path, Number(key)] : [...path, key];
    if (!Array.isArray(value) && (key.length === 0 || key.length > limits.maxKeyLength)) {
      return { path: at, message: `Keys must have 1 to ${limits.maxKeyLength} characters.` };
    }
    const found = findProblem(item, depth + 1, at, limits);
    if (found) return found;
  }
  return undefined;
}

export function jsonObject(limits: JsonObjectLimits) {
  return z.record(z.string(), z.unknown()).check(
    z.superRefine((value, ctx) => {
      const found = findProblem(value, 1, [], limits);
      if (found) ctx.addIssue({ code: 'custom', input: value, path: found.path, message: found.message });
      else if (Buffer.byteLength(JSON.stringify(value)) > limits.maxBytes) {
        ctx.addIssue({ code: 'custom', input: value, message: `Must be at most ${limits.maxBytes} bytes of JSON.` });
      }
    }),
  );
}
