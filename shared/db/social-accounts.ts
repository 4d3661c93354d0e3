/**
 * Social accounts of a creator: public profiles on one of the six platforms, stored under the
 * creator in the tenant's partition (`keys.socialAccount`). The profile URL is kept in its
 * canonical form (shared/domain/social-profiles.ts), so one account is recognised however it was typed.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { aggregateUpdate, present } from './aggregates.ts';
import { keys } from './keys.ts';
import { queryPrefix, recordOf, transactWrite } from './operations.ts';

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
  const items = await queryPrefix(keys.socialAccountsOfCreator(tenantId, creatorId), {
    ConsistentRead: true,
  });
  return items.map(socialAccountFromItem).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The record: the follower refresh's own bookkeeping (follower-counts.ts) is not part of it. */
function socialAccountFromItem(item: Record<string, unknown>): SocialAccount {
  const { followersFetchDueAt: _due, followersFetchedAt: _fetched, ...account } = recordOf<SocialAccount & { followersFetchDueAt?: string; followersFetchedAt?: string }>(item);
  return account;
}

/** The writes that remove an account with its uniqueness claim (also used by creator delete). */
export function socialAccountDeletes(tenantId: string, account: SocialAccount) {
  return [
    { Delete: { TableName: tableName(), Key: keys.socialAccount(tenantId, account.creatorId, account.accountId) } },
    { Delete: { TableName: tableName(), Key: keys.socialAccountClaim(tenantId, account.creatorId, account.platform, account.profileUrl) } },
  ];
}

/**
 * Adds an account to a creator; 409 when the creator already has this canonical profile. The
 * account and its uniqueness claim are written together, so simultaneous connects of one profile
 * cannot both succeed.
 */
export async function connectSocialAccount(
  tenantId: string,
  creatorId: string,
  profile: { platform: string; profileUrl: string; handle: string },
): Promise<SocialAccount> {
  const now = new Date().toISOString();
  const account: SocialAccount = { accountId: randomUUID(), creatorId, ...profile, followersCount: null, createdAt: now, updatedAt: now };
  await transactWrite([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.socialAccountClaim(tenantId, creatorId, profile.platform, profile.profileUrl), accountId: account.accountId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        // Due for its first follower count from its creation (the metric refresh's due index; daily
        // after): the connect route queues that reading under `createdAt`.
        Item: { ...keys.socialAccount(tenantId, creatorId, account.accountId), ...account, followersFetchDueAt: account.createdAt, ...keys.metricsDue(tenantId, account.accountId, account.createdAt) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ], [
    [0, () => conflict('This creator already has this account.')],
  ]);
  return account;
}

/** Removes one account and its claim; 404 when it does not exist or is on another platform. */
export async function deleteSocialAccount(tenantId: string, creatorId: string, platform: string, accountId: string): Promise<void> {
  const found = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.socialAccount(tenantId, creatorId, accountId), ConsistentRead: true }),
  );
  if (!found.Item || found.Item.platform !== platform) throw notFound('The social account');
  const account = socialAccountFromItem(found.Item);
  const [accountDelete, claimDelete] = socialAccountDeletes(tenantId, account);
  // Its followers leave the creator's total with it, as counted (a count read meanwhile: 404, not a wrong total).
  const followers = account.followersCount ?? 0;
  const counted = followers ? { ConditionExpression: 'attribute_exists(pk) AND followersCount = :followers', ExpressionAttributeValues: { ':followers': followers } } : { ConditionExpression: 'attribute_exists(pk)' };
  await transactWrite(present([{ Delete: { ...accountDelete!.Delete, ...counted } }, claimDelete!, aggregateUpdate(keys.creator(tenantId, creatorId), { counts: { totalFollowersCount: -followers } })]) as never, [
    [0, () => notFound('The social account')],
  ]);
}
