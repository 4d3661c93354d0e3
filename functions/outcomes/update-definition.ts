/** PATCH /v1/outcomes/definitions/:id — updates the outcome definition, only the fields sent; 200 with the whole record (404 once deleted). */
import * as z from 'zod/mini';
import { updateOutcomeDefinition } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { ValueKind } from '../../shared/schemas/enums.ts';
import { DefaultCurrency, DefinitionName, Description, UnitLabel } from './inputs.ts';
import { OutcomeDefinitionRecord } from '../../shared/schemas/records/outcome.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/outcomes/definitions/:id'),
  output: okReply(OutcomeDefinitionRecord),
  input: z.strictObject({
    outcomeDefinitionId: Uuid,
    name: z.optional(DefinitionName),
    valueKind: z.optional(ValueKind),
    description: z.optional(Description),
    unitLabel: z.optional(UnitLabel),
    defaultCurrency: z.optional(DefaultCurrency),
  }),
  tenantOf: recordTenant('outcomeDefinition', 'outcomeDefinitionId'),
  run: async ({ input: { outcomeDefinitionId, ...changes }, tenant }) =>
    ok(await updateOutcomeDefinition(tenant.tenantId, outcomeDefinitionId, changes)),
});
