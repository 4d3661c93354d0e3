/**
 * A pending email change: the new address and a single-use confirmation code, stored with the
 * confirmation email in one transaction. A newer request replaces an older one. Nothing changes
 * until the code is confirmed (DECISIONS.md "Identity and tokens"); a request answers the same
 * whether or not another account uses the address (no account enumeration).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, forbidden } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { transactWrite } from './operations.ts';
import { outboxPut } from './outbox.ts';
import { getUser, type User } from './users.ts';

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

/**
 * Applies a pending email change with the code emailed to the new address, once: the request is
 * consumed, the profile's email set and the uniqueness claim moved from the old address to the new
 * one, all in one transaction. A wrong, used or expired code is 403 (as a deletion token); an
 * address another account holds by now is 409 and changes nothing (the request stays until it
 * expires, so nothing about the address was revealed before its mailbox confirmed).
 */
export async function confirmEmailChange(userId: string, code: string): Promise<User> {
  const [pending, user] = await Promise.all([
    documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.emailChange(userId), ConsistentRead: true })),
    getUser(userId),
  ]);
  const now = new Date().toISOString();
  const request = pending.Item;
  if (!user || request?.token !== code || (request.expiresAt as string) <= now) {
    throw forbidden('The email change code is wrong, used or expired.');
  }
  const newEmail = request.newEmail as string;
  await transactWrite([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.emailChange(userId),
        // Single use, and still the request that was read (a newer request replaces the code).
        ConditionExpression: '#token = :code AND expiresAt > :now',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':code': code, ':now': now },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET email = :newEmail, updatedAt = :now',
        // The old address must still be current, so two concurrent changes cannot both win.
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND email = :oldEmail',
        ExpressionAttributeValues: { ':newEmail': newEmail, ':now': now, ':oldEmail': user.email },
      },
    },
    { Delete: { TableName: tableName(), Key: keys.emailClaim(user.email) } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.emailClaim(newEmail), userId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ], [
    [0, () => forbidden('The email change code is wrong, used or expired.')],
    [1, () => conflict('The account changed concurrently; retry.')],
    [3, () => conflict('Another account already uses this email address.')],
  ]);
  return { ...user, email: newEmail, updatedAt: now };
}
