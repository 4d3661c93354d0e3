/**
 * PATCH /v1/webhooks/endpoints/:id — changes the URL (checked as at registration), the events, the
 * description or `enabled`; enabling clears the failures recorded. 200 with the whole endpoint.
 */
import * as z from 'zod/mini';
import { endpointFromItem, updateEndpoint } from '../../shared/db/webhooks/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { WebhookEndpointRecord } from '../../shared/schemas/records/webhook.ts';
import { routeByKey } from '../routes/webhooks.ts';
import { checkedDestination, WebhookDescription, WebhookEvents, WebhookUrl } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/webhooks/endpoints/:id'),
  output: okReply(WebhookEndpointRecord),
  input: z.strictObject({
    endpointId: Uuid,
    url: z.optional(WebhookUrl),
    events: z.optional(WebhookEvents),
    enabled: z.optional(z.boolean()),
    description: z.optional(WebhookDescription),
  }),
  tenantOf: recordTenant('webhookEndpoint', 'endpointId'),
  record: endpointFromItem,
  run: async ({ input: { endpointId, ...changes }, tenant }) => {
    if (changes.url !== undefined) await checkedDestination(changes.url);
    return ok(await updateEndpoint(tenant.tenantId, endpointId, changes));
  },
});
