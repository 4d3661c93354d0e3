/**
 * Outbound events (docs/webhooks.md): what an organization's webhook endpoints can subscribe to, and the
 * shape every event has. Events are derived from the table's stream (old and new images of one
 * item change, `eventsOf` in ./event-sources.ts) and delivered per endpoint by the delivery worker,
 * signed as the Standard Webhooks specification says (https://www.standardwebhooks.com/). In
 * shared/domain: the record schemas, the data layer and the event sources all name these.
 */
export const WEBHOOK_EVENT_TYPES = [
  'activity.metrics_updated',
  'activity.metrics_unavailable',
  'campaign.status_changed',
  'campaign.budget_exceeded',
  'outcome.measurement_recorded',
  'analytics.connection_needs_reconnect',
  'billing.status_changed',
  'member.joined',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One event: the body of every delivery of it (Standard Webhooks' `type`/`timestamp`/`data`). */
export interface WebhookEvent {
  /** Stable: the same change always gives the same id (retries and replays keep it; it is `webhook-id`). */
  id: string;
  type: WebhookEventType;
  /** The organization (tenant) whose endpoints receive it. */
  tenantId: string;
  /** ISO 8601 instant of the change. */
  timestamp: string;
  /** The record the event is about, as the API shows it, plus what changed (e.g. `previousStatus`). */
  data: Record<string, unknown>;
}

/** One item change of the table's stream, unmarshalled (NEW_AND_OLD_IMAGES). */
export interface StreamChange {
  /** The stream record's `eventID`: unique per change, so events derived from it get stable ids. */
  eventId: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** ISO 8601, from `ApproximateCreationDateTime`. */
  createdAt: string;
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}
