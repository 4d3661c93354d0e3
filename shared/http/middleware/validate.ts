/**
 * zod validation of the assembled input. Schemas are strict: an unknown field (a typo, or a field
 * the caller may not set) is a 400 naming that field as the client sent it. Messages come from
 * `schemas/zod.ts`.
 */
import type { MiddlewareObj } from '@middy/core';
import * as z from 'zod/mini';
// Also configures zod's English messages (a side effect of that module).
import '../../schemas/zod.ts';
import type { Output, Schema, SchemaError } from '../../schemas/zod.ts';
import type { ApiContext, ApiEvent, ApiResponse } from '../context.ts';
import { invalidInput, type FieldError } from '../problem.ts';

function pathOf(base: readonly PropertyKey[], key?: string): string {
  return [...base, ...(key === undefined ? [] : [key])].map(String).join('.');
}

/**
 * One `{path, message}` per invalid field. `sentNames` gives the client's spelling of top-level
 * names: an unknown field is named exactly as sent, since it has no canonical name to speak of.
 */
export function fieldErrors(error: SchemaError, sentNames?: ReadonlyMap<string, string>): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const sent = issue.path.length === 0 ? (sentNames?.get(key) ?? key) : key;
        out.push({ path: pathOf(issue.path, sent), message: 'Unknown field.' });
      }
    } else {
      out.push({ path: pathOf(issue.path), message: issue.message });
    }
  }
  // One line per problem: zod's int range and the schema's own maximum can say the same thing twice.
  return out.filter((e, i) => out.findIndex((o) => o.path === e.path && o.message === e.message) === i);
}

export function parseInput<S extends Schema>(schema: S, raw: unknown, sentNames?: ReadonlyMap<string, string>): Output<S> {
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, sentNames);
    const names = [...new Set(errors.map((e) => e.path || '(input)'))].join(', ');
    throw invalidInput(`Invalid input: ${names}.`, errors);
  }
  return parsed.data;
}

export function validate(schema: Schema): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: (request) => {
      const state = request.context.state;
      state.input = parseInput(schema, state.rawInput, state.sentNames);
    },
  };
}
