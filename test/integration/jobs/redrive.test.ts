/**
 * `npm run redrive` (infra/scripts/redrive.ts) against a fake SQS on loopback that speaks SQS's
 * JSON protocol (test/support/fake-sqs.ts), and for the outbox against DynamoDB Local: the dry run
 * counts and changes nothing, the refresh DLQ's messages go back to the FIFO refresh queue by a
 * move task, the webhook delivery queue's likewise (a standard queue), the outbox's undelivered emails are put again and its DLQ emptied, and an unknown or
 * unsupported queue is refused with exit code 2.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { redrive, REPLAY_GRACE_MINUTES } from '../../../infra/scripts/redrive.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { FakeSqs } from '../../support/fake-sqs.ts';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable, LOCAL_CREDENTIALS } from '../../../infra/local/dynamodb.ts';
import { createEndpoint } from '../../../shared/db/webhooks/endpoints.ts';
import { deliveryIdOf, getStoredDelivery } from '../../../shared/db/webhooks/deliveries.ts';
import { addMembership } from '../../../shared/db/tenancy/memberships.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { createUser } from '../../../shared/db/tenancy/users.ts';
import { useWebhookQueue, type DeliveryMessage } from '../../../shared/integrations/webhook-queue/index.ts';

const fake = new FakeSqs();
let sqs: SQSClient;
let lines: string[];
let errors: string[];

beforeAll(async () => {
  await fake.start();
  sqs = new SQSClient({
    endpoint: fake.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
});
afterAll(async () => {
  sqs.destroy();
  await fake.stop();
});
beforeEach(() => {
  lines = [];
  errors = [];
});

function run(argv: string[], env: Record<string, string>) {
  return redrive(argv, {
    sqs,
    env: { TABLE_NAME: tableName(), ...env },
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
    pollMs: 1,
  });
}

/** A refresh queue and its FIFO dead-letter queue holding `count` dead-lettered readings. */
function refreshQueues(count: number) {
  const id = randomUUID().slice(0, 8);
  const source = fake.createQueue(`refresh-${id}.fifo`);
  const dlq = fake.createQueue(`refresh-dlq-${id}.fifo`, [source.arn]);
  for (let i = 0; i < count; i++)
    fake.put(dlq.arn, JSON.stringify({ activityId: `a${i}` }), { MessageGroupId: 'tenant-1' });
  return { source, dlq, env: { REFRESH_DLQ_ARN: dlq.arn } };
}

describe('npm run redrive -- --queue refresh (a FIFO dead-letter queue, by message move task)', () => {
  it('dry run: says how many messages wait and what it would do, and moves nothing', async () => {
    const { source, dlq, env } = refreshQueues(3);
    expect(await run(['--queue', 'refresh', '--dry-run'], env)).toBe(0);
    expect(lines.join('\n')).toContain(`Dry run: 3 message(s) in ${dlq.arn}.`);
    expect(lines.join('\n')).toContain('Would start a message move task');
    expect(fake.calls.some((c) => c.action === 'StartMessageMoveTask')).toBe(false);
    expect([dlq.messages.length, source.messages.length]).toEqual([3, 0]);
  });

  it('starts a move task from the DLQ (no destination: back to its source queue) and reports it finished', async () => {
    const { source, dlq, env } = refreshQueues(2);
    expect(await run(['--queue=refresh'], env)).toBe(0);
    const start = fake.calls.filter((c) => c.action === 'StartMessageMoveTask').at(-1)!;
    expect(start.input).toEqual({ SourceArn: dlq.arn });
    expect([dlq.messages.length, source.messages.map((m) => m.Body)]).toEqual([
      0,
      ['{"activityId":"a0"}', '{"activityId":"a1"}'],
    ]);
    expect(source.messages.every((m) => m.MessageGroupId === 'tenant-1')).toBe(true);
    expect(lines.at(-1)).toBe('Move task COMPLETED: 2 message(s) moved.');
  });

  it('starts nothing when the DLQ is empty', async () => {
    const { env } = refreshQueues(0);
    const before = fake.calls.filter((c) => c.action === 'StartMessageMoveTask').length;
    expect(await run(['--queue', 'refresh'], env)).toBe(0);
    expect(fake.calls.filter((c) => c.action === 'StartMessageMoveTask').length).toBe(before);
    expect(lines.at(-1)).toMatch(/nothing to move/);
  });

  it('fails when SQS refuses the move (a queue that is no dead-letter queue)', async () => {
    const lonely = fake.createQueue(`lonely-${randomUUID().slice(0, 8)}.fifo`);
    fake.put(lonely.arn, '{}', { MessageGroupId: 'g' });
    await expect(run(['--queue', 'refresh'], { REFRESH_DLQ_ARN: lonely.arn })).rejects.toThrow(/Dead Letter Queue/);
  });
});

