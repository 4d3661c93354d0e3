/** GET /v1/webhooks/endpoints/:id — one endpoint (read in the authorization batch; never its secret). */
import * as z from 'zod/mini';
import { endpointFromItem } from '../../shared/db/webhooks/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { WebhookEndpointRecord } from '../../shared/schemas/records/webhook.ts';
import { routeByKey } from '../routes/webhooks.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/webhooks/endpoints/:id'),
  output: okReply(WebhookEndpointRecord),
  input: z.strictObject({ endpointId: Uuid }),
  tenantOf: recordTenant('webhookEndpoint', 'endpointId'),
  record: endpointFromItem,
  run: async ({ record }) => ok(record),
});
