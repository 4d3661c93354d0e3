/**
 * The metric refresh queue: what the dispatcher, and a content link connect or change, hand to the
 * worker. In the cloud an SQS FIFO queue (`METRICS_QUEUE_URL`): the tenant is the message group, so
 * one tenant's metric writes are serialized (no two workers fight over its rollup items) while
 * tenants run in parallel; the deduplication id is the item and its due time, so the same due
 * reading sent twice within SQS's five-minute window is queued once. Locally `npm start` plugs in
 * an in-process queue with the same semantics (infra/local/metric-refresh.ts); with neither (handler
 * tests), sending does nothing and the item simply waits for the dispatcher.
 */
import { createHash } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { logger } from '../support/logger.ts';

/**
 * A reading due: an activity's content or a social account's follower count, with the due time it
 * was sent for (stale once that moved on).
 */
export const RefreshMessage = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('content'), tenantId: z.string(), activityId: z.string(), dueAt: z.string() }),
  z.strictObject({ kind: z.literal('followers'), tenantId: z.string(), creatorId: z.string(), accountId: z.string(), dueAt: z.string() }),
]);
export type RefreshMessage = z.infer<typeof RefreshMessage>;

/** Where messages go: SQS in the cloud, an in-process queue locally. */
export interface RefreshQueue {
  send(messages: readonly RefreshMessage[]): Promise<void>;
}

/** One reading of one item at one due time: what SQS deduplicates on (at most 128 characters). */
export function deduplicationId(message: RefreshMessage): string {
  const item = message.kind === 'content' ? message.activityId : message.accountId;
  return createHash('sha256').update(`${message.kind}|${message.tenantId}|${item}|${message.dueAt}`).digest('hex');
}

/** SendMessageBatch takes at most ten entries. */
const SQS_BATCH = 10;

export class SqsRefreshQueue implements RefreshQueue {
  constructor(
    readonly queueUrl: string,
    private readonly client = new SQSClient({}),
  ) {}

  async send(messages: readonly RefreshMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += SQS_BATCH) {
      const chunk = messages.slice(i, i + SQS_BATCH);
      const out = await this.client.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: chunk.map((message, n) => ({
            Id: String(n),
            MessageBody: JSON.stringify(message),
            MessageGroupId: message.tenantId,
            MessageDeduplicationId: deduplicationId(message),
          })),
        }),
      );
      // An entry SQS refused is still due in the index: the next dispatch sends it again.
      if (out.Failed?.length) throw new Error(`SQS refused ${out.Failed.length} of ${chunk.length} refresh messages: ${out.Failed.map((f) => f.Code).join(', ')}`);
    }
  }
}

let local: RefreshQueue | undefined;
let cloud: SqsRefreshQueue | undefined;

/** Locally: the in-process queue that `npm start` runs (undefined to unplug it). */
export function useLocalRefreshQueue(queue: RefreshQueue | undefined): void {
  local = queue;
}

/**
 * The queue of this environment, or undefined when there is none. Read from the environment
 * directly: only the functions the stack gives the queue (dispatcher, content link routes) have it.
 */
export function refreshQueue(): RefreshQueue | undefined {
  const url = process.env.METRICS_QUEUE_URL;
  if (url) return cloud?.queueUrl === url ? cloud : (cloud = new SqsRefreshQueue(url));
  return local;
}

/** Sends when there is a queue; answers whether it did. */
export async function requestRefresh(messages: readonly RefreshMessage[]): Promise<boolean> {
  const queue = refreshQueue();
  if (!queue || !messages.length) return false;
  await queue.send(messages);
  return true;
}

/**
 * Asks for readings at once after a write made them due (a content link connected, an account
 * added). The due index stays the source of truth, so a failed send only delays the reading to the
 * next dispatch: it is logged, never an error of the request whose change is already stored.
 */
export async function refreshSoon(messages: readonly RefreshMessage[]): Promise<void> {
  try {
    await requestRefresh(messages);
  } catch (error) {
    logger.warn('refresh-soon: not queued, the next dispatch reads it', { messages: messages.length, error: error instanceof Error ? error.message : String(error) });
  }
}
