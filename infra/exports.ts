/**
 * Exports in the cloud: `POST /v1/exports` puts a message on an SQS standard queue; the
 * worker (functions/jobs/run-export.ts) reads the organization's list page by page and streams the
 * file into the exports bucket, where a lifecycle rule deletes it after EXPORT_KEPT_DAYS.
 *
 * Capped (docs/decisions.md "The service's own routes"): the queue's event source runs at most
 * EXPORT_WORKER_CONCURRENCY workers at once, so exports never take the account's Lambda concurrency
 * or the table's throughput from the rest of the service, and one tenant holds at most 3 of them
 * (its exports queued or running at once, shared/db/exports/export-slots.ts). Messages carry the
 * tenant as MessageGroupId (an SQS fair queue), so one tenant's backlog does not delay another's.
 *
 * Least privilege: the create route may only send to the queue; the worker only consumes it (the
 * event source mapping's grant), reads and writes the table (its claim and status) and may only
 * put (and abort a multipart upload of) objects in the exports bucket, never read or delete them;
 * the GET route only reads the objects, to presign a download. A message that failed
 * EXPORT_MAX_RECEIVES deliveries (the export then marked failed) goes to the dead-letter queue,
 * which the operations alarms watch like every DeadLetterQueue.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXPORT_MAX_RECEIVES } from '../functions/jobs/run-export.ts';
import { EXPORT_KEPT_DAYS, EXPORT_LEASE_MS } from '../shared/db/exports/index.ts';
import { DeadLetterQueue } from './dead-letter-queue.ts';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface ExportsProps {
  table: ITable;
  bucket: IBucket;
  config: StageConfig;
  /** What every function of the stack gets. */
  environment: Record<string, string>;
}

/** An export of a large tenant reads and uploads for minutes: the worker runs as long as its claim lasts (EXPORT_LEASE_MS). */
export const EXPORT_WORKER_TIMEOUT = Duration.millis(EXPORT_LEASE_MS);
/**
 * Exports running at once in the account: more than one tenant's 3, so tenants run side by side; a
 * fraction of the default 1,000 concurrent executions, each run up to 15 minutes.
 */
export const EXPORT_WORKER_CONCURRENCY = 10;
/** The route that queues an export. */
export const EXPORT_SENDERS = ['exports/create'];
/** Where the files are kept, in the exports bucket, and for how long (shared/db/exports/exports.ts). */
export const EXPORTS_PREFIX = 'exports/';
export const EXPORTS_EXPIRATION = Duration.days(EXPORT_KEPT_DAYS);

export class Exports extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: DeadLetterQueue;
  readonly worker: RouteFunction;

  constructor(scope: Construct, id: string, props: ExportsProps) {
    super(scope, id);
    const { table, bucket, config, environment } = props;
    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters', { name: 'exports', of: 'the exports queue' });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for an SQS event source: at least six times the function's timeout.
      visibilityTimeout: Duration.seconds(EXPORT_WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: EXPORT_MAX_RECEIVES },
    });
    this.worker = new RouteFunction(this, 'Worker', {
      handler: 'jobs/run-export',
      description: 'job: run-export',
      environment,
      config,
      timeout: EXPORT_WORKER_TIMEOUT,
    });
    this.worker.bindTable(table, 'read-write');
    this.worker.bindBucket('EXPORTS_BUCKET', bucket, 'write');
    // One export a batch: each may take the whole timeout. The event source's own cap rather than
    // reserved concurrency: it never throttles the messages it holds back, and reserves nothing.
    this.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: EXPORT_WORKER_CONCURRENCY,
      }),
    );
  }

  /** Lets a function put messages on the queue (and names the queue in its environment). */
  allowSend(fn: RouteFunction): void {
    fn.addEnvironment('EXPORTS_QUEUE_URL', this.queue.queueUrl);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }
}
