/**
 * `npm run redrive -- --queue refresh|webhooks|webhook-events|outbox [--dry-run]`: puts what a dead-letter queue holds back
 * where it came from, with the stage's AWS credentials and `AWS_REGION` from the environment (as
 * `npm run reindex`). The queues are named by ARN in the environment, values the stack outputs
 * (plain CloudFormation outputs, read with `aws cloudformation describe-stacks`; the script does not
 * read the stack itself, which would take the CloudFormation client as a new dependency):
 *
 * - `refresh`, `REFRESH_DLQ_ARN` (output `RefreshDeadLetterQueueArn`): the metric refresh's FIFO
 *   dead-letter queue. An SQS message move task (StartMessageMoveTask, no destination: SQS sends
 *   each message back to the queue it was dead-lettered from) moves every message back to the
 *   refresh queue; SQS supports move tasks for FIFO dead-letter queues into FIFO queues (developer
 *   guide, "Configuring a dead-letter queue redrive"). It then waits for the task to finish.
 * - `webhooks`, `WEBHOOK_DLQ_ARN` (output `WebhookDeadLetterQueueArn`): the webhook delivery queue's
 *   dead-letter queue (a standard queue), moved back the same way. The messages carry ids only; the
 *   worker attempts a delivery still pending and ignores a settled one, so moving back is safe.
 * - `outbox`, `OUTBOX_DLQ_ARN` (output `OutboxDeadLetterQueueArn`) and `TABLE_NAME`: the email
 *   delivery's dead-letter queue is the on-failure destination of a DynamoDB stream mapping, whose
 *   messages only describe failed stream batches; SQS move tasks do not take a dead-letter queue
 *   fed by Lambda, and there is no source queue to move to. The emails themselves wait, unsettled,
 *   in the table: the script puts each one put more than REPLAY_GRACE_MINUTES ago again
 *   (shared/db/email/outbox.ts `replayUndelivered`), so the stream delivers it, then deletes the
 *   dead-letter messages it read.
 * - `analytics` is refused with why: the hourly import has no dead-letter queue (a failed run is
 *   made up by the next one).
 * - `webhook-events`, `WEBHOOK_EVENTS_DLQ_ARN` (output `WebhookEventsDeadLetterQueueArn`), with
 *   `TABLE_NAME` and `WEBHOOK_DELIVERY_QUEUE_URL` (output `WebhookDeliveryQueueUrl`): the fan-out's
 *   stream mapping's dead-letter queue, whose messages name failed stream batches (shard and
 *   sequence numbers), not events. The script reads each batch again from the stream, which keeps
 *   records 24 hours, and hands its tenants' records to the fan-out handler itself (a repeated
 *   fan-out puts no delivery twice), then deletes the message. A batch the stream no longer holds,
 *   or whose fan-out fails again, leaves its message where it is and the exit code 1.
 *
 * `--dry-run` counts the dead-letter queue's messages (ApproximateNumberOfMessages) and says what
 * it would do. Exit codes: 0 done, 1 failed (a move task already running or failed), 2 usage (an
 * unknown queue, a missing variable).
 */
import { pathToFileURL } from 'node:url';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListMessageMoveTasksCommand,
  ReceiveMessageCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { handler as fanOut } from '../../functions/jobs/fan-out-webhook-events.ts';
import { replayUndelivered } from '../../shared/db/email/index.ts';
import { lambdaRecord, ofTenant, readStreamBatch, type StreamBatchInfo } from '../stream-records.ts';

export const USAGE = `usage: npm run redrive -- --queue refresh|webhooks|webhook-events|outbox [--dry-run]
  refresh  REFRESH_DLQ_ARN (stack output RefreshDeadLetterQueueArn): an SQS message move task back to the refresh queue (FIFO)
  webhooks WEBHOOK_DLQ_ARN (stack output WebhookDeadLetterQueueArn): an SQS message move task back to the webhook delivery queue
  webhook-events WEBHOOK_EVENTS_DLQ_ARN (stack output WebhookEventsDeadLetterQueueArn), TABLE_NAME and WEBHOOK_DELIVERY_QUEUE_URL
           (stack output WebhookDeliveryQueueUrl): reads each failed stream batch again and fans it out
  outbox   OUTBOX_DLQ_ARN (stack output OutboxDeadLetterQueueArn) and TABLE_NAME: puts the undelivered emails again, then empties the dead-letter queue
  with AWS_REGION and the stage's AWS credentials; --dry-run counts and says what it would do`;

/** An email put this recently may still be on its way through the stream: left to it. */
export const REPLAY_GRACE_MINUTES = 15;

export interface RedriveIo {
  sqs: SQSClient;
  /** Reads failed stream batches again (`webhook-events`). */
  streams?: DynamoDBStreamsClient;
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Between looks at a running move task. */
  pollMs?: number;
}

class UsageError extends Error {}

