/**
 * zod validation of the assembled input. Schemas are strict: an unknown field (a typo, or a field
 * the caller may not set) is a 400 naming that field.
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

export function fieldErrors(error: SchemaError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: pathOf(issue.path, key), message: 'Unknown field.' });
    } else {
      out.push({ path: pathOf(issue.path), message: issue.message });
    }
  }
  return out;
}

export function parseInput<S extends Schema>(schema: S, raw: unknown): Output<S> {
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const names = [...new Set(errors.map((e) => e.path || '(input)'))].join(', ');
    throw invalidInput(`Invalid input: ${names}.`, errors);
  }
  return parsed.data;
}

export function validate(schema: Schema): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: (request) => {
      const state = request.context.state;
      state.input = parseInput(schema, state.rawInput);
    },
  };
}
