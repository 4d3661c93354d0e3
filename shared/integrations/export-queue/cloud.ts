/**
 * The exports queue on SQS (`EXPORTS_QUEUE_URL`, infra/exports.ts), a standard queue used as a fair
 * queue: the tenant is the MessageGroupId.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { ExportMessage, ExportQueue } from './port.ts';

export class SqsExportQueue implements ExportQueue {
  private readonly client = new SQSClient({});

  constructor(readonly queueUrl: string) {}

  async send(message: ExportMessage): Promise<void> {
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(message),
        MessageGroupId: message.tenantId,
      }),
    );
  }
}
