/**
 * zod -> JSON Schema (draft 2020-12, what OpenAPI 3.1 uses), with zod 4's own converter. Inputs
 * are described as the client sends them (`io: 'input'`: before transforms); records as the
 * service returns them. Refinements JSON Schema cannot say (one-line text, decimal places) are
 * left to the descriptions; a transform alone becomes "any". The bounds the service holds without
 * a zod check of their own are written out (bounds.ts), so a reader sees the limit of every input.
 */
import * as z from 'zod/mini';
import type { Schema } from '../../shared/schemas/zod.ts';
import { declareBounds } from './bounds.ts';

/** JSON as the generator builds and rewrites it (the document's objects, the schemas zod writes), member by member at any depth. */
// biome-ignore lint/suspicious/noExplicitAny: JSON of any shape, read and rewritten by key at any depth: the generator's one untyped alias
export type Json = Record<string, any>;
export type JsonSchema = Json;

export function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ jsonSchema: out }) => {
      // A bound of Infinity (a size checked elsewhere, in bytes) is no bound: JSON would write it as null.
      for (const [keyword, value] of Object.entries(out))
        if (value === Infinity || value === -Infinity) delete (out as JsonSchema)[keyword];
      declareBounds(out as JsonSchema, io);
    },
  }) as JsonSchema;
  return rest;
}
