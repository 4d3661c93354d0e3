/**
 * POST /v1/outcomes/measurements — a measurement of a campaign with its first evidence claim (201);
 * 404 when the campaign or a live definition is not in the tenant.
 */
import * as z from 'zod/mini';
import { createMeasurement } from '../../shared/db/evidence/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { SourceMethod } from '../../shared/schemas/enums.ts';
import { Confidence, Market, Measure, PeriodDate } from './inputs.ts';
import { OutcomeMeasurementRecord } from '../../shared/schemas/records/outcome.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/outcomes/measurements'),
  output: createdReply(OutcomeMeasurementRecord),
  input: z.strictObject({
    organizationId: Uuid,
    campaignId: Uuid,
    outcomeDefinitionId: Uuid,
    value: Measure,
    sourceMethod: SourceMethod,
    periodStart: z.optional(PeriodDate),
    periodEnd: z.optional(PeriodDate),
    baselineValue: z.optional(z.nullable(Measure)),
    market: z.optional(Market),
    confidence: z.optional(Confidence),
  }),
  run: async ({ input: { organizationId, campaignId, ...fields }, caller }) =>
    created(await createMeasurement(organizationId, campaignId, fields, caller.userId)),
});
