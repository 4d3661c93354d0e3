/**
 * SendMessageBatch of any number of entries, ten at a time (SQS's limit); an entry SQS refuses
 * fails the send, so the caller's own retry (a due index, a stream record) sends it again.
 */
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, type SQSClient } from '@aws-sdk/client-sqs';

const SQS_BATCH = 10;

export async function sendInBatches(
  client: SQSClient,
  queueUrl: string,
  entries: readonly Omit<SendMessageBatchRequestEntry, 'Id'>[],
  what: string,
): Promise<void> {
  for (let i = 0; i < entries.length; i += SQS_BATCH) {
    const chunk = entries.slice(i, i + SQS_BATCH);
    const out = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: chunk.map((entry, n) => ({ ...entry, Id: String(n) })),
      }),
    );
    if (out.Failed?.length)
      throw new Error(
        `SQS refused ${out.Failed.length} of ${chunk.length} ${what}: ${out.Failed.map((f) => f.Code).join(', ')}`,
      );
  }
}