describe("npm run redrive -- --queue webhooks (the delivery queue's dead-letter queue, by message move task)", () => {
  it('dry run names the webhook delivery queue; a run moves the delivery ids back to it', async () => {
    const id = randomUUID().slice(0, 8);
    const source = fake.createQueue(`webhooks-${id}`);
    const dlq = fake.createQueue(`webhooks-dlq-${id}`, [source.arn]);
    const message = (n: number) => JSON.stringify({ tenantId: 't1', deliveryId: `d${n}` });
    for (const n of [1, 2, 3]) fake.put(dlq.arn, message(n));
    const env = { WEBHOOK_DLQ_ARN: dlq.arn };

    expect(await run(['--queue', 'webhooks', '--dry-run'], env)).toBe(0);
    expect(lines).toEqual([
      `Dry run: 3 message(s) in ${dlq.arn}.`,
      'Would start a message move task moving them back to the webhook delivery queue.',
    ]);
    expect([dlq.messages.length, source.messages.length]).toEqual([3, 0]);

    lines = [];
    expect(await run(['--queue', 'webhooks'], env)).toBe(0);
    expect(fake.calls.filter((c) => c.action === 'StartMessageMoveTask').at(-1)!.input).toEqual({ SourceArn: dlq.arn });
    expect([dlq.messages.length, source.messages.map((m) => m.Body).sort()]).toEqual([
      0,
      [message(1), message(2), message(3)],
    ]);
    expect(lines).toEqual([
      `Started a message move task of 3 message(s) from ${dlq.arn} back to the webhook delivery queue.`,
      'Move task COMPLETED: 3 message(s) moved.',
    ]);
  });
});

describe("npm run redrive -- --queue webhook-events (the fan-out stream mapping's dead-letter queue: its batches read again)", () => {
  const endpoint = process.env.DYNAMODB_ENDPOINT!;
  const local = { endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS };
  let streams: DynamoDBStreamsClient;
  const queued: DeliveryMessage[] = [];

  beforeAll(async () => {
    await ensureTable(endpoint, tableName(), { stream: true });
    streams = new DynamoDBStreamsClient(local);
    useWebhookQueue({ send: async (messages) => void queued.push(...messages) });
  });
  afterAll(() => {
    useWebhookQueue(undefined);
    streams.destroy();
  });

  /** Where the stream holds the record of the item with this key: what a failed batch's dead letter names. */
  async function batchOfItem(key: { pk: string; sk: string }) {
    const tables = new DynamoDBClient(local);
    const streamArn = (await tables.send(new DescribeTableCommand({ TableName: tableName() }))).Table!.LatestStreamArn!;
    tables.destroy();
    for (const shard of (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription!
      .Shards!) {
      let iterator = (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.ShardId!,
            ShardIteratorType: 'TRIM_HORIZON',
          }),
        )
      ).ShardIterator;
      while (iterator) {
        const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        const found = out.Records?.find(
          (r) => r.dynamodb?.Keys?.pk?.S === key.pk && r.dynamodb?.Keys?.sk?.S === key.sk,
        );
        if (found)
          return {
            streamArn,
            shardId: shard.ShardId!,
            startSequenceNumber: found.dynamodb!.SequenceNumber!,
            endSequenceNumber: found.dynamodb!.SequenceNumber!,
          };
        if (!out.Records?.length) break;
        iterator = out.NextShardIterator;
      }
    }
    throw new Error('The write is not in the stream');
  }

  it('fans a failed batch out again: the delivery is made and queued once, and its dead letter deleted; a batch it cannot read is left, exit 1', async () => {
    const tenantId = (await createTenant({ name: 'Redrive', ownerUserId: randomUUID() })).id;
    const hook = await createEndpoint(
      tenantId,
      { url: 'https://hooks.example/in', events: ['member.joined'], enabled: true, description: null },
      'sealed',
    );
    const ada = await createUser({ userId: randomUUID(), email: `${randomUUID()}@example.com`, name: 'Ada' });
    await addMembership(tenantId, ada.userId, 'member', 'active');
    const batch = await batchOfItem(keys.membership(tenantId, ada.userId));

    const dlq = fake.createQueue(`webhook-events-dlq-${randomUUID().slice(0, 8)}`);
    fake.put(dlq.arn, JSON.stringify({ version: '1.0', DDBStreamBatchInfo: { ...batch, batchSize: 1 } }));
    const env = {
      WEBHOOK_EVENTS_DLQ_ARN: dlq.arn,
      WEBHOOK_DELIVERY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/webhooks',
    };
    const redriveEvents = (argv: string[]) =>
      redrive(argv, {
        sqs,
        streams,
        env: { TABLE_NAME: tableName(), ...env },
        out: (l) => lines.push(l),
        err: (l) => errors.push(l),
      });

    expect(await redriveEvents(['--queue', 'webhook-events', '--dry-run'])).toBe(0);
    expect(lines[0]).toBe(`Dry run: 1 message(s) in ${dlq.arn}.`);
    expect(queued).toEqual([]);

    lines = [];
    expect(await redriveEvents(['--queue', 'webhook-events'])).toBe(0);
    expect(lines).toEqual([
      `Fanned out 1 record(s) of 1 failed batch(es) again and deleted their dead-letter message(s).`,
    ]);
    const [delivery] = queued.filter((m) => m.tenantId === tenantId);
    expect(await getStoredDelivery(delivery!.deliveryId)).toMatchObject({
      endpointId: hook.id,
      eventType: 'member.joined',
    });
    expect(delivery!.deliveryId).toBe(deliveryIdOf((await getStoredDelivery(delivery!.deliveryId))!.eventId, hook.id));
    expect([dlq.messages.length, dlq.inFlight.length]).toEqual([0, 0]);

    // A batch of a shard the stream does not hold, and a message naming no batch: both left, and said.
    fake.put(
      dlq.arn,
      JSON.stringify({ DDBStreamBatchInfo: { ...batch, shardId: 'shardId-00000000000000000000-00000000' } }),
    );
    fake.put(dlq.arn, JSON.stringify({ something: 'else' }));
    lines = [];
    expect(await redriveEvents(['--queue', 'webhook-events'])).toBe(1);
    expect(lines).toEqual([
      'Fanned out 0 record(s) of 0 failed batch(es) again and deleted their dead-letter message(s).',
    ]);
    expect(errors).toEqual([
      expect.stringMatching(/no longer holds shard shardId-0+-0+ .*cannot be sent again\.$/),
      expect.stringMatching(/names no stream batch\.$/),
    ]);
    expect(dlq.inFlight.length + dlq.messages.length).toBe(2);
  });
});

