/**
 * An outcome measurement and its claims: the record schemas, what the repositories return
 * (shared/db) and what the OpenAPI document shows (shared/schemas/records names them). They import
 * only zod, shared/domain and this folder, so neither shared/schemas nor shared/http reaches into
 * shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { Instant, RecordId, stored } from './fields.ts';

/** The fields a claim records, as stored on the measurement (its current values) and on each claim; changing any of them on a measurement appends a claim. */
export const claimShape = /* @__PURE__ */ lazySchema(() => ({
  outcomeDefinitionId: RecordId,
  value: z.number(),
  baselineValue: z.nullable(z.number()),
  market: z.nullable(z.string()),
  sourceMethod: z.string(),
  /** 0..1. */
  confidence: z.nullable(z.number()),
  /** YYYY-MM-DD. */
  periodStart: z.nullable(z.string()),
  periodEnd: z.nullable(z.string()),
}));

export type ClaimFields = { [F in keyof typeof claimShape]: z.infer<(typeof claimShape)[F]> };

/**
 * One recorded value of a measurement; a correction supersedes the active claim. The claim and
 * measurement records are what the repository returns and what the OpenAPI document shows
 * (shared/schemas/records/outcome.ts).
 */
export const ClaimSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...claimShape,
    id: RecordId,
    status: z.enum(['active', 'superseded']),
    supersededAt: z.nullable(Instant),
    createdAt: Instant,
    createdBy: z.nullable(z.string()),
  }),
);

export type Claim = z.infer<typeof ClaimSchema>;

export type ClaimStatus = Claim['status'];

/** A measured outcome of a campaign: its active claim's fields, the definition, and every claim, newest first. */
export const MeasurementSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    ...claimShape,
    organizationId: RecordId,
    workspaceId: RecordId,
    campaignId: RecordId,
    /** The definition's unit, joined at read time. */
    unitLabel: z.nullable(z.string()),
    definition: z.nullable(
      z.object({
        id: RecordId,
        name: z.string(),
        valueKind: z.string(),
        unitLabel: z.nullable(z.string()),
        defaultCurrency: z.nullable(z.string()),
      }),
    ),
    activeClaimId: RecordId,
    claims: z.array(ClaimSchema),
  }),
);

export type Measurement = z.infer<typeof MeasurementSchema>;
