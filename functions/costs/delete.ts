/** DELETE /v1/activities/costs/:id — deletes the cost, permanently; subtracted from every aggregate in the same transaction. */
import * as z from 'zod/mini';
import { deleteCost, storedCostFromItem } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/activities/costs/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ costId: Uuid }),
  tenantOf: recordTenant('cost', 'costId'),
  record: storedCostFromItem,
  run: async ({ input, tenant, record }) => {
    await deleteCost(tenant.tenantId, record);
    return deleted(input.costId);
  },
});