describe('npm run redrive -- --queue webhook-events without a stream client given', () => {
  it('makes its own and destroys it when the run ends, a failed one too', async () => {
    const dlq = fake.createQueue(`webhook-events-dlq-${randomUUID().slice(0, 8)}`);
    fake.put(dlq.arn, JSON.stringify({ something: 'else' }));
    const destroyed = vi.spyOn(DynamoDBStreamsClient.prototype, 'destroy');
    try {
      const env = {
        WEBHOOK_EVENTS_DLQ_ARN: dlq.arn,
        WEBHOOK_DELIVERY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/webhooks',
      };
      expect(await run(['--queue', 'webhook-events'], env)).toBe(1);
      expect(errors).toEqual([expect.stringMatching(/names no stream batch\.$/)]);
      expect(destroyed).toHaveBeenCalledTimes(1);
    } finally {
      destroyed.mockRestore();
    }
  });
});

describe("npm run redrive -- --queue outbox (a stream mapping's dead-letter queue: the emails are put again)", () => {
  const put = (sentAt: string, extra: Record<string, unknown> = {}) => {
    const id = randomUUID();
    const email = {
      id,
      to: `${id}@example.com`,
      subject: 'Confirm',
      text: 'Your code: 123456',
      kind: 'email_change',
      data: { code: '123456' },
      sentAt,
      ...extra,
    };
    return documentClient()
      .send(new PutCommand({ TableName: tableName(), Item: { ...keys.outboxEmail(sentAt, id), ...email } }))
      .then(() => email);
  };
  const stored = async (email: { id: string; sentAt: string }) =>
    (
      await documentClient().send(
        new GetCommand({ TableName: tableName(), Key: keys.outboxEmail(email.sentAt, email.id), ConsistentRead: true }),
      )
    ).Item;
  const byRecipient = async (to: string) =>
    (
      (
        await documentClient().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': 'OUTBOX' },
            ConsistentRead: true,
          }),
        )
      ).Items ?? []
    ).filter((i) => i.to === to);

  it('dry run counts; a run puts each old undelivered email again under a new id, leaves settled and recent ones, and empties the DLQ', async () => {
    const old = new Date(Date.now() - (REPLAY_GRACE_MINUTES + 5) * 60_000).toISOString();
    const undelivered = await put(old);
    const delivered = await put(old, { deliveredAt: old, messageId: 'ses-1' });
    const recent = await put(new Date().toISOString());
    const dlq = fake.createQueue(`outbox-dlq-${randomUUID().slice(0, 8)}`);
    fake.put(dlq.arn, JSON.stringify({ DDBStreamBatchInfo: { batchSize: 1 } }));
    fake.put(dlq.arn, JSON.stringify({ DDBStreamBatchInfo: { batchSize: 2 } }));
    const env = { OUTBOX_DLQ_ARN: dlq.arn };

    expect(await run(['--queue', 'outbox', '--dry-run'], env)).toBe(0);
    expect(lines).toEqual([
      `Dry run: 2 message(s) in ${dlq.arn}.`,
      expect.stringMatching(/^Would put 1 undelivered email\(s\)/),
    ]);
    expect(await stored(undelivered)).toBeDefined();
    expect(dlq.messages.length).toBe(2);

    lines = [];
    expect(await run(['--queue', 'outbox'], env)).toBe(0);
    expect(lines).toEqual([
      'Put 1 undelivered email(s) again for delivery.',
      `Deleted 2 dead-letter message(s) from ${dlq.arn}.`,
    ]);
    expect(await stored(undelivered)).toBeUndefined();
    const [again, ...more] = await byRecipient(undelivered.to);
    expect(more).toEqual([]);
    expect(again).toMatchObject({
      ...undelivered,
      id: expect.not.stringMatching(undelivered.id),
      pk: 'OUTBOX',
      sk: `${old}#${again!.id}`,
    });
    expect(await stored(delivered)).toMatchObject({ id: delivered.id, deliveredAt: old });
    expect(await stored(recent)).toMatchObject({ id: recent.id });
    expect([dlq.messages.length, dlq.inFlight.length]).toEqual([0, 0]);
  });
});

