/**
 * The stage's alarms, one function per kind: what each watches, its threshold and how it treats
 * missing data, with the reason. Every alarm notifies the stage's topic when it fires and when it
 * is OK again, is named after the stack (readable in an email's subject; the stack name holds the
 * stage, so stages still deploy side by side), and its description names the entry of the runbook,
 * docs/operate.md, that says what to do (RUNBOOK: test/infra/alarms.test.ts checks the runbook has each one).
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRICS } from '../shared/support/metric-catalogue.ts';
import type { DeadLetterQueue } from './dead-letter-queue.ts';
import {
  failedReadingRate,
  functionsSum,
  MIN_READINGS,
  MIN_REQUESTS,
  queueAge,
  queueDepth,
  requestLatency,
  serverErrorRate,
  serviceMetric,
  sesReputation,
  tableSum,
} from './operational-metrics.ts';

/** The entries of the runbook (docs/operate.md), by the kind of alarm they explain. */
export const RUNBOOK = {
  serverErrors: 'API 5xx rate',
  latency: 'API latency',
  functionErrors: 'Function errors',
  functionThrottles: 'Function throttles',
  deadLetters: 'Dead letters',
  refreshBacklog: 'Refresh backlog',
  tableThrottles: 'DynamoDB throttles',
  tableErrors: 'DynamoDB system errors',
  failedReadings: 'Failed readings',
  webhookRefusals: 'Webhook refusals',
  sesReputation: 'SES bounces and complaints',
  ecbRates: 'Rates stopped',
} as const;

export type RunbookEntry = keyof typeof RUNBOOK;

export interface AlarmSpec {
  /** After the stack name: `users 5xx rate`. Also the construct id, so unique in the stage. */
  name: string;
  runbook: RunbookEntry;
  /** What a firing alarm means, in a sentence. */
  meaning: string;
  metric: IMetric;
  /** Fires at or above it. */
  threshold: number;
  /** Periods looked at, and how many of them must breach (default: one of one). */
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
  treatMissingData: TreatMissingData;
}

/** The alarms of a stage, wherever their stacks are, with the topic they notify. */
export class AlarmSet {
  readonly entries: { alarm: Alarm; spec: AlarmSpec }[] = [];
  private readonly action: SnsAction;

  constructor(
    topic: ITopic,
    private readonly stackName: string,
  ) {
    this.action = new SnsAction(topic);
  }

