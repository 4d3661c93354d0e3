/** POST /v1/outcomes/definitions — a new outcome definition of the tenant (201). */
import * as z from 'zod/mini';
import { createOutcomeDefinition } from '../../shared/db/evidence/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { ValueKind } from '../../shared/schemas/enums.ts';
import { DefaultCurrency, DefinitionName, Description, UnitLabel } from './inputs.ts';
import { OutcomeDefinitionRecord } from '../../shared/schemas/records/outcome.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/outcomes/definitions'),
  output: createdReply(OutcomeDefinitionRecord),
  input: z.strictObject({
    organizationId: Uuid,
    name: DefinitionName,
    valueKind: ValueKind,
    description: z.optional(Description),
    unitLabel: z.optional(UnitLabel),
    defaultCurrency: z.optional(DefaultCurrency),
  }),
  run: async ({ input: { organizationId, ...definition } }) =>
    created(await createOutcomeDefinition(organizationId, definition)),
});
