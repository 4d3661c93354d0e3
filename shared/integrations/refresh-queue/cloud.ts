/**
 * The refresh queue on SQS FIFO (`METRICS_QUEUE_URL`): the tenant as message group, the reading's
 * `deduplicationId` as deduplication id, so the same due reading sent twice within SQS's
 * five-minute window is queued once.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { sendInBatches } from '../sqs/send-batches.ts';
import { deduplicationId, type RefreshMessage, type RefreshQueue } from './port.ts';

export class SqsRefreshQueue implements RefreshQueue {
  constructor(
    readonly queueUrl: string,
    private readonly client = new SQSClient({}),
  ) {}

  async send(messages: readonly RefreshMessage[]): Promise<void> {
    // An entry SQS refused is still due in the index: the next dispatch sends it again.
    const entries = messages.map((message) => ({
      MessageBody: JSON.stringify(message),
      MessageGroupId: message.tenantId,
      MessageDeduplicationId: deduplicationId(message),
    }));
    await sendInBatches(this.client, this.queueUrl, entries, 'refresh messages');
  }
}
