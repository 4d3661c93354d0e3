/**
 * PATCH /v1/outcomes/measurements/:id — a change of any claim field appends a new active claim and
 * supersedes the prior one atomically; a change that changes nothing appends nothing. 200 with the
 * whole record, history included.
 */
import * as z from 'zod/mini';
import { measurementLocation, updateMeasurement } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { SourceMethod } from '../../shared/schemas/enums.ts';
import { Confidence, Market, Measure, PeriodDate } from './inputs.ts';
import { OutcomeMeasurementRecord } from '../../shared/schemas/records/outcome.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/outcomes/measurements/:id'),
  output: okReply(OutcomeMeasurementRecord),
  input: z.strictObject({
    measurementId: Uuid,
    outcomeDefinitionId: z.optional(Uuid),
    value: z.optional(Measure),
    sourceMethod: z.optional(SourceMethod),
    periodStart: z.optional(PeriodDate),
    periodEnd: z.optional(PeriodDate),
    baselineValue: z.optional(z.nullable(Measure)),
    market: z.optional(Market),
    confidence: z.optional(Confidence),
  }),
  tenantOf: recordTenant('outcomeMeasurement', 'measurementId'),
  record: measurementLocation,
  run: async ({ input: { measurementId: _id, ...changes }, tenant, record, caller }) =>
    ok(await updateMeasurement(tenant.tenantId, record, changes, caller.userId)),
});
