/**
 * The email outbox: every email the service sends is first stored here, in the same transaction
 * as the change that caused it where there is one (the transactional-outbox pattern). Locally,
 * `GET /local/outbox` reads it; in the cloud the table's stream hands each new item to
 * functions/jobs/deliver-outbox.ts, which sends it through SES and settles it here.
 *
 * Settling is the delivery marker: `deliveredAt` and SES's `messageId` (or `rejectedAt` and why,
 * for an email that can never be sent). It is written after SES accepted the email, conditioned on
 * the item being unsettled, and the sender skips an item already settled — so a stream record
 * delivered again (a retried batch, the records after a failed one) sends nothing. The one
 * window left is a crash between SES accepting and the marker being written: the retry sends the
 * email again. That is the deliberate choice: marking before sending would turn the same crash
 * into an email never sent (a lost invitation or deletion code), and SES offers no idempotency
 * key that could close the window, so delivery is at-least-once and a duplicate is rare. An item
 * left unsettled (its record sent to the dead-letter queue) stays visible for a replay.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { isConditionFailure } from './operations.ts';

export type EmailKind = 'invitation' | 'deletion' | 'email_change';

export interface Email {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: EmailKind;
  data: Record<string, unknown>;
  /** When the request that sent it answered (DECISIONS.md's name); SES delivery is `deliveredAt`. */
  sentAt: string;
}

/** The stored email as it leaves the table (a query result or a stream image). */
export function emailOf(item: Record<string, unknown>): Email {
  const { id, to, subject, text, kind, data, sentAt } = item as unknown as Email;
  return { id, to, subject, text, kind, data, sentAt };
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
  return (out.Items ?? []).map(emailOf);
}

export type DeliveryOutcome = { messageId: string } | { rejected: string };

/** Whether the email still waits for delivery: false once settled, or when the item is gone. */
export async function awaitsDelivery(email: Pick<Email, 'id' | 'sentAt'>): Promise<boolean> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.outboxEmail(email.sentAt, email.id),
      // Strongly consistent: a marker written by the previous attempt moments ago must be seen.
      ConsistentRead: true,
      ProjectionExpression: 'pk, deliveredAt, rejectedAt',
    }),
  );
  return out.Item !== undefined && out.Item.deliveredAt === undefined && out.Item.rejectedAt === undefined;
}

/**
 * Writes the delivery marker, once: false when the email was already settled (or is gone), so a
 * second delivery can tell it lost the race instead of overwriting the first one's message id.
 */
export async function settleDelivery(email: Pick<Email, 'id' | 'sentAt'>, outcome: DeliveryOutcome): Promise<boolean> {
  const at = new Date().toISOString();
  const [update, values] =
    'messageId' in outcome
      ? ['SET deliveredAt = :at, messageId = :detail', { ':at': at, ':detail': outcome.messageId }]
      : ['SET rejectedAt = :at, rejection = :detail', { ':at': at, ':detail': outcome.rejected }];
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outboxEmail(email.sentAt, email.id),
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deliveredAt) AND attribute_not_exists(rejectedAt)',
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
