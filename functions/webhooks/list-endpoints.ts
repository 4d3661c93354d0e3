/** GET /v1/webhooks/endpoints — the organization's endpoints, newest first, paged (owner; never a secret). */
import * as z from 'zod/mini';
import { listEndpoints } from '../../shared/db/webhooks/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { WebhookEndpointRecord } from '../../shared/schemas/records/webhook.ts';
import { routeByKey } from '../routes/webhooks.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/webhooks/endpoints'),
  output: listReply(WebhookEndpointRecord),
  input: z.strictObject({ organizationId: Uuid, ...paging }),
  run: async ({ input: { organizationId, pageIndex, pageSize } }) =>
    list(await listEndpoints(organizationId, { pageIndex, pageSize })),
});
