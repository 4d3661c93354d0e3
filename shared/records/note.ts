/**
 * The note record: the record schemas, what the repositories return (shared/db) and what the
 * OpenAPI document shows (shared/schemas/records names them). They import only zod, shared/domain
 * and this folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { ENTITY_TYPES, RecordId, stored } from './fields.ts';

/** The note record: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/note.ts). */
export const NoteSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    /** The tenant, under both of its names (docs/decisions.md: one id space). */
    organizationId: RecordId,
    workspaceId: RecordId,
    entityType: z.enum(ENTITY_TYPES),
    entityId: RecordId,
    content: z.string(),
    createdBy: z.nullable(z.string()),
    createdByName: z.nullable(z.string()),
  }),
);

export type Note = z.infer<typeof NoteSchema>;
