/**
 * Users: the profile record (`id` is the `userId` of the external auth provider) and a
 * case-insensitive uniqueness claim on its email, written together in one transaction.
 */
import * as z from 'zod/mini';
import { conflict } from '../../domain/errors.ts';
import { defineEntity, getRecord, updateRecord } from '../table/entity.ts';
import { absent } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { batchGet } from '../table/operations.ts';
import { transact } from '../table/transact.ts';
import { UserSchema, type User } from '../../records/user.ts';
export type { User } from '../../records/user.ts';

export const Users = defineEntity({ name: 'User', schema: () => UserSchema, key: keys.user });

/** An address taken by an account (`keys.emailClaim` lower-cases it). */
export const EmailClaims = defineEntity({
  name: 'The email address',
  schema: () => z.object({ userId: z.string() }),
  key: keys.emailClaim,
});

/** The email is not among them: it changes only through a confirmed email change (email-changes.ts). */
export type UserChanges = Partial<Pick<User, 'name' | 'jobRole' | 'avatarKey'>>;

/** A deleted account's profile stays as a tombstone (account-deletion.ts); it reads as no user. */
const live = (item: Record<string, unknown>) => !item.deletedAt;

export async function createUser(input: {
  userId: string;
  email: string;
  name?: string | null;
  jobRole?: string | null;
}): Promise<User> {
  const now = new Date().toISOString();
  const user: User = {
    id: input.userId,
    userId: input.userId,
    email: input.email,
    name: input.name ?? null,
    jobRole: input.jobRole ?? null,
    avatarKey: null,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    Users.tx.put(Users.key(user.userId), user, {
      condition: absent,
      failure: () => conflict('A user with this userId already exists.'),
    }),
    EmailClaims.tx.put(
      EmailClaims.key(user.email),
      { userId: user.userId },
      {
        condition: absent,
        failure: () => conflict('Another account already uses this email address.'),
      },
    ),
  ]);
  return user;
}

export const userFromItem = Users.fromItem;

export async function getUser(userId: string): Promise<User | undefined> {
  const user = await getRecord(Users, Users.key(userId));
  return user && live(user) ? user : undefined;
}

export async function getUsers(userIds: readonly string[]): Promise<Map<string, User>> {
  const items = await batchGet(userIds.map((id) => Users.key(id)));
  return new Map(items.filter(live).map((item) => [item.userId as string, Users.fromItem(item)]));
}

/** Applies the given changes (only the updatable fields) and returns the whole updated record. */
export async function updateUser(userId: string, changes: UserChanges): Promise<User> {
  const { name, jobRole, avatarKey } = changes;
  return updateRecord(Users, Users.key(userId), {
    set: { name, jobRole, avatarKey, updatedAt: new Date().toISOString() },
  });
}
