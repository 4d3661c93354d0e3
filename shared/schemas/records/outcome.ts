/** The outcome definition record (Reported outcomes group). */
import * as z from 'zod/mini';
import { OutcomeDefinitionSchema } from '../../db/outcome-definitions.ts';
import { stored } from './common.ts';
import { named } from './reply.ts';

export const OutcomeDefinitionRecord = named('OutcomeDefinition', OutcomeDefinitionSchema);

const claimFields = {
  outcomeDefinitionId: z.uuid(),
  value: z.number(),
  baselineValue: z.nullable(z.number()),
  market: z.nullable(z.string()),
  sourceMethod: z.string(),
  /** 0..1. */
  confidence: z.nullable(z.number()),
  /** YYYY-MM-DD. */
  periodStart: z.nullable(z.string()),
  periodEnd: z.nullable(z.string()),
};

/** One recorded value of a measurement; a correction supersedes the active claim. */
const Claim = z.object({
  ...claimFields,
  id: z.uuid(),
  status: z.enum(['active', 'superseded']),
  supersededAt: z.nullable(z.iso.datetime()),
  createdAt: z.iso.datetime(),
  createdBy: z.nullable(z.string()),
});

/** A measured outcome of a campaign: its active claim's fields, the definition, and every claim, newest first. */
export const OutcomeMeasurementRecord = named(
  'OutcomeMeasurement',
  z.object({
    ...stored,
    ...claimFields,
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    campaignId: z.uuid(),
    unitLabel: z.nullable(z.string()),
    definition: z.nullable(z.object({ id: z.uuid(), name: z.string(), valueKind: z.string(), unitLabel: z.nullable(z.string()), defaultCurrency: z.nullable(z.string()) })),
    activeClaimId: z.uuid(),
    claims: z.array(Claim),
  }),
);
