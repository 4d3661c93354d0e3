/**
 * The outbound event types (issue 28), in shared/domain so that the record schemas
 * (shared/records/webhook.ts, which may import only shared/records and shared/domain) name them;
 * shared/webhooks/events.ts re-exports them as part of the events contract.
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
