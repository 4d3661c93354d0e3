/**
 * Users: the profile record (`id` is the `userId` of the external auth provider) and a
 * case-insensitive uniqueness claim on its email, written together in one transaction.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { batchGet, isConditionFailure, recordOf, transactWrite } from './operations.ts';

export interface User {
  id: string;
  userId: string;
  email: string;
  name: string | null;
  jobRole: string | null;
  avatarKey: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The email is not among them: it changes only through a confirmed email change (email-changes.ts). */
export type UserChanges = Partial<Pick<User, 'name' | 'jobRole' | 'avatarKey'>>;

/** Fields a caller may change, and nothing else: update expressions are built from this list only. */
const UPDATABLE = ['name', 'jobRole', 'avatarKey'] as const;

export async function createUser(input: { userId: string; email: string; name?: string | null; jobRole?: string | null }): Promise<User> {
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
  await transactWrite([
    { Put: { TableName: tableName(), Item: { ...keys.user(user.userId), ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.emailClaim(user.email), userId: user.userId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ], [
    [0, () => conflict('A user with this userId already exists.')],
    [1, () => conflict('Another account already uses this email address.')],
  ]);
  return user;
}

export function userFromItem(item: Record<string, unknown>): User {
  return recordOf<User>(item);
}

export async function getUser(userId: string): Promise<User | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return out.Item && !out.Item.deletedAt ? recordOf<User>(out.Item) : undefined;
}

export async function getUsers(userIds: readonly string[]): Promise<Map<string, User>> {
  const items = await batchGet([...new Set(userIds)].map((id) => keys.user(id)));
  return new Map(items.filter((item) => !item.deletedAt).map((item) => [item.userId as string, recordOf<User>(item)]));
}

/** Applies the given changes (only the updatable fields) and returns the whole updated record. */
export async function updateUser(userId: string, changes: UserChanges): Promise<User> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString() };
  const sets = ['#updatedAt = :updatedAt'];
  for (const field of UPDATABLE) {
    if (changes[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
    sets.push(`#${field} = :${field}`);
  }
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf<User>(out.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('User');
    throw error;
  }
}
