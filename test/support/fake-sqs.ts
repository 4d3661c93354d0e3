/**
 * A stand-in for Amazon SQS on loopback, speaking its JSON protocol (AWS JSON 1.0: a POST of
 * `application/x-amz-json-1.0` with `X-Amz-Target: AmazonSQS.<Action>`, errors as `{__type,
 * message}` with a 400) for the actions `npm run redrive` and its tests use: GetQueueUrl,
 * GetQueueAttributes, SendMessage, ReceiveMessage, DeleteMessage, StartMessageMoveTask and
 * ListMessageMoveTasks. A move task moves every message at once and is COMPLETED when listed
 * (SQS's run asynchronously; the script polls either way); a queue's `redriveSources` stand for
 * the source queues whose redrive policy names it, which is where a move without a destination goes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

export interface FakeMessage {
  MessageId: string;
  Body: string;
  ReceiptHandle?: string;
  MessageGroupId?: string;
  MessageDeduplicationId?: string;
}

interface MoveTask {
  TaskHandle: string;
  SourceArn: string;
  DestinationArn?: string;
  Status: 'RUNNING' | 'COMPLETED' | 'FAILED';
  ApproximateNumberOfMessagesMoved: number;
  ApproximateNumberOfMessagesToMove: number;
  StartedTimestamp: number;
}

interface FakeQueue {
  name: string;
  arn: string;
  url: string;
  messages: FakeMessage[];
  /** Received and not yet deleted: invisible to the next receive (no visibility timeout here). */
  inFlight: FakeMessage[];
  redriveSources: string[];
  moveTasks: MoveTask[];
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

