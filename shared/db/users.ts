/**
 * Users: the profile record (`id` is the `userId` of the external auth provider) and a
 * case-insensitive uniqueness claim on its email, written together in one transaction.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../http/problem.ts';
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

export type UserChanges = Partial<Pick<User, 'name' | 'email' | 'jobRole' | 'avatarKey'>>;

/** Fields a caller may change, and nothing else: update expressions are built from this list only. */
const UPDATABLE = ['name', 'email', 'jobRole', 'avatarKey'] as const;

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

/**
 * Applies the given changes (only the updatable fields) and returns the whole updated record.
 * An email change moves the uniqueness claim in the same transaction.
 */
export async function updateUser(userId: string, changes: UserChanges): Promise<User> {
  const now = new Date().toISOString();
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': now };
  const sets = ['#updatedAt = :updatedAt'];
  for (const field of UPDATABLE) {
    if (changes[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
    sets.push(`#${field} = :${field}`);
  }
  const update = {
    TableName: tableName(),
    Key: keys.user(userId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };

  // Only an email change needs the current record (to move the uniqueness claim).
  const current = changes.email === undefined ? undefined : await getUser(userId);
  if (changes.email !== undefined && !current) throw notFound('User');
  if (!current || changes.email!.toLowerCase() === current.email.toLowerCase()) {
    try {
      const out = await documentClient().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return recordOf<User>(out.Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw notFound('User');
      throw error;
    }
  }

  await transactWrite([
    // The old address must still be current, so two concurrent changes cannot both win.
    {
      Update: {
        ...update,
        ConditionExpression: 'attribute_exists(pk) AND #email = :oldEmail',
        ExpressionAttributeNames: { ...names, '#email': 'email' },
        ExpressionAttributeValues: { ...values, ':oldEmail': current.email },
      },
    },
    { Delete: { TableName: tableName(), Key: keys.emailClaim(current.email) } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.emailClaim(changes.email!), userId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ], [
    [2, () => conflict('Another account already uses this email address.')],
    [0, () => conflict('The user changed concurrently; retry.')],
  ]);
  return { ...current, ...stripUndefined(changes), updatedAt: now };
}

/** Whether an email address is claimed by an account other than `exceptUserId`. */
export async function emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email) }));
  return out.Item !== undefined && out.Item.userId !== exceptUserId;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
