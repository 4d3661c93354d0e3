/**
 * Webhook endpoints and their deliveries (docs/webhooks.md, Standard Webhooks): the record schemas, what
 * the repositories return (shared/db/webhooks) and what the OpenAPI document shows
 * (shared/schemas/records/webhook.ts names them). The signing secret is never part of a record: it
 * is stored sealed beside it and shown once, when made (create, rotate).
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhook-events.ts';
import { Instant, RecordId, stored } from './fields.ts';

/** Why the service disabled an endpoint by itself (an owner's PATCH `enabled: false` leaves it null). */
export const ENDPOINT_DISABLED_REASONS = ['failing'] as const;

export const WebhookEndpointSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    organizationId: RecordId,
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    description: z.nullable(z.string()),
    /** The first failed attempt since the last success: 3 days of failures disable the endpoint. */
    failingSince: z.nullable(Instant),
    disabledReason: z.nullable(z.enum(ENDPOINT_DISABLED_REASONS)),
    /** While set and in the future, deliveries are signed with the previous secret too (after a rotation). */
    previousSecretExpiresAt: z.nullable(Instant),
  }),
);
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * What went wrong with the last attempt, without the response body (never stored): `http_status`
 * (an answer other than 2xx, `lastResponseStatus` says which), `timeout`, `connection_failed`
 * (refused, reset, TLS), `destination_refused` (the URL now resolves to an address deliveries may
 * not go to), `endpoint_disabled` (the endpoint was disabled or deleted before the attempt).
 */
export const DELIVERY_ERRORS = [
  'http_status',
  'timeout',
  'connection_failed',
  'destination_refused',
  'endpoint_disabled',
] as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[number];

export const WebhookDeliverySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    organizationId: RecordId,
    endpointId: RecordId,
    /** The event's stable id: every attempt and replay of this delivery sends it as `webhook-id`. */
    eventId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number(),
    lastResponseStatus: z.nullable(z.number()),
    lastError: z.nullable(z.enum(DELIVERY_ERRORS)),
    /** The first attempt of the current round (a replay starts a new round): retries stop 3 days after it. */
    firstAttemptAt: z.nullable(Instant),
    lastAttemptAt: z.nullable(Instant),
    nextAttemptAt: z.nullable(Instant),
    deliveredAt: z.nullable(Instant),
  }),
);
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
