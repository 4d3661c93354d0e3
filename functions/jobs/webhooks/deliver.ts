/**
 * One attempt of one webhook delivery (the delivery worker's step, in the cloud and locally): reads
 * the delivery and its endpoint, checks the destination again after a fresh resolution
 * (shared/webhooks/destination.ts), signs the stored body with the endpoint's secret, and the
 * previous one while it lasts (the `standardwebhooks` reference implementation; several
 * signatures space-separated), POSTs it within the timeout to the vetted address, and records the
 * attempt. Answers `done` or when to try again; a message for a delivery already settled (a
 * duplicate) does nothing.
 */
import { Webhook } from 'standardwebhooks';
import {
  disableFailingEndpoint,
  getStoredDelivery,
  getStoredEndpoint,
  markEndpointFailing,
  markEndpointHealthy,
  recordAttempt,
  settleUnattempted,
  type StoredDelivery,
  type StoredEndpoint,
} from '../../../shared/db/webhooks/index.ts';
import type { DeliveryMessage } from '../../../shared/integrations/webhook-queue/index.ts';
import type { DeliveryError } from '../../../shared/records/webhook.ts';
import { logger } from '../../../shared/support/logger.ts';
import {
  DestinationRefused,
  destinationPolicy,
  vetDestination,
  type Resolver,
  type VettedDestination,
} from '../../../shared/webhooks/destination.ts';
import { openSecret } from '../../../shared/webhooks/secrets.ts';
import { postDelivery, type RequestFunction, type SendResult } from '../../../shared/webhooks/send.ts';
import { DISABLE_AFTER_MS, retryDelaySeconds, withinRetryWindow } from './retry-schedule.ts';

/** One request's bound: a slow endpoint holds up only its own message. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface DeliverDeps {
  resolve?: Resolver;
  request?: RequestFunction;
  timeoutMs?: number;
}

export type AttemptResult = { kind: 'done' } | { kind: 'retry'; delaySeconds: number };

/** The `webhook-signature` header: one `v1,<base64>` per secret in use, space-separated. */
export async function signatureHeader(
  endpoint: StoredEndpoint,
  messageId: string,
  at: Date,
  payload: string,
): Promise<string> {
  const sealed = [endpoint.sealedSecret];
  if (
    endpoint.previousSealedSecret &&
    endpoint.previousSecretExpiresAt &&
    Date.parse(endpoint.previousSecretExpiresAt) > at.getTime()
  )
    sealed.push(endpoint.previousSealedSecret);
  const secrets = await Promise.all(sealed.map((s) => openSecret(endpoint.organizationId, s)));
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, payload)).join(' ');
}

async function send(
  endpoint: StoredEndpoint,
  delivery: StoredDelivery,
  at: Date,
  deps: DeliverDeps,
): Promise<SendResult | { kind: 'destination_refused' }> {
  let destination: VettedDestination;
  try {
    destination = await vetDestination(endpoint.url, {
      ...destinationPolicy(),
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
  } catch (error) {
    if (error instanceof DestinationRefused) return { kind: 'destination_refused' };
    throw error;
  }
  const headers = {
    'webhook-id': delivery.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': await signatureHeader(endpoint, delivery.eventId, at, delivery.payload),
  };
  return postDelivery(destination, delivery.payload, headers, {
    timeoutMs: deps.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ...(deps.request ? { request: deps.request } : {}),
  });
}

/** A failure's kind and status, for the log. */
function failureOf(result: SendResult | { kind: 'destination_refused' }): {
  error: DeliveryError;
  responseStatus: number | null;
} {
  if (result.kind === 'response') return { error: 'http_status', responseStatus: result.status };
  return { error: result.kind, responseStatus: null };
}

export async function attemptDelivery(message: DeliveryMessage, deps: DeliverDeps = {}): Promise<AttemptResult> {
  const delivery = await getStoredDelivery(message.deliveryId);
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return { kind: 'done' };
  const endpoint = await getStoredEndpoint(delivery.organizationId, delivery.endpointId);
  if (!endpoint?.enabled) {
    await settleUnattempted(delivery, 'endpoint_disabled');
    return { kind: 'done' };
  }
  const now = new Date();
  const at = now.toISOString();
  const result = await send(endpoint, delivery, now, deps);
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) {
    await recordAttempt(delivery, at, { kind: 'delivered', responseStatus: result.status });
    if (endpoint.failingSince) await markEndpointHealthy(endpoint.organizationId, endpoint.id);
    logger.info('deliver-webhooks: delivered', {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempt: delivery.attempts + 1,
    });
    return { kind: 'done' };
  }
  const failure = failureOf(result);
  const delaySeconds = retryDelaySeconds(delivery.attempts + 1);
  const retry = withinRetryWindow(delivery.firstAttemptAt ?? at, now, delaySeconds);
  await recordAttempt(
    delivery,
    at,
    retry
      ? { kind: 'retry', ...failure, nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000).toISOString() }
      : { kind: 'failed', ...failure },
  );
  logger.info('deliver-webhooks: attempt failed', {
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    attempt: delivery.attempts + 1,
    error: failure.error,
    status: failure.responseStatus,
    retry,
  });
  const failingSince = await markEndpointFailing(endpoint.organizationId, endpoint.id, at);
  if (
    failingSince &&
    now.getTime() - Date.parse(failingSince) > DISABLE_AFTER_MS &&
    (await disableFailingEndpoint(endpoint.organizationId, { ...endpoint, failingSince }))
  ) {
    logger.warn('deliver-webhooks: endpoint disabled after failing for 3 days', { endpointId: endpoint.id });
    return { kind: 'done' };
  }
  return retry ? { kind: 'retry', delaySeconds } : { kind: 'done' };
}
