/**
 * The CloudWatch figures the alarms judge and the dashboard shows, built once: the service's own
 * from the metric catalogue (shared/support/metric-catalogue.ts: namespace, names, dimensions and
 * outcome values are never retyped here), the AWS services' from their namespaces. A dashboard line
 * is the same expression its alarm evaluates.
 */
import { Duration } from 'aws-cdk-lib';
import { type IMetric, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import {
  METRIC_NAMESPACE,
  METRICS,
  READING_OUTCOMES,
  SERVICE_NAME,
  STATUS_CLASSES,
  type ReadingOutcome,
  type StatusClass,
} from '../shared/support/metric-catalogue.ts';

export type ServiceMetricName = (typeof METRICS)[keyof typeof METRICS];

/** The period of every figure but the slower rates below. */
export const PERIOD = Duration.minutes(5);

/** A request-rate below this many requests in a period counts as 0%: two requests, one failing, are not an outage. */
export const MIN_REQUESTS = 5;
/** Likewise for readings, per hour: the refresh reads in batches, and a handful of posts may simply be gone. */
export const MIN_READINGS = 20;
export const READINGS_PERIOD = Duration.hours(1);

interface FigureOptions {
  statistic?: string;
  period?: Duration;
  label?: string;
}

/**
 * One of the service's metrics in one stage: dimensions `service` and `stage` (what every metric
 * carries) plus `dimensions`, exactly one of the dimension sets the catalogue says it is emitted with.
 */
export function serviceMetric(
  stage: string,
  metricName: ServiceMetricName,
  dimensions: Record<string, string> = {},
  options: FigureOptions = {},
): Metric {
  return new Metric({
    namespace: METRIC_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE_NAME, stage, ...dimensions },
    statistic: 'Sum',
    period: PERIOD,
    ...options,
  });
}

/** A metric-math id: lowercase letter first, then letters, digits and underscores (`expense-categories` -> `expense_categories`). */
export function mathId(...parts: string[]): string {
  const id = parts.join('_').replace(/[^A-Za-z0-9_]/g, '_');
  return /^[a-z]/.test(id) ? id : `m_${id}`;
}

/** Sum of the series, a missing point counting 0 (plain `+` drops a timestamp any series lacks). */
function sum(ids: string[]): string {
  return ids.map((id) => `FILL(${id}, 0)`).join(' + ');
}

/** `part` as a percentage of all of `metrics`; 0 while they total fewer than `minimum`. */
function percentage(
  metrics: Record<string, IMetric>,
  part: string,
  minimum: number,
  label: string,
  period: Duration,
): MathExpression {
  const total = sum(Object.keys(metrics));
  return new MathExpression({
    expression: `IF(${total} >= ${minimum}, 100 * FILL(${part}, 0) / (${total}), 0)`,
    usingMetrics: metrics,
    label,
    period,
  });
}

/** A route group's 5xx answers as a percentage of all its answers. */
export function serverErrorRate(stage: string, routeGroup: string): MathExpression {
  const id = (statusClass: StatusClass) => mathId(routeGroup, statusClass);
  const metrics = Object.fromEntries(
    STATUS_CLASSES.map((statusClass) => [
      id(statusClass),
      serviceMetric(stage, METRICS.requests, { routeGroup, statusClass }),
    ]),
  );
  return percentage(metrics, id('5xx'), MIN_REQUESTS, `${routeGroup} 5xx %`, PERIOD);
}

/** A route group's 99th percentile of handler duration (ms). */
export function requestLatency(stage: string, routeGroup: string): Metric {
  return serviceMetric(
    stage,
    METRICS.requestDuration,
    { routeGroup },
    { statistic: 'p99', label: `${routeGroup} p99 ms` },
  );
}

/** Readings that failed as a percentage of all readings attempted, per hour. */
export function failedReadingRate(stage: string): MathExpression {
  const id = (outcome: ReadingOutcome) => mathId('readings', outcome);
  const metrics = Object.fromEntries(
    READING_OUTCOMES.map((outcome) => [
      id(outcome),
      serviceMetric(stage, METRICS.metricReadings, { outcome }, { period: READINGS_PERIOD }),
    ]),
  );
  return percentage(metrics, id('failed'), MIN_READINGS, 'failed readings %', READINGS_PERIOD);
}

/** One line per value of an outcome dimension (readings, webhook events, emails, imports). */
export function byOutcome(stage: string, metricName: ServiceMetricName, outcomes: readonly string[]): Metric[] {
  return outcomes.map((outcome) => serviceMetric(stage, metricName, { outcome }, { label: outcome }));
}

/** Errors or throttles of up to ten functions, summed (an alarm's math may hold ten metrics). */
export function functionsSum(
  metricName: 'Errors' | 'Throttles',
  functions: readonly CfnFunction[],
  label: string,
): MathExpression {
  if (functions.length > 10)
    throw new Error(`${label}: a CloudWatch alarm's math takes at most 10 metrics, got ${functions.length}`);
  const metrics = Object.fromEntries(
    functions.map((fn, i) => [
      mathId(label, metricName, String(i)),
      new Metric({
        namespace: 'AWS/Lambda',
        metricName,
        dimensionsMap: { FunctionName: fn.ref },
        statistic: 'Sum',
        period: PERIOD,
      }),
    ]),
  );
  return new MathExpression({
    expression: sum(Object.keys(metrics)),
    usingMetrics: metrics,
    label: `${label} ${metricName.toLowerCase()}`,
    period: PERIOD,
  });
}

/**
 * The table operations the functions can send: every one but PartiQL's, which table-access.ts never
 * grants, and GetRecords, the stream's (Lambda's poller for the outbox, which retries a throttle
 * itself). Ten, exactly what one alarm's math may hold.
 */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_GET_ITEMS,
  Operation.TRANSACT_WRITE_ITEMS,
];

/** Throttled requests or system errors (DynamoDB's own 500s) of the table, summed over its operations. */
export function tableSum(
  table: ITable,
  metricName: 'ThrottledRequests' | 'SystemErrors',
  label: string,
): MathExpression {
  const metrics = Object.fromEntries(
    TABLE_OPERATIONS.map((operation) => [
      mathId(metricName.toLowerCase(), operation),
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName, Operation: operation },
        statistic: 'Sum',
        period: PERIOD,
      }),
    ]),
  );
  return new MathExpression({ expression: sum(Object.keys(metrics)), usingMetrics: metrics, label, period: PERIOD });
}

/** Messages waiting (a dead-letter queue's depth). */
export function queueDepth(queue: IQueue, label: string): Metric {
  return queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: PERIOD, label });
}

/** Age in seconds of the oldest message waiting. */
export function queueAge(queue: IQueue, label: string): Metric {
  return queue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: PERIOD, label });
}

/** SES's account-level reputation (a fraction, 0 to 1): `Reputation.BounceRate` or `Reputation.ComplaintRate`. */
export function sesReputation(metricName: 'Reputation.BounceRate' | 'Reputation.ComplaintRate'): Metric {
  return new Metric({
    namespace: 'AWS/SES',
    metricName,
    statistic: 'Maximum',
    period: Duration.minutes(15),
    label: metricName,
  });
}
