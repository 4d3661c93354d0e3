/**
 * POST /v1/webhooks/endpoints/:id/rotate-secret — a new signing secret, shown this once; the old
 * one keeps signing deliveries beside it for 24 hours (Standard Webhooks sends both signatures), so
 * a receiver can switch without missing a delivery.
 */
import * as z from 'zod/mini';
import { endpointFromItem, rotateEndpointSecret } from '../../shared/db/webhooks/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { RotatedSecretRecord } from '../../shared/schemas/records/webhook.ts';
import { newSecret, PREVIOUS_SECRET_VALID_MS, sealSecret } from '../../shared/webhooks/secrets.ts';
import { routeByKey } from '../routes/webhooks.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/webhooks/endpoints/:id/rotate-secret'),
  output: okReply(RotatedSecretRecord),
  input: z.strictObject({ endpointId: Uuid }),
  tenantOf: recordTenant('webhookEndpoint', 'endpointId'),
  record: endpointFromItem,
  run: async ({ input, tenant }) => {
    const secret = newSecret();
    const previousSecretExpiresAt = new Date(Date.now() + PREVIOUS_SECRET_VALID_MS).toISOString();
    await rotateEndpointSecret(
      tenant.tenantId,
      input.endpointId,
      await sealSecret(tenant.tenantId, secret),
      previousSecretExpiresAt,
    );
    return ok({ secret, previousSecretExpiresAt });
  },
});
