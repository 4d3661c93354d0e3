/** DELETE /v1/webhooks/endpoints/:id — removes the endpoint, its pointer and its delivery log. */
import * as z from 'zod/mini';
import { deleteEndpoint, endpointFromItem } from '../../shared/db/webhooks/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/webhooks.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/webhooks/endpoints/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ endpointId: Uuid }),
  tenantOf: recordTenant('webhookEndpoint', 'endpointId'),
  record: endpointFromItem,
  run: async ({ input, tenant }) => {
    await deleteEndpoint(tenant.tenantId, input.endpointId);
    return deleted(input.endpointId);
  },
});
