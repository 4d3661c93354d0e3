/**
 * A pending email change: the new address and a single-use confirmation token, stored with the
 * confirmation email in one transaction. A newer request replaces an older one.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { outboxPut } from './outbox.ts';

export const EMAIL_CHANGE_TTL_HOURS = 24;

export interface EmailChangeRequest {
  userId: string;
  newEmail: string;
  expiresAt: string;
  requestedAt: string;
}

export async function requestEmailChange(userId: string, newEmail: string): Promise<EmailChangeRequest> {
  const token = randomUUID();
  const requestedAt = new Date().toISOString();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3600_000).toISOString();
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.emailChange(userId),
              userId,
              newEmail,
              token,
              expiresAt,
              requestedAt,
              // DynamoDB TTL removes stale requests (epoch seconds).
              ttl: Math.floor(Date.parse(expiresAt) / 1000),
            },
          },
        },
        outboxPut({
          to: newEmail,
          subject: 'Confirm your new email address',
          text: `Someone asked to change the email address of your account to ${newEmail}. If it was you, confirm with the code ${token} within ${EMAIL_CHANGE_TTL_HOURS} hours. If not, ignore this email.`,
          kind: 'email_change',
          data: { userId, newEmail, token, expiresAt },
        }),
      ],
    }),
  );
  return { userId, newEmail, expiresAt, requestedAt };
}
