/**
 * The export record (docs/exports.md): a background job writing one list or report history of an
 * organization into a CSV or JSON file, downloaded through a presigned URL. What the repository
 * returns (shared/db/exports) and what the OpenAPI document shows (shared/schemas/records/export.ts).
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { Instant, RecordId } from './fields.ts';

/** The lists and report histories an export can hold (functions/exports/sources.ts names each one's route). */
export const EXPORT_KINDS = [
  'creators',
  'activities',
  'costs',
  'campaigns',
  'outcome_measurements',
  'organization_metrics_history',
  'campaign_metrics_history',
  'creator_metrics_history',
  'activity_metrics_history',
  'spend_history',
  'analytics_history',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Why an export failed: the RFC 9457 problem document the list route would have answered (or `internal`). */
export const ExportProblemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    code: z.string(),
    errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
);

export const ExportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: RecordId,
    organizationId: RecordId,
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    /** The list route's query filters, as validated by that route's query schema. */
    filters: z.record(z.string(), z.unknown()),
    status: z.enum(EXPORT_STATUSES),
    /** Records written; null until the export succeeded. */
    rowCount: z.nullable(z.int()),
    createdAt: Instant,
    /** When it succeeded or failed; null before. */
    completedAt: z.nullable(Instant),
    /** Until when the file is kept (7 days after it was written); null before it succeeded. */
    expiresAt: z.nullable(Instant),
    error: z.nullable(ExportProblemSchema),
  }),
);
export type ExportRecord = z.infer<typeof ExportSchema>;
