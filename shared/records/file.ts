/**
 * The file record: the record schemas, what the repositories return (shared/db) and what the
 * OpenAPI document shows (shared/schemas/records names them). They import only zod, shared/domain
 * and this folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { ENTITY_TYPES, RecordId, stored } from './fields.ts';

export const FILE_CONTENT_TYPES = ['text/markdown', 'text/plain', 'text/csv'] as const;

/** The file record (its metadata): what the repository returns, and what the OpenAPI document shows (shared/schemas/records/file.ts). */
export const FileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    /** The tenant, under both of its names (docs/decisions.md: one id space). */
    organizationId: RecordId,
    workspaceId: RecordId,
    ownerType: z.enum(ENTITY_TYPES),
    ownerId: RecordId,
    fileName: z.string(),
    contentType: z.enum(FILE_CONTENT_TYPES),
    description: z.nullable(z.string()),
    sizeBytes: z.int(),
    createdBy: z.string(),
    createdByName: z.nullable(z.string()),
    /** `ai_assistant` when an agent token wrote it (RFC 8693 `act` claim), else `person`. */
    createdByType: z.enum(['person', 'ai_assistant']),
  }),
);
