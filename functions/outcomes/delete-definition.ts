/** DELETE /v1/outcomes/definitions/:id — deletes the outcome definition (soft delete); 409 while live measurements use the definition. */
import * as z from 'zod/mini';
import { deleteOutcomeDefinition } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/outcomes/definitions/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ outcomeDefinitionId: Uuid }),
  tenantOf: recordTenant('outcomeDefinition', 'outcomeDefinitionId'),
  run: async ({ input, tenant }) => {
    await deleteOutcomeDefinition(tenant.tenantId, input.outcomeDefinitionId);
    return deleted(input.outcomeDefinitionId);
  },
});
