/**
 * Webhook delivery in the cloud (docs/webhooks.md): the table's stream hands every change of a tenant's
 * items to the fan-out (functions/jobs/fan-out-webhook-events.ts), which puts a delivery per event
 * and subscribed endpoint and queues it; the delivery worker (functions/jobs/deliver-webhooks.ts)
 * consumes the queue, signs and POSTs, and keeps a failed delivery on the queue until its next
 * retry (ChangeMessageVisibility, at most 12 h; retries for 3 days).
 *
 * The queue is a standard queue used as an SQS fair queue (messages carry the tenant as
 * MessageGroupId): one organization's backlog does not delay another's. Retention outlives the
 * 3-day retry window; a message received MAX_RECEIVES times (far more than the schedule's ~13
 * attempts) goes to a dead-letter queue, as do stream records the fan-out could not handle.
 *
 * Permissions are exact: the fan-out reads and writes the table and may only send; the worker
 * consumes (the event source's grant) and opens signing secrets (kms:Decrypt under an organization
 * context whose purpose is `webhook-signing-secret`, so never a Google refresh token sealed by the
 * same key); the registration and rotation routes may only seal (kms:Encrypt, the same purpose);
 * the replay route may only send.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { SealPurpose } from '../shared/integrations/token-sealer/port.ts';
import type { WebAnalytics } from './analytics-import.ts';
import { DeadLetterQueue } from './dead-letter-queue.ts';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';
import { readTableStream } from './table-stream-source.ts';

export interface WebhookDeliveryProps {
  /** The service table, with a NEW_AND_OLD_IMAGES stream. */
  table: ITable;
  config: StageConfig;
  environment: Record<string, string>;
  /** Whose token key seals the signing secrets (token-sealer.ts). */
  analytics: WebAnalytics;
}

/** A worker batch: ten messages in parallel, each request bounded by 10 s. */
export const WORKER_TIMEOUT = Duration.minutes(1);
/** Receives of a message before it is dead-lettered: above the ~13 attempts of 3 days of retries. */
export const MAX_RECEIVES = 25;
/** The purpose of the secrets the webhook functions seal and open (token-sealer/port.ts). */
export const SECRET_PURPOSE: SealPurpose = 'webhook-signing-secret';
/** What each webhook function does with the token key. */
export const SECRET_KEY_USE: Readonly<Record<string, 'encrypt' | 'decrypt'>> = {
  'webhooks/create-endpoint': 'encrypt',
  'webhooks/rotate-secret': 'encrypt',
  'jobs/deliver-webhooks': 'decrypt',
};
/** The route handlers that queue a delivery (a replay). */
export const DELIVERY_SENDERS = ['webhooks/replay-delivery'];

export class WebhookDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: DeadLetterQueue;
  readonly streamDeadLetterQueue: DeadLetterQueue;
  readonly fanOut: RouteFunction;
  readonly worker: RouteFunction;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: WebhookDeliveryProps,
  ) {
    super(scope, id);
    const { table, config, environment } = props;

    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters', {
      name: 'webhooks',
      of: 'the webhook delivery queue',
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for an SQS event source: at least six times the function's timeout.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      // Past the 3-day retry window, with a day to spare.
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });

    this.fanOut = new RouteFunction(this, 'FanOut', {
      handler: 'jobs/fan-out-webhook-events',
      description: 'job: fan-out-webhook-events',
      environment,
      config,
      timeout: Duration.minutes(1),
    });
    this.fanOut.bindTable(table, 'read-write');
    this.allowSend(this.fanOut);
    this.streamDeadLetterQueue = new DeadLetterQueue(this, 'StreamDeadLetters', {
      name: 'webhook-events',
      of: 'the webhook fan-out stream mapping',
    });
    readTableStream(this.fanOut, table, {
      // New changes only: events are about what happens from now on.
      startingPosition: StartingPosition.LATEST,
      batchSize: 25,
      bisectBatchOnError: true,
      retryAttempts: 5,
      maxRecordAge: Duration.hours(6),
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(this.streamDeadLetterQueue),
      // Only a tenant's items give events; the outbox, pointers and users do not.
      filters: [FilterCriteria.filter({ dynamodb: { Keys: { pk: { S: FilterRule.beginsWith('TENANT#') } } } })],
    });

    this.worker = new RouteFunction(this, 'Worker', {
      handler: 'jobs/deliver-webhooks',
      description: 'job: deliver-webhooks',
      environment,
      config,
      timeout: WORKER_TIMEOUT,
    });
    this.worker.bindTable(table, 'read-write');
    this.bindSecrets(this.worker);
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
  }

  /** Gives a route function what its part of webhooks needs (nothing for one that has none). */
  bind(fn: RouteFunction): void {
    this.bindSecrets(fn);
    if (DELIVERY_SENDERS.includes(fn.handlerModule)) this.allowSend(fn);
  }

  private bindSecrets(fn: RouteFunction): void {
    const use = SECRET_KEY_USE[fn.handlerModule];
    if (use) this.props.analytics.allowTokenKey(fn, use, SECRET_PURPOSE);
  }

  /** Lets a function put messages on the queue (and names the queue in its environment). */
  private allowSend(fn: RouteFunction): void {
    fn.addEnvironment('WEBHOOK_DELIVERY_QUEUE_URL', this.queue.queueUrl);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }
}
