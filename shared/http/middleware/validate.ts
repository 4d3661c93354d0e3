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
import { invalidFields, type FieldError } from '../problem.ts';
import { unknownFieldMessage } from '../unknown-field.ts';

function pathOf(base: readonly PropertyKey[], key?: string): string {
  return [...base, ...(key === undefined ? [] : [key])].map(String).join('.');
}

/**
 * One `{path, message}` per invalid field. `sentNames` gives the client's spelling of top-level
 * names: an unknown field is named exactly as sent, since it has no canonical name to speak of.
 * `fields`, the input's top-level names, lets a top-level unknown field's message point at the one
 * the route takes instead (`unknownFieldMessage`). `pathNames` gives a path parameter's name in the
 * path, the one the OpenAPI document gives it (`id`, not `campaignId`).
 */
export function fieldErrors(
  error: SchemaError,
  sentNames?: ReadonlyMap<string, string>,
  fields?: ReadonlySet<string>,
  pathNames?: ReadonlyMap<string, string>,
): FieldError[] {
  const out: FieldError[] = [];
  // One line per problem: zod's int range and the schema's own maximum can say the same thing twice.
  const seen = new Set<string>();
  const add = (path: string, message: string) => {
    const line = `${path}\n${message}`;
    if (seen.has(line)) return;
    seen.add(line);
    out.push({ path, message });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const topLevel = issue.path.length === 0;
        const sent = topLevel ? (sentNames?.get(key) ?? key) : key;
        add(pathOf(issue.path, sent), unknownFieldMessage(key, topLevel ? fields : undefined));
      }
    } else {
      const [first, ...rest] = issue.path;
      const inPath = typeof first === 'string' ? pathNames?.get(first) : undefined;
      add(pathOf(inPath === undefined ? issue.path : [inPath, ...rest]), issue.message);
    }
  }
  return out;
}

export function parseInput<S extends Schema>(
  schema: S,
  raw: unknown,
  sentNames?: ReadonlyMap<string, string>,
  pathNames?: ReadonlyMap<string, string>,
): Output<S> {
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw invalidFields(fieldErrors(parsed.error, sentNames, inputFields(schema), pathNames));
  return parsed.data;
}

/**
 * The top-level field names a strict object schema accepts, or undefined for any other schema:
 * what `jsonBody` checks a large body's names against before parsing it.
 */
export function inputFields(schema: Schema): ReadonlySet<string> | undefined {
  const def = (
    schema as {
      _zod: { def: { type: string; shape?: Record<string, unknown>; catchall?: { _zod: { def: { type: string } } } } };
    }
  )._zod.def;
  if (def.type !== 'object' || def.shape === undefined || def.catchall?._zod.def.type !== 'never') return undefined;
  return new Set(Object.keys(def.shape));
}

export function validate(schema: Schema): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: (request) => {
      const state = request.context.state;
      state.input = parseInput(schema, state.rawInput, state.sentNames, state.fromPath);
    },
  };
}