/** Runs the command line `argv` (without node and the script); resolves to the exit code. */
export async function redrive(argv: string[], io: RedriveIo): Promise<number> {
  try {
    const { queue, dryRun } = parseArgs(argv);
    if (queue === 'analytics') {
      io.err(
        'The analytics import has no dead-letter queue: it runs hourly from a schedule, and a failed run is made up by the next one (a property not imported yet gets its 90 days, the others their last 3 days daily). Nothing to redrive.',
      );
      return 2;
    }
    // Every variable is checked before the first call to AWS.
    if (queue === 'webhook-events') {
      const arn = required(io.env, 'WEBHOOK_EVENTS_DLQ_ARN');
      required(io.env, 'TABLE_NAME');
      required(io.env, 'WEBHOOK_DELIVERY_QUEUE_URL');
      return await fanOutAgain(io, await deadLetterQueue(io.sqs, arn), dryRun);
    }
    if (queue === 'outbox') {
      const arn = required(io.env, 'OUTBOX_DLQ_ARN');
      required(io.env, 'TABLE_NAME');
      return await replayOutbox(io, await deadLetterQueue(io.sqs, arn), dryRun);
    }
    const moved = MOVED_BACK[queue]!;
    return await moveBack(io, await deadLetterQueue(io.sqs, required(io.env, moved.variable)), moved.to, dryRun);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n${USAGE}`);
    return 2;
  }
}

/** The dead-letter queues a message move task empties back into their source queue. */
const MOVED_BACK: Record<string, { variable: string; to: string }> = {
  refresh: { variable: 'REFRESH_DLQ_ARN', to: 'the refresh queue' },
  webhooks: { variable: 'WEBHOOK_DLQ_ARN', to: 'the webhook delivery queue' },
};

function parseArgs(argv: string[]): { queue: string; dryRun: boolean } {
  let queue: string | undefined;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--queue') queue = argv[++i];
    else if (arg.startsWith('--queue=')) queue = arg.slice('--queue='.length);
    else throw new UsageError(`Unknown argument ${JSON.stringify(arg)}.`);
  }
  if (!queue) throw new UsageError('Which queue? --queue is required.');
  if (!['refresh', 'webhooks', 'outbox', 'analytics', 'webhook-events'].includes(queue))
    throw new UsageError(`Unknown queue ${JSON.stringify(queue)}: refresh, webhooks, webhook-events or outbox.`);
  return { queue, dryRun };
}

function required(env: RedriveIo['env'], name: string): string {
  const value = env[name];
  if (!value) throw new UsageError(`Set ${name}.`);
  return value;
}

interface DeadLetterQueue {
  arn: string;
  url: string;
  messages: number;
}

/** The queue's URL (from its ARN: arn:aws:sqs:region:account:name) and its approximate message count. */
async function deadLetterQueue(sqs: SQSClient, arn: string): Promise<DeadLetterQueue> {
  const [, , service, , account, name] = arn.split(':');
  if (service !== 'sqs' || !account || !name) throw new UsageError(`Not an SQS queue ARN: ${JSON.stringify(arn)}.`);
  const { QueueUrl: url } = await sqs.send(
    new GetQueueUrlCommand({ QueueName: name, QueueOwnerAWSAccountId: account }),
  );
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  return { arn, url: url!, messages: Number(Attributes?.ApproximateNumberOfMessages ?? 0) };
}

async function latestMoveTask(sqs: SQSClient, sourceArn: string) {
  const { Results } = await sqs.send(new ListMessageMoveTasksCommand({ SourceArn: sourceArn, MaxResults: 1 }));
  return Results?.[0];
}

async function moveBack(io: RedriveIo, dlq: DeadLetterQueue, destination: string, dryRun: boolean): Promise<number> {
  const running = (await latestMoveTask(io.sqs, dlq.arn))?.Status === 'RUNNING';
  if (dryRun) {
    io.out(`Dry run: ${dlq.messages} message(s) in ${dlq.arn}.`);
    io.out(
      running
        ? 'A message move task is running already; nothing would be started.'
        : `Would start a message move task moving them back to ${destination}.`,
    );
    return 0;
  }
  if (running) {
    io.err(
      `A message move task is running already on ${dlq.arn} (one at a time); wait for it, or cancel it, and run again.`,
    );
    return 1;
  }
  if (dlq.messages === 0) {
    io.out(`No messages in ${dlq.arn}; nothing to move.`);
    return 0;
  }
  const { TaskHandle } = await io.sqs.send(new StartMessageMoveTaskCommand({ SourceArn: dlq.arn }));
  io.out(`Started a message move task of ${dlq.messages} message(s) from ${dlq.arn} back to ${destination}.`);
  for (;;) {
    const task = await latestMoveTask(io.sqs, dlq.arn);
    if (task && task.TaskHandle === TaskHandle && task.Status !== 'RUNNING') {
      io.out(
        `Move task ${task.Status}: ${task.ApproximateNumberOfMessagesMoved ?? 0} message(s) moved.${task.FailureReason ? ` ${task.FailureReason}` : ''}`,
      );
      return task.Status === 'COMPLETED' ? 0 : 1;
    }
    await new Promise((resolve) => setTimeout(resolve, io.pollMs ?? 5_000));
  }
}

async function replayOutbox(io: RedriveIo, dlq: DeadLetterQueue, dryRun: boolean): Promise<number> {
  const before = new Date(Date.now() - REPLAY_GRACE_MINUTES * 60_000).toISOString();
  const emails = await replayUndelivered(before, { dryRun });
  if (dryRun) {
    io.out(`Dry run: ${dlq.messages} message(s) in ${dlq.arn}.`);
    io.out(
      `Would put ${emails.length} undelivered email(s) (put before ${before}) again for delivery, then delete the dead-letter messages.`,
    );
    return 0;
  }
  io.out(`Put ${emails.length} undelivered email(s) again for delivery.`);
  io.out(`Deleted ${await drain(io.sqs, dlq.url)} dead-letter message(s) from ${dlq.arn}.`);
  return 0;
}

/** A dead-letter message of a stream mapping: where its failed batch was, or undefined when it names none. */
function batchOf(body: string | undefined): StreamBatchInfo | undefined {
  try {
    const info = (JSON.parse(body ?? '') as { DDBStreamBatchInfo?: Partial<StreamBatchInfo> }).DDBStreamBatchInfo;
    const complete =
      info &&
      [info.streamArn, info.shardId, info.startSequenceNumber, info.endSequenceNumber].every(
        (v) => typeof v === 'string' && v,
      );
    return complete ? (info as StreamBatchInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads each failed batch again and fans out its tenants' records; deletes the messages of the batches done. */
async function fanOutAgain(io: RedriveIo, dlq: DeadLetterQueue, dryRun: boolean): Promise<number> {
  if (dryRun) {
    io.out(`Dry run: ${dlq.messages} message(s) in ${dlq.arn}.`);
    io.out(
      'Would read each failed stream batch again (the stream keeps 24 hours) and fan out its records, then delete its message.',
    );
    return 0;
  }
  // A client made here is this run's alone: destroyed (its sockets closed) when the run ends.
  const made = io.streams ? undefined : new DynamoDBStreamsClient({ region: io.env.AWS_REGION });
  const streams = io.streams ?? made!;
  const left: string[] = [];
  let batches = 0;
  let records = 0;
  try {
    for (;;) {
      // Long enough that a message left in the queue is not received again by this run.
      const { Messages = [] } = await io.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: dlq.url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          VisibilityTimeout: 900,
        }),
      );
      if (!Messages.length) break;
      for (const message of Messages) {
        const batch = batchOf(message.Body);
        if (!batch) {
          left.push(`${message.MessageId}: names no stream batch`);
          continue;
        }
        try {
          const tenantRecords = (await readStreamBatch(streams, batch)).filter(ofTenant).map(lambdaRecord);
          const { batchItemFailures } = await fanOut({ Records: tenantRecords });
          if (batchItemFailures.length) {
            left.push(
              `${message.MessageId}: the fan-out failed again at sequence number ${batchItemFailures[0]!.itemIdentifier} (see its log)`,
            );
            continue;
          }
          await io.sqs.send(new DeleteMessageCommand({ QueueUrl: dlq.url, ReceiptHandle: message.ReceiptHandle }));
          batches += 1;
          records += tenantRecords.length;
        } catch (error) {
          const name = error instanceof Error ? error.name : '';
          if (name === 'TrimmedDataAccessException' || name === 'ResourceNotFoundException') {
            left.push(
              `${message.MessageId}: the stream no longer holds shard ${batch.shardId} from ${batch.startSequenceNumber} (over 24 hours old); these events cannot be sent again`,
            );
          } else {
            // Anything else (throttling, a batch read short) leaves this batch for another run, not the others.
            left.push(
              `${message.MessageId}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}; run again`,
            );
          }
        }
      }
    }
  } finally {
    made?.destroy();
  }
  io.out(
    `Fanned out ${records} record(s) of ${batches} failed batch(es) again and deleted their dead-letter message(s).`,
  );
  for (const line of left) io.err(`Left in ${dlq.arn}: ${line}.`);
  return left.length ? 1 : 0;
}

/** Receives and deletes until a receive comes back empty; returns how many it deleted. */
async function drain(sqs: SQSClient, url: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    if (!Messages.length) return deleted;
    for (const message of Messages) {
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.ReceiptHandle }));
      deleted += 1;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const sqs = new SQSClient({ region });
  const streams = new DynamoDBStreamsClient({ region });
  process.exitCode = await redrive(process.argv.slice(2), {
    sqs,
    streams,
    env: process.env,
    out: console.log,
    err: console.error,
  });
  sqs.destroy();
  streams.destroy();
}
