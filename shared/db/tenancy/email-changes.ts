/**
 * A pending email change: the new address and a single-use confirmation code, stored with the
 * confirmation email in one transaction. A newer request replaces an older one. Nothing changes
 * until the code is confirmed (docs/decisions.md "Identity and tokens"); a request answers the same
 * whether or not another account uses the address (no account enumeration).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { conflict, forbidden } from '../../domain/errors.ts';
import { defineEntity, getRecord } from '../table/entity.ts';
import { absent, all, compare, equals, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { outboxPut } from '../email/outbox.ts';
import { countAgainst, LIMITS } from './rate-limits.ts';
import { transact } from '../table/transact.ts';
import { EmailClaims, getUser, Users, type User } from './users.ts';

export const EMAIL_CHANGE_TTL_HOURS = 24;

export const EmailChanges = defineEntity({
  name: 'The email change',
  schema: () =>
    z.object({
      userId: z.string(),
      newEmail: z.string(),
      /** The single-use confirmation code. */
      token: z.string(),
      expiresAt: z.string(),
      requestedAt: z.string(),
      /** DynamoDB TTL removes stale requests (epoch seconds). */
      ttl: z.number(),
    }),
  key: keys.emailChange,
});

export type EmailChangeRequest = Pick<
  z.infer<typeof EmailChanges.schema>,
  'userId' | 'newEmail' | 'expiresAt' | 'requestedAt'
>;

/**
 * Stores the request and emails its code to the new address, counted against the user's hourly
 * limit and the address's (across accounts) in the same transaction: past either, 429 and nothing
 * written or sent. Both routes that request a change come here.
 */
export async function requestEmailChange(userId: string, newEmail: string): Promise<EmailChangeRequest> {
  const token = randomUUID();
  const requestedAt = new Date().toISOString();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3600_000).toISOString();
  await transact([
    EmailChanges.tx.put(EmailChanges.key(userId), {
      userId,
      newEmail,
      token,
      expiresAt,
      requestedAt,
      ttl: Math.floor(Date.parse(expiresAt) / 1000),
    }),
    outboxPut({
      to: newEmail,
      subject: 'Confirm your new email address',
      text: `Someone asked to change the email address of your account to ${newEmail}. If it was you, confirm with the code ${token} within ${EMAIL_CHANGE_TTL_HOURS} hours. If not, ignore this email.`,
      kind: 'email_change',
      data: { userId, newEmail, token, expiresAt },
    }),
    ...countAgainst([
      { limit: LIMITS.emailChangesPerUser, by: userId },
      { limit: LIMITS.emailChangeCodesPerRecipient, by: newEmail },
    ]),
  ]);
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
  const [request, user] = await Promise.all([
    getRecord(EmailChanges, EmailChanges.key(userId), { consistent: true }),
    getUser(userId),
  ]);
  const now = new Date().toISOString();
  const wrongCode = () => forbidden('The email change code is wrong, used or expired.');
  if (!user || request?.token !== code || request.expiresAt <= now) throw wrongCode();
  const { newEmail } = request;
  await transact([
    // Single use, and still the request that was read (a newer request replaces the code).
    EmailChanges.tx.delete(EmailChanges.key(userId), {
      condition: all(equals('token', code), compare('expiresAt', '>', now)),
      failure: wrongCode,
    }),
    // The old address must still be current, so two concurrent changes cannot both win.
    Users.tx.update(
      Users.key(userId),
      { set: { email: newEmail, updatedAt: now } },
      {
        condition: all(has('pk'), lacks('deletedAt'), equals('email', user.email)),
        failure: () => conflict('The account changed concurrently; retry.'),
      },
    ),
    EmailClaims.tx.delete(EmailClaims.key(user.email), { condition: null }),
    EmailClaims.tx.put(
      EmailClaims.key(newEmail),
      { userId },
      { condition: absent, failure: () => conflict('Another account already uses this email address.') },
    ),
  ]);
  return { ...user, email: newEmail, updatedAt: now };
}
