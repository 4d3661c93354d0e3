/**
 * The queue ports' SQS side (shared/integrations/sqs): which queue a port chooses, and batch sends
 * ten entries at a time that fail when SQS refuses an entry (the caller's own retry sends it again).
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredQueue } from '../../shared/integrations/sqs/configured-queue.ts';
import { sendInBatches } from '../../shared/integrations/sqs/send-batches.ts';
import { SqsRefreshQueue } from '../../shared/integrations/refresh-queue/cloud.ts';
import { deduplicationId } from '../../shared/integrations/refresh-queue/port.ts';
import { SqsWebhookQueue } from '../../shared/integrations/webhook-queue/cloud.ts';

const sqs = mockClient(SQSClient);
afterEach(() => {
  sqs.reset();
  delete process.env.TEST_QUEUE_URL;
});

describe('configuredQueue', () => {
  interface Queue {
    name: string;
  }
  const made: string[] = [];
  const choice = configuredQueue<Queue, Queue & { queueUrl: string }>('TEST_QUEUE_URL', (queueUrl) => {
    made.push(queueUrl);
    return { name: 'sqs', queueUrl };
  });

  it('is none without the variable, the SQS queue of its URL (made once per URL), and the one put in place until taken out', () => {
    expect(choice.get()).toBeUndefined();
    process.env.TEST_QUEUE_URL = 'https://sqs.example/a';
    const first = choice.get();
    expect(first).toMatchObject({ name: 'sqs', queueUrl: 'https://sqs.example/a' });
    expect(choice.get()).toBe(first);
    process.env.TEST_QUEUE_URL = 'https://sqs.example/b';
    expect(choice.get()).toMatchObject({ queueUrl: 'https://sqs.example/b' });
    expect(made).toEqual(['https://sqs.example/a', 'https://sqs.example/b']);
    const local = { name: 'local' };
    choice.use(local);
    expect(choice.get()).toBe(local);
    choice.use(undefined);
    expect(choice.get()).toMatchObject({ name: 'sqs' });
  });
});

describe('sendInBatches', () => {
  it('sends 23 entries as batches of 10, 10 and 3, each numbering its entries', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const entries = Array.from({ length: 23 }, (_, i) => ({ MessageBody: `m${i}` }));
    await sendInBatches(new SQSClient({}), 'https://sqs.example/q', entries, 'messages');
    const batches = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    expect(batches.map((b) => b.Entries!.length)).toEqual([10, 10, 3]);
    expect(batches[2]!.Entries).toEqual([
      { Id: '0', MessageBody: 'm20' },
      { Id: '1', MessageBody: 'm21' },
      { Id: '2', MessageBody: 'm22' },
    ]);
    expect(batches.every((b) => b.QueueUrl === 'https://sqs.example/q')).toBe(true);
  });

  it('fails naming the refused count and codes, and sends no batch after it', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .resolves({ Successful: [], Failed: [{ Id: '3', Code: 'InternalError', SenderFault: false }] });
    const entries = Array.from({ length: 12 }, (_, i) => ({ MessageBody: `m${i}` }));
    await expect(
      sendInBatches(new SQSClient({}), 'https://sqs.example/q', entries, 'refresh messages'),
    ).rejects.toThrow('SQS refused 1 of 10 refresh messages: InternalError');
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(1);
  });

  it('is what the refresh and webhook queues send with: their group, deduplication and body per message', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const reading = { kind: 'content' as const, tenantId: 't1', activityId: 'a1', dueAt: '2026-11-26T10:00:00.000Z' };
    await new SqsRefreshQueue('https://sqs.example/refresh.fifo').send([reading]);
    await new SqsWebhookQueue('https://sqs.example/webhooks').send([{ tenantId: 't2', deliveryId: 'd1' }]);
    const [refresh, webhook] = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    expect(refresh!.Entries![0]).toMatchObject({
      Id: '0',
      MessageGroupId: 't1',
      MessageBody: JSON.stringify(reading),
      MessageDeduplicationId: deduplicationId(reading),
    });
    expect(webhook!.Entries![0]).toEqual({
      Id: '0',
      MessageGroupId: 't2',
      MessageBody: JSON.stringify({ tenantId: 't2', deliveryId: 'd1' }),
    });
  });
});
