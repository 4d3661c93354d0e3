/**
 * Social accounts of a creator: public profiles on one of the six platforms, stored under the
 * creator in the tenant's partition (`keys.socialAccount`). The profile URL is kept in its
 * canonical form (shared/domain/social-profiles.ts), so one account is recognised however it was typed.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../http/problem.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { isConditionFailure, queryAll, recordOf } from './operations.ts';

export interface SocialAccount {
  accountId: string;
  creatorId: string;
  platform: string;
  profileUrl: string;
  handle: string;
  followersCount: number | null;
  createdAt: string;
  updatedAt: string;
}

export async function socialAccountsOf(tenantId: string, creatorId: string): Promise<SocialAccount[]> {
  const { pk, skPrefix } = keys.socialAccountsOfCreator(tenantId, creatorId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<SocialAccount>(item)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Adds an account to a creator; 409 when the creator already has this canonical profile.
 * The duplicate check reads before writing: two simultaneous connects of the same profile could
 * both pass it (rare, and harmless beyond a duplicate row the user can delete).
 */
export async function connectSocialAccount(
  tenantId: string,
  creatorId: string,
  profile: { platform: string; profileUrl: string; handle: string },
): Promise<SocialAccount> {
  const existing = await socialAccountsOf(tenantId, creatorId);
  if (existing.some((a) => a.platform === profile.platform && a.profileUrl === profile.profileUrl)) {
    throw conflict('This creator already has this account.');
  }
  const now = new Date().toISOString();
  const account: SocialAccount = { accountId: randomUUID(), creatorId, ...profile, followersCount: null, createdAt: now, updatedAt: now };
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.socialAccount(tenantId, creatorId, account.accountId), ...account },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return account;
}

/** Removes one account; 404 when it does not exist or is on another platform. */
export async function deleteSocialAccount(tenantId: string, creatorId: string, platform: string, accountId: string): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.socialAccount(tenantId, creatorId, accountId),
        ConditionExpression: 'attribute_exists(pk) AND platform = :platform',
        ExpressionAttributeValues: { ':platform': platform },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('The social account');
    throw error;
  }
}
