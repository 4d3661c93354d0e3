/**
 * POST /v1/webhooks/deliveries/:id/replay — sends a delivery again: the same message (same
 * `webhook-id`, same body), freshly signed, as a new round of attempts with the usual retries.
 * 202 with the delivery, pending; 409 when its endpoint is disabled (enable it first); 429 with
 * Retry-After past 10 replays to one endpoint a minute (docs/webhooks.md).
 */
import * as z from 'zod/mini';
import { deliveryFromItem, getStoredEndpoint, restartDelivery } from '../../shared/db/webhooks/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict } from '../../shared/http/problem.ts';
import { accepted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { acceptedReply } from '../../shared/schemas/records/reply.ts';
import { WebhookDeliveryRecord } from '../../shared/schemas/records/webhook.ts';
import { queueDeliveries } from '../../shared/integrations/webhook-queue/index.ts';
import { routeByKey } from '../routes/webhooks.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/webhooks/deliveries/:id/replay'),
  output: acceptedReply(WebhookDeliveryRecord),
  input: z.strictObject({ deliveryId: Uuid }),
  tenantOf: recordTenant('webhookDelivery', 'deliveryId'),
  record: deliveryFromItem,
  run: async ({ record, tenant }) => {
    const endpoint = await getStoredEndpoint(tenant.tenantId, record.endpointId);
    if (!endpoint?.enabled) throw conflict("The delivery's endpoint is disabled: enable it before replaying.");
    const delivery = await restartDelivery(record);
    await queueDeliveries([{ tenantId: tenant.tenantId, deliveryId: delivery.id }]);
    return accepted(delivery);
  },
});