  add(scope: Construct, spec: AlarmSpec): Alarm {
    const alarm = new Alarm(scope, spec.name, {
      alarmName: `${this.stackName} ${spec.name}`,
      alarmDescription: `${spec.meaning} What to do: docs/operate.md, "${RUNBOOK[spec.runbook]}".`,
      metric: spec.metric,
      threshold: spec.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      datapointsToAlarm: spec.datapointsToAlarm ?? spec.evaluationPeriods ?? 1,
      treatMissingData: spec.treatMissingData,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.entries.push({ alarm, spec });
    return alarm;
  }
}

// Missing data, throughout: most of these figures exist only while something happens (requests,
// readings, errors); a quiet period is a healthy one, so NOT_BREACHING unless said otherwise.

/** A route group's 5xx share and p99 latency. */
export function watchRouteGroup(alarms: AlarmSet, scope: Construct, stage: string, group: string): void {
  alarms.add(scope, {
    name: `${group} 5xx rate`,
    runbook: 'serverErrors',
    meaning: `At least 5% of the ${group} routes' answers were 5xx (of ${MIN_REQUESTS} or more requests) in two of the last three 5-minute periods.`,
    metric: serverErrorRate(stage, group),
    threshold: 5,
    // Two of three: one bad deploy minute or a dependency's blip is not a page; a lasting fault is.
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarms.add(scope, {
    name: `${group} p99 latency`,
    runbook: 'latency',
    meaning: `The ${group} routes' 99th-percentile handler time was 3 s or more for 15 minutes (functions time out at 10 s, API Gateway at 30 s).`,
    metric: requestLatency(stage, group),
    threshold: 3_000,
    // Three in a row: at low traffic p99 is the slowest request, and one slow cold path is not a trend.
    evaluationPeriods: 3,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Lambda errors (an invocation that threw, timed out or ran out of memory: the handlers answer
 * their own failures as 5xx, so this is a crash) and throttles (no concurrency left) of up to ten
 * functions, summed: one alarm per function would cost the same (CloudWatch charges per metric an
 * alarm reads) and fill the console. Any one error or throttle in 5 minutes fires: neither should
 * happen at all, and a scheduled job fails once per run.
 */
export function watchFunctions(
  alarms: AlarmSet,
  scope: Construct,
  label: string,
  functions: readonly CfnFunction[],
): void {
  alarms.add(scope, {
    name: `${label} function errors`,
    runbook: 'functionErrors',
    meaning: `A function of ${label} failed an invocation (uncaught error, timeout or out of memory).`,
    metric: functionsSum('Errors', functions, label),
    threshold: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarms.add(scope, {
    name: `${label} function throttles`,
    runbook: 'functionThrottles',
    meaning: `Lambda refused to run a function of ${label}: the account's concurrency was used up.`,
    metric: functionsSum('Throttles', functions, label),
    threshold: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** Any message in a dead-letter queue: something was given up on. */
export function watchDeadLetters(alarms: AlarmSet, scope: Construct, queue: DeadLetterQueue): void {
  alarms.add(scope, {
    name: `${queue.name} dead letters`,
    runbook: 'deadLetters',
    meaning: `The dead-letter queue of ${queue.of} holds messages: they failed every retry.`,
    metric: queueDepth(queue, `${queue.name} dead letters`),
    threshold: 1,
    // SQS stops reporting a queue that stayed empty for hours; a queue with messages always reports.
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** The metric refresh queue's oldest message waiting over an hour: the worker is stuck or too slow. */
export function watchRefreshBacklog(alarms: AlarmSet, scope: Construct, queue: IQueue): void {
  alarms.add(scope, {
    name: 'refresh queue backlog',
    runbook: 'refreshBacklog',
    meaning: "The metric refresh queue's oldest message has waited an hour or more: readings are late.",
    metric: queueAge(queue, 'refresh queue oldest message (s)'),
    threshold: Duration.hours(1).toSeconds(),
    // The age only grows, so one period is already an hour of evidence; an idle queue stops reporting.
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** The table's throttled requests and DynamoDB's own errors. */
export function watchTable(alarms: AlarmSet, scope: Construct, table: ITable): void {
  alarms.add(scope, {
    name: 'table throttles',
    runbook: 'tableThrottles',
    meaning: 'DynamoDB throttled 10 or more requests on the table in 5 minutes (a hot partition or a sudden surge).',
    metric: tableSum(table, 'ThrottledRequests', 'table throttled requests'),
    // The SDK retries a few throttles unseen; ten in five minutes are callers waiting or failing.
    threshold: 10,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarms.add(scope, {
    name: 'table system errors',
    runbook: 'tableErrors',
    meaning: 'DynamoDB answered 5 or more requests on the table with an internal error in 5 minutes.',
    metric: tableSum(table, 'SystemErrors', 'table system errors'),
    // An occasional 500 is retried by the SDK and is AWS's to fix; a run of them reaches callers.
    threshold: 5,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** Metric readings that failed (not missing, unavailable or rate limited: failed) over an hour. */
export function watchReadings(alarms: AlarmSet, scope: Construct, stage: string): void {
  alarms.add(scope, {
    name: 'failed readings',
    runbook: 'failedReadings',
    meaning: `10% or more of the last hour's metric readings failed (of ${MIN_READINGS} or more).`,
    metric: failedReadingRate(stage),
    threshold: 10,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** Stripe webhook requests the service refused. */
export function watchWebhooks(alarms: AlarmSet, scope: Construct, stage: string): void {
  alarms.add(scope, {
    name: 'webhook refusals',
    runbook: 'webhookRefusals',
    meaning:
      'The Stripe webhook refused 3 or more requests in 15 minutes; Stripe retries each for days, then gives up.',
    metric: serviceMetric(
      stage,
      METRICS.webhookEvents,
      { outcome: 'refused' },
      { period: Duration.minutes(15), label: 'refused webhooks' },
    ),
    // Anyone may post to the public webhook, so one refusal is noise; a wrong signing secret refuses every event.
    threshold: 3,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * SES's reputation, at the rates where AWS starts reviewing an account (bounces 5%, complaints
 * 0.1%; it pauses sending at 10% and 0.5%). Account-level: every stage in one account and region
 * watches the same figure. Missing data keeps the state (IGNORE): SES publishes these only while
 * the account sends, and a bad rate does not get better by going quiet.
 */
export function watchSesReputation(alarms: AlarmSet, scope: Construct): void {
  alarms.add(scope, {
    name: 'SES bounce rate',
    runbook: 'sesReputation',
    meaning: "The account's SES bounce rate reached 5%, where AWS reviews the account (it pauses sending at 10%).",
    metric: sesReputation('Reputation.BounceRate'),
    threshold: 0.05,
    treatMissingData: TreatMissingData.IGNORE,
  });
  alarms.add(scope, {
    name: 'SES complaint rate',
    runbook: 'sesReputation',
    meaning:
      "The account's SES complaint rate reached 0.1%, where AWS reviews the account (it pauses sending at 0.5%).",
    metric: sesReputation('Reputation.ComplaintRate'),
    threshold: 0.001,
    treatMissingData: TreatMissingData.IGNORE,
  });
}

/** `items` in the fewest parts of at most `max`, as even as can be (21 -> 7, 7, 7). */
export function chunks<T>(items: readonly T[], max = 10): T[][] {
  const count = Math.ceil(items.length / max);
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * The ECB rates import (docs/decisions.md "Money and metrics"): fires when the newest stored
 * publication is 4 or more TARGET working days old, as the import measures it on each run (three
 * runs a day, every day), or when no run reported in a day (the job stopped): missing data breaches.
 */
export function watchEcbRates(alarms: AlarmSet, scope: Construct, stage: string): void {
  alarms.add(scope, {
    name: 'ECB rates behind',
    runbook: 'ecbRates',
    meaning:
      'No ECB euro reference rate publication has landed in the table for 4 TARGET working days (or the import reported nothing for a day): new costs convert at older rates.',
    metric: serviceMetric(stage, METRICS.ecbRatesBehind, {}, { statistic: 'Maximum', period: Duration.days(1) }),
    threshold: 4,
    treatMissingData: TreatMissingData.BREACHING,
  });
}