class SqsError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export class FakeSqs {
  private readonly server: Server;
  private readonly queues = new Map<string, FakeQueue>();
  /** Every action called, in order (`AmazonSQS.` stripped). */
  readonly calls: { action: string; input: Record<string, any> }[] = [];
  endpoint = '';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Creates a queue (a `.fifo` name makes a FIFO queue); `redriveSources` are the ARNs of the queues it is the DLQ of. */
  createQueue(name: string, redriveSources: string[] = []): FakeQueue {
    const queue: FakeQueue = {
      name,
      arn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${name}`,
      url: `${this.endpoint}/${ACCOUNT}/${name}`,
      messages: [],
      inFlight: [],
      redriveSources,
      moveTasks: [],
    };
    this.queues.set(queue.arn, queue);
    return queue;
  }

  queue(arn: string): FakeQueue {
    const queue = this.queues.get(arn);
    if (!queue) throw new Error(`no fake queue ${arn}`);
    return queue;
  }

  put(arn: string, body: string, fifo: Partial<FakeMessage> = {}): void {
    this.queue(arn).messages.push({ MessageId: randomUUID(), Body: body, ...fifo });
  }

  private byUrl(url: unknown): FakeQueue {
    for (const queue of this.queues.values()) if (queue.url === url) return queue;
    throw new SqsError('com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
  }

  private byArn(arn: unknown): FakeQueue {
    const queue = this.queues.get(String(arn));
    if (!queue)
      throw new SqsError(
        'com.amazonaws.sqs#ResourceNotFoundException',
        "The resource that you specified for the SourceArn parameter doesn't exist.",
      );
    return queue;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
      res.end(JSON.stringify(body));
    };
    if (
      req.method !== 'POST' ||
      !target.startsWith('AmazonSQS.') ||
      req.headers['content-type'] !== 'application/x-amz-json-1.0'
    ) {
      reply(400, { __type: 'com.amazonaws.sqs#InvalidAction', message: 'Not an AWS JSON 1.0 SQS request.' });
      return;
    }
    const action = target.slice('AmazonSQS.'.length);
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, any>;
    this.calls.push({ action, input });
    try {
      reply(200, this.act(action, input));
    } catch (error) {
      if (!(error instanceof SqsError)) throw error;
      reply(400, { __type: error.type, message: error.message });
    }
  }

  private act(action: string, input: Record<string, any>): unknown {
    switch (action) {
      case 'GetQueueUrl': {
        const queue = [...this.queues.values()].find(
          (q) => q.name === input.QueueName && (input.QueueOwnerAWSAccountId ?? ACCOUNT) === ACCOUNT,
        );
        if (!queue) throw new SqsError('com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
        return { QueueUrl: queue.url };
      }
      case 'GetQueueAttributes': {
        const queue = this.byUrl(input.QueueUrl);
        return {
          Attributes: {
            ApproximateNumberOfMessages: String(queue.messages.length),
            ApproximateNumberOfMessagesNotVisible: String(queue.inFlight.length),
            QueueArn: queue.arn,
            ...(queue.name.endsWith('.fifo') ? { FifoQueue: 'true' } : {}),
          },
        };
      }
      case 'SendMessage': {
        const queue = this.byUrl(input.QueueUrl);
        if (queue.name.endsWith('.fifo') && !input.MessageGroupId)
          throw new SqsError(
            'com.amazonaws.sqs#MissingParameter',
            'The request must contain the parameter MessageGroupId.',
          );
        const message: FakeMessage = {
          MessageId: randomUUID(),
          Body: input.MessageBody,
          MessageGroupId: input.MessageGroupId,
          MessageDeduplicationId: input.MessageDeduplicationId,
        };
        queue.messages.push(message);
        return { MessageId: message.MessageId, MD5OfMessageBody: md5(message.Body) };
      }
      case 'ReceiveMessage': {
        const queue = this.byUrl(input.QueueUrl);
        const taken = queue.messages.splice(0, Math.min(Number(input.MaxNumberOfMessages ?? 1), 10));
        for (const m of taken) m.ReceiptHandle = randomUUID();
        queue.inFlight.push(...taken);
        // The SDK checks MD5OfBody against the body, as SQS computes it.
        return {
          Messages: taken.map(({ MessageId, Body, ReceiptHandle }) => ({
            MessageId,
            Body,
            ReceiptHandle,
            MD5OfBody: md5(Body),
          })),
        };
      }
      case 'DeleteMessage': {
        const queue = this.byUrl(input.QueueUrl);
        const at = queue.inFlight.findIndex((m) => m.ReceiptHandle === input.ReceiptHandle);
        if (at < 0)
          throw new SqsError('com.amazonaws.sqs#ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
        queue.inFlight.splice(at, 1);
        return {};
      }
      case 'StartMessageMoveTask': {
        const source = this.byArn(input.SourceArn);
        if (!source.redriveSources.length)
          throw new SqsError(
            'com.amazonaws.sqs#InvalidParameterValueException',
            'Source queue must be configured as a Dead Letter Queue.',
          );
        if (source.moveTasks.some((t) => t.Status === 'RUNNING'))
          throw new SqsError('com.amazonaws.sqs#InvalidParameterValueException', 'There is already a task running.');
        const destination = this.byArn(input.DestinationArn ?? source.redriveSources[0]);
        const moved = source.messages.splice(0);
        destination.messages.push(...moved.map((m) => ({ ...m, MessageId: randomUUID() })));
        const task: MoveTask = {
          TaskHandle: Buffer.from(JSON.stringify({ taskId: randomUUID(), sourceArn: source.arn })).toString('base64'),
          SourceArn: source.arn,
          ...(input.DestinationArn ? { DestinationArn: input.DestinationArn } : {}),
          Status: 'COMPLETED',
          ApproximateNumberOfMessagesMoved: moved.length,
          ApproximateNumberOfMessagesToMove: moved.length,
          StartedTimestamp: Date.now(),
        };
        source.moveTasks.unshift(task);
        return { TaskHandle: task.TaskHandle };
      }
      case 'ListMessageMoveTasks': {
        const source = this.byArn(input.SourceArn);
        return { Results: source.moveTasks.slice(0, Number(input.MaxResults ?? 1)) };
      }
      default:
        throw new SqsError('com.amazonaws.sqs#InvalidAction', `The action ${action} is not valid for this endpoint.`);
    }
  }
}
