/** DELETE /v1/outcomes/measurements/:id — deletes the measurement (soft delete); the definition's active count drops with it, the claims stay stored. */
import * as z from 'zod/mini';
import { deleteMeasurement, measurementLocation } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/outcomes/measurements/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ measurementId: Uuid }),
  tenantOf: recordTenant('outcomeMeasurement', 'measurementId'),
  record: measurementLocation,
  run: async ({ input, tenant, record }) => {
    await deleteMeasurement(tenant.tenantId, record);
    return deleted(input.measurementId);
  },
});
