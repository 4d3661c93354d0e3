/**
 * The email outbox: every email the service sends is first stored here, in the same transaction
 * as the change that caused it where there is one (the transactional-outbox pattern). Locally,
 * `GET /local/outbox` reads it; in the cloud a sender delivers from it.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { recordOf } from './operations.ts';

export type EmailKind = 'invitation' | 'deletion' | 'email_change';

export interface Email {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: EmailKind;
  data: Record<string, unknown>;
  sentAt: string;
}

/** A Put for `TransactWriteItems` that stores the email beside the change that sends it. */
export function outboxPut(email: Omit<Email, 'id' | 'sentAt'>): { Put: { TableName: string; Item: Record<string, unknown> } } {
  const id = randomUUID();
  const sentAt = new Date().toISOString();
  return { Put: { TableName: tableName(), Item: { ...keys.outboxEmail(sentAt, id), id, sentAt, ...email } } };
}

/** The outbox, newest first. */
export async function listOutbox(limit = 100): Promise<Email[]> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.outbox().pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => recordOf<Email>(item));
}
