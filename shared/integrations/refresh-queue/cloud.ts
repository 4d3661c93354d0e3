/**
 * The refresh queue on SQS FIFO (`METRICS_QUEUE_URL`): the tenant as message group, the reading's
 * `deduplicationId` as deduplication id, so the same due reading sent twice within SQS's
 * five-minute window is queued once.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { deduplicationId, type RefreshMessage, type RefreshQueue } from './port.ts';

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
