// One use of the SQS client, made at the first request as the queue ports (shared/integrations/*-queue) make theirs.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

export async function use(): Promise<void> {
  client ??= new SQSClient({});
  await client.send(new SendMessageCommand({ QueueUrl: process.env.QUEUE_URL, MessageBody: 'reference' }));
}
