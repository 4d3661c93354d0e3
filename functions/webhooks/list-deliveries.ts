/**
 * GET /v1/webhooks/endpoints/:id/deliveries — the endpoint's delivery log, newest first, paged:
 * each delivery's event, status, attempts and last outcome (never a response body).
 */
import * as z from 'zod/mini';
import { deliveriesPage, endpointFromItem } from '../../shared/db/webhooks/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { WebhookDeliveryRecord } from '../../shared/schemas/records/webhook.ts';
import { routeByKey } from '../routes/webhooks.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/webhooks/endpoints/:id/deliveries'),
  output: listReply(WebhookDeliveryRecord),
  input: z.strictObject({ endpointId: Uuid, ...paging }),
  tenantOf: recordTenant('webhookEndpoint', 'endpointId'),
  record: endpointFromItem,
  run: async ({ input: { endpointId, pageIndex, pageSize }, tenant }) =>
    list(await deliveriesPage(tenant.tenantId, endpointId, { pageIndex, pageSize })),
});
