/** The webhook endpoint and delivery records (Webhooks group). */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { Instant } from '../../records/fields.ts';
import { WebhookDeliverySchema, WebhookEndpointSchema } from '../../records/webhook.ts';
import { named } from './reply.ts';

export const WebhookEndpointRecord = named('WebhookEndpoint', WebhookEndpointSchema);
export const WebhookDeliveryRecord = named('WebhookDelivery', WebhookDeliverySchema);

/** The signing secret, shown only when it is made: `whsec_` and the base64 of 24 random bytes. */
const Secret = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^whsec_[A-Za-z0-9+/]{32}$/)));

/** A new endpoint, with its signing secret (the only time the secret is shown, with rotation). */
export const CreatedWebhookEndpointRecord = named(
  'CreatedWebhookEndpoint',
  /* @__PURE__ */ lazySchema(() => z.object({ ...WebhookEndpointSchema.shape, secret: Secret })),
);

/** A rotation: the new secret, and until when the previous one still signs deliveries. */
export const RotatedSecretRecord = named(
  'RotatedWebhookSecret',
  /* @__PURE__ */ lazySchema(() => z.object({ secret: Secret, previousSecretExpiresAt: Instant })),
);
