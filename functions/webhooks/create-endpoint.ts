/**
 * POST /v1/webhooks/endpoints — registers a URL for the organization's events (owner). 201 with the
 * endpoint and its signing secret, which is shown here and on rotation only (stored sealed).
 */
import * as z from 'zod/mini';
import { createEndpoint } from '../../shared/db/webhooks/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { CreatedWebhookEndpointRecord } from '../../shared/schemas/records/webhook.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { newSecret, sealSecret } from '../../shared/webhooks/secrets.ts';
import { routeByKey } from '../routes/webhooks.ts';
import { checkedDestination, WebhookDescription, WebhookEvents, WebhookUrl } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/webhooks/endpoints'),
  output: createdReply(CreatedWebhookEndpointRecord),
  input: z.strictObject({
    organizationId: Uuid,
    url: WebhookUrl,
    events: WebhookEvents,
    enabled: z.optional(z.boolean()),
    description: z.optional(WebhookDescription),
  }),
  run: async ({ input, tenant }) => {
    const url = await checkedDestination(input.url);
    const secret = newSecret();
    const endpoint = await createEndpoint(
      tenant.tenantId,
      { url, events: input.events, enabled: input.enabled ?? true, description: input.description ?? null },
      await sealSecret(tenant.tenantId, secret),
    );
    return created({ ...endpoint, secret });
  },
});