describe('refusals', () => {
  it('refuses an unknown queue and the analytics import (no DLQ) with exit code 2 and says why', async () => {
    expect(await run(['--queue', 'billing'], {})).toBe(2);
    expect(errors[0]).toMatch(
      /^Unknown queue "billing": refresh, webhooks, webhook-events or outbox\.\nusage: npm run redrive/,
    );
    errors = [];
    expect(await run(['--queue', 'analytics'], {})).toBe(2);
    expect(errors[0]).toMatch(/no dead-letter queue/);
    errors = [];
    expect(await run(['--queue', 'webhook-events'], {})).toBe(2);
    expect(errors[0]).toMatch(/^Set WEBHOOK_EVENTS_DLQ_ARN\./);
    errors = [];
    expect(await run(['--queue', 'refresh'], {})).toBe(2);
    expect(errors[0]).toMatch(/^Set REFRESH_DLQ_ARN\./);
  });

  it('asks for every variable a queue needs before its first call to AWS', async () => {
    const untouched = new SQSClient({
      endpoint: fake.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const send = vi.spyOn(untouched, 'send');
    const attempt = (argv: string[], env: Record<string, string | undefined>) =>
      redrive(argv, { sqs: untouched, env, out: (l) => lines.push(l), err: (l) => errors.push(l), pollMs: 1 });
    const arn = 'arn:aws:sqs:us-east-1:000000000000:absent-dlq';
    expect(await attempt(['--queue', 'webhook-events'], { WEBHOOK_EVENTS_DLQ_ARN: arn, TABLE_NAME: 'table' })).toBe(2);
    expect(errors.at(-1)).toMatch(/^Set WEBHOOK_DELIVERY_QUEUE_URL\./);
    expect(
      await attempt(['--queue', 'webhook-events'], {
        WEBHOOK_EVENTS_DLQ_ARN: arn,
        WEBHOOK_DELIVERY_QUEUE_URL: 'https://queue',
      }),
    ).toBe(2);
    expect(errors.at(-1)).toMatch(/^Set TABLE_NAME\./);
    expect(await attempt(['--queue', 'outbox'], { OUTBOX_DLQ_ARN: arn })).toBe(2);
    expect(errors.at(-1)).toMatch(/^Set TABLE_NAME\./);
    expect(send).not.toHaveBeenCalled();
    untouched.destroy();
  });

  it('exits 2 from the command line for an unknown queue, before touching AWS', async () => {
    const failure = await promisify(execFile)('npx', ['tsx', 'infra/scripts/redrive.ts', '--queue', 'nope'], {
      env: { ...process.env, REFRESH_DLQ_ARN: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown queue "nope"') });
  });
});
