/**
 * The scheduled metric refresh in the cloud (docs/decisions.md "Metric snapshots and refresh"): every 15 minutes an EventBridge rule starts
 * the dispatcher, which queries the table's sparse due index and puts each due activity on an SQS
 * FIFO queue; the worker reads the queue in batches, calls the platforms and writes the readings.
 *
 * FIFO with the tenant as message group: one tenant's metric writes are serialized (its rollup items
 * are never fought over), tenants run in parallel. Partial batch responses send only the failed
 * messages round again; after MAX_RECEIVES deliveries a message goes to the FIFO dead-letter queue.
 * A 429 is not a failure (the worker makes the activity due at the platform's reset time).
 *
 * A reading a write makes due at once (a content link connected or changed, a social account added)
 * is queued by a consumer of the table's stream (functions/jobs/metric-refresh/queue-due-readings.ts), not by the route that
 * wrote it: the routes carry no SQS client and make no SQS call.
 *
 * Permissions are exact: the dispatcher and the stream consumer only send, the worker only consumes
 * (the event source mapping's grant) and alone reads the platform credentials secret, whose value
 * never appears in the template or the environment (only its ARN); no route may send.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue.ts';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface MetricRefreshProps {
  table: ITable;
  config: StageConfig;
  /** What every function of the stack gets. */
  environment: Record<string, string>;
}

/** How often the dispatcher looks for due activities. */
export const DISPATCH_EVERY = Duration.minutes(15);
/** A worker batch: ten messages (the FIFO maximum), each platform call bounded by the adapters' timeouts. */
export const WORKER_TIMEOUT = Duration.minutes(2);
/** Deliveries of a message before it is dead-lettered. */
export const MAX_RECEIVES = 5;

export class MetricRefresh extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: DeadLetterQueue;
  readonly dispatcher: RouteFunction;
  readonly worker: RouteFunction;
  readonly credentials: Secret;

  constructor(scope: Construct, id: string, props: MetricRefreshProps) {
    super(scope, id);
    const { table, config, environment } = props;

    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters', {
      fifo: true,
      name: 'refresh',
      of: 'the metric refresh queue',
    });
    this.queue = new Queue(this, 'Queue', {
      fifo: true,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for an SQS event source: at least six times the function's timeout.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });

    // API keys and tokens of the platforms (YouTube, Reddit, X, Instagram), set by an operator.
    this.credentials = new Secret(this, 'PlatformCredentials', {
      description: 'Platform API credentials of the metric refresh (JSON object per platform); set by an operator.',
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.credentials).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Third-party API keys and tokens: they are issued and rotated in each platform's console, which no rotation Lambda can do.",
    });

    this.dispatcher = new RouteFunction(this, 'Dispatcher', {
      handler: 'jobs/dispatch-metric-refresh',
      description: 'job: dispatch-metric-refresh',
      environment,
      config,
      timeout: Duration.minutes(5),
    });
    this.dispatcher.bindTable(table, 'read');
    this.allowSend(this.dispatcher);
    new Rule(this, 'Schedule', {
      schedule: Schedule.rate(DISPATCH_EVERY),
      targets: [new LambdaFunction(this.dispatcher)],
    });

    this.worker = new RouteFunction(this, 'Worker', {
      handler: 'jobs/refresh-metrics-worker',
      description: 'job: refresh-metrics-worker',
      environment: { ...environment, PLATFORM_CREDENTIALS_SECRET_ARN: this.credentials.secretArn },
      config,
      timeout: WORKER_TIMEOUT,
    });
    this.worker.bindTable(table, 'read-write');
    this.worker.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.credentials.secretArn] }),
    );
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
  }

  /** Lets a function put messages on the queue (and names the queue in its environment). */
  allowSend(fn: RouteFunction): void {
    fn.addEnvironment('METRICS_QUEUE_URL', this.queue.queueUrl);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }
}
