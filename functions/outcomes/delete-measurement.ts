/** DELETE /v1/outcomes/measurements/:id — soft delete; the definition's active count drops with it, the claims stay stored. */
import * as z from 'zod/mini';
import { deleteMeasurement, measurementLocation } from '../../shared/db/outcome-measurements.ts';
import { recordTenant } from '../../shared/db/records.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/outcomes/measurements/:id'),
  input: z.strictObject({ measurementId: Uuid }),
  tenantOf: recordTenant('outcomeMeasurement', 'measurementId'),
  record: measurementLocation,
  run: async ({ input, tenant, record }) => {
    await deleteMeasurement(tenant.tenantId, record);
    return deleted(input.measurementId);
  },
});
