/**
 * The one place that writes operational metrics: CloudWatch embedded metric format (EMF) lines on
 * stdout, which Lambda's log stream turns into metrics (emf.ts makes the documents). Names,
 * dimensions and outcome values come from metric-catalogue.ts (the alarms read it too). Code adds
 * points to the current invocation (invocation.ts) as it goes; the request middleware
 * (shared/http/middleware/observe.ts) and the job wrapper (job.ts) flush them once, at its end: one
 * EMF line per dimension set (more only past EMF's limits), each carrying `service` and `stage`.
 *
 * Silent when the logs are (`LOG_LEVEL=silent`: tests, benches), and when `METRICS_DISABLED` is
 * true (`npm start` sets it unless told otherwise).
 *
 * Written with `process.stdout.write`, not `console.log`: Lambda's runtime wraps what `console`
 * writes (a request id prefix, or a JSON envelope with its JSON log format), and CloudWatch reads
 * only a line that is an EMF document itself.
 */
import { emfDocuments, type EmfMetric } from './emf.ts';
import { currentInvocation, type Invocation, type MetricPoint } from './invocation.ts';
import {
  METRIC_NAMESPACE,
  METRICS,
  SERVICE_NAME,
  type AnalyticsImportOutcome,
  type EmailOutcome,
  type ReadingOutcome,
  type WebhookOutcome,
} from './metric-catalogue.ts';

type MetricName = (typeof METRICS)[keyof typeof METRICS];

/** The STAGE the stack sets on every function; `local` elsewhere. */
export const stage = () => process.env.STAGE || 'local';

/** Adds a point to the current invocation's metrics (dropped outside one: nothing would flush it). */
export function addMetric(
  name: MetricName,
  dimensions: Record<string, string>,
  value = 1,
  unit: MetricPoint['unit'] = 'Count',
  invocation = currentInvocation(),
): void {
  invocation?.metrics.push({ name, unit, value, dimensions });
}

/** A reading attempted: counted by outcome (the alarm's) and, when known, by platform and outcome (the dashboard's). */
export function countReading(outcome: ReadingOutcome, platform?: string): void {
  addMetric(METRICS.metricReadings, { outcome });
  if (platform) addMetric(METRICS.metricReadings, { platform, outcome });
}

export const countWebhookEvent = (outcome: WebhookOutcome) => addMetric(METRICS.webhookEvents, { outcome });
export const countEmail = (outcome: EmailOutcome) => addMetric(METRICS.emails, { outcome });
export const countAnalyticsImport = (outcome: AnalyticsImportOutcome) =>
  addMetric(METRICS.analyticsImports, { outcome });

/** The points of one dimension set, by metric name. */
type Group = { dimensions: Record<string, string>; values: Map<string, EmfMetric & { values: number[] }> };

/** Counts of one name and dimension set are summed into one value; durations stay one value each. */
function grouped(points: readonly MetricPoint[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const point of points) {
    const key = JSON.stringify(Object.entries(point.dimensions).sort(([a], [b]) => a.localeCompare(b)));
    const group = groups.get(key) ?? { dimensions: { ...point.dimensions }, values: new Map() };
    groups.set(key, group);
    const metric = group.values.get(point.name) ?? { unit: point.unit, values: [] };
    group.values.set(point.name, metric);
    if (point.unit === 'Count' && metric.values.length) metric.values[0]! += point.value;
    else metric.values.push(point.value);
  }
  return groups;
}

/** Writes the invocation's metrics, with its DynamoDB retries and throttles, and forgets them (log them first). */
export function flushMetrics(invocation: Invocation): void {
  const { retries, throttles } = invocation.tally;
  invocation.tally.retries = invocation.tally.throttles = 0;
  if (retries) addMetric(METRICS.dynamoDbRetries, {}, retries, 'Count', invocation);
  if (throttles) addMetric(METRICS.dynamoDbThrottles, {}, throttles, 'Count', invocation);
  const points = invocation.metrics.splice(0);
  if (!points.length || process.env.LOG_LEVEL === 'silent' || process.env.METRICS_DISABLED === 'true') return;
  const timestamp = Date.now();
  for (const { dimensions, values } of grouped(points).values()) {
    // One write per document, so that each is a log event of its own.
    for (const doc of emfDocuments(
      METRIC_NAMESPACE,
      { service: SERVICE_NAME, stage: stage(), ...dimensions },
      values,
      timestamp,
    ))
      process.stdout.write(`${JSON.stringify(doc)}\n`);
  }
}

/** How many TARGET working days the stored ECB rates are behind (the rates import's figure; its alarm fires at 4). */
export const recordEcbRatesBehind = (days: number) =>
  addMetric(METRICS.ecbRatesBehind, {}, Number.isFinite(days) ? days : 9_999);
