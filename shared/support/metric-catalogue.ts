/**
 * Every operational metric the service emits (CloudWatch embedded metric format), named once: the
 * code that emits them and the stack's alarms and dashboard both read this, so an alarm cannot watch
 * a name nothing writes. Imports nothing, so any bundle may carry it.
 *
 * Every metric has the dimensions `service` (SERVICE_NAME) and `stage` (the STAGE variable the stack
 * sets on every function; `local` elsewhere), plus those listed with it below. A metric is emitted
 * once per dimension set named here (e.g. readings by outcome alone, for the alarm, and by platform
 * and outcome, for the dashboard).
 */

export const METRIC_NAMESPACE = 'CreatorMeasurement';
export const SERVICE_NAME = 'creator-measurement';

export const METRICS = {
  /** Count; dimensions routeGroup (`users`, `reporting`: the path's segment after /v1/) and statusClass. */
  requests: 'Requests',
  /** Milliseconds; dimension routeGroup. From the handler's start to its answer. */
  requestDuration: 'RequestDuration',
  /** Count; dimension routeGroup. One per function instance, on its first invocation. */
  coldStarts: 'ColdStarts',
  /** Count; no extra dimension. DynamoDB requests retried by our retry policy, and those throttled. */
  dynamoDbRetries: 'DynamoDbRetries',
  dynamoDbThrottles: 'DynamoDbThrottles',
  /** Count; dimension outcome (READING_OUTCOMES), and platform + outcome. One per reading attempted. */
  metricReadings: 'MetricReadings',
  /** Count; dimension outcome (WEBHOOK_OUTCOMES). One per Stripe webhook request. */
  webhookEvents: 'WebhookEvents',
  /** Count; dimension outcome (EMAIL_OUTCOMES). */
  emails: 'Emails',
  /** Count; dimension outcome (ANALYTICS_IMPORT_OUTCOMES). One per organization imported. */
  analyticsImports: 'AnalyticsImports',
  /** Count; no extra dimension. TARGET working days since the newest stored ECB publication, once per rates import run. */
  ecbRatesBehind: 'EcbRatesWorkingDaysBehind',
} as const;

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const READING_OUTCOMES = ['ok', 'missing', 'unavailable', 'rate_limited', 'failed'] as const;
export const WEBHOOK_OUTCOMES = ['applied', 'ignored', 'refused'] as const;
export const EMAIL_OUTCOMES = ['sent', 'failed'] as const;
export const ANALYTICS_IMPORT_OUTCOMES = ['imported', 'needs_reconnect', 'rate_limited', 'failed'] as const;

export type StatusClass = (typeof STATUS_CLASSES)[number];
export type ReadingOutcome = (typeof READING_OUTCOMES)[number];
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export type EmailOutcome = (typeof EMAIL_OUTCOMES)[number];
export type AnalyticsImportOutcome = (typeof ANALYTICS_IMPORT_OUTCOMES)[number];

/**
 * `users` for `/v1/users/:id`; `report-links` for a report link's page (`/r/:token`, the group of
 * the `/v1/report-links` routes); `service` for the other routes outside /v1 (the reference page).
 */
export function routeGroupOf(path: string): string {
  const [, first, second] = path.split('/');
  if (first === 'r' && second) return 'report-links';
  return first === 'v1' && second ? second : 'service';
}
