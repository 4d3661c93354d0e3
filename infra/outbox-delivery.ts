/**
 * Email delivery in the cloud: the table's stream hands every new outbox item (pk `OUTBOX`) to
 * functions/jobs/deliver-outbox.ts, which sends it through SES from the stage's sender.
 *
 * The event source mapping does the retrying: partial batch responses (only the failed records go
 * again), the batch bisected on errors so one bad record is isolated, a bounded number of retries
 * and record age, then the record's coordinates go to an encrypted, TLS-only dead-letter queue.
 * The email itself stays in the table, unsettled, for a replay. Lambda event filtering means the
 * function is invoked for outbox INSERTs only, not for the table's other writes (nor for its own
 * delivery markers, which are MODIFYs).
 *
 * Without a configured sender nothing is created but a warning: emails wait in the outbox, and
 * once a sender is deployed the consumer starts from the oldest record the stream still holds (24 h).
 */
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { OUTBOX_PARTITION } from '../shared/db/email/index.ts';
import { DeadLetterQueue } from './dead-letter-queue.ts';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';
import { readTableStream } from './table-stream-source.ts';

export interface OutboxDeliveryProps {
  /** The service table, with a NEW_IMAGE stream. */
  table: ITable;
  config: StageConfig;
  /** What every function of the stack gets. */
  environment: Record<string, string>;
}

/** A record still failing after this many retries goes to the dead-letter queue... */
export const RETRY_ATTEMPTS = 5;
/** ...and so does one this old: a deletion or email-change code has expired long before. */
export const MAX_RECORD_AGE = Duration.hours(6);

export class OutboxDelivery extends Construct {
  readonly function?: RouteFunction;
  readonly deadLetterQueue?: DeadLetterQueue;

  constructor(scope: Construct, id: string, props: OutboxDeliveryProps) {
    super(scope, id);
    const { table, config } = props;
    const sender = config.emailSender;
    if (!sender) {
      Annotations.of(this).addWarningV2(
        'creator-measurement:email-sender-missing',
        'Emails are not delivered: no sender is configured (-c emailSender=no-reply@example.com or env EMAIL_SENDER, an SES-verified identity). They wait in the outbox table.',
      );
      return;
    }

    this.function = new RouteFunction(this, 'DeliverOutbox', {
      handler: 'jobs/deliver-outbox',
      description: 'job: deliver-outbox',
      environment: { ...props.environment, EMAIL_SENDER: sender },
      config,
      // A batch of ten sends, each bounded by the mailer's request timeouts.
      timeout: Duration.minutes(1),
    });
    this.function.bindTable(table, 'read-write');
    // Only from the stage's sender, through its identity (the address's own, or its domain's,
    // whichever is the verified one in SES). Needs SES production access: in the sandbox SES also
    // authorizes each recipient's identity, which this policy deliberately does not grant.
    const domain = sender.slice(sender.lastIndexOf('@') + 1);
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [sender, domain].map((identity) =>
          Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
        ),
        conditions: { StringEquals: { 'ses:FromAddress': sender } },
      }),
    );

    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters', {
      name: 'outbox',
      of: 'the outbox stream mapping (email delivery)',
    });
    readTableStream(this.function, table, {
      // The oldest record the stream holds: emails put before the consumer existed go too.
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: RETRY_ATTEMPTS,
      maxRecordAge: MAX_RECORD_AGE,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(this.deadLetterQueue),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { Keys: { pk: { S: FilterRule.isEqual(OUTBOX_PARTITION) } } },
        }),
      ],
    });
  }
}
