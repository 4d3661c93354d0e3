/**
 * A dead-letter queue: encrypted, TLS-only, messages kept 14 days (SQS's longest) for a look and a
 * redrive. Every one in the stack is a DeadLetterQueue, which is how the alarms find them
 * (infra/operations.ts: each gets a not-empty alarm); test/infra/alarms.test.ts finds them from the
 * template instead, so one made otherwise fails there.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface DeadLetterQueueProps {
  /** A FIFO queue's dead-letter queue must be FIFO too. */
  fifo?: boolean;
  /** Short name, the one `npm run redrive -- --queue <name>` takes (`refresh`, `outbox`); the alarm is named after it. */
  name: string;
  /** Whose dead letters it holds ("the metric refresh queue"): the alarm and cdk-nag's acknowledgment say so. */
  of: string;
}

export class DeadLetterQueue extends Queue {
  readonly name: string;
  readonly of: string;

  constructor(scope: Construct, id: string, props: DeadLetterQueueProps) {
    super(scope, id, {
      ...(props.fifo ? { fifo: true } : {}),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.name = props.name;
    this.of = props.of;
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the dead-letter queue of ${props.of}.`,
    });
  }
}
