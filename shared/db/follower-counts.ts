/**
 * Follower counts of connected social accounts, read daily by the metric refresh: each account
 * keeps its latest count, and its creator's `totalFollowersCount` is the sum of its accounts'
 * latest counts, kept on write — each reading adds its change since the account's previous count
 * to the creator in the same transaction that stores it and moves the account's due time. That
 * transaction is conditioned on the due time the reading was for, so a redelivered message adds
 * nothing twice.
 */
import { aggregateUpdate, present } from './aggregates.ts';
import { keys } from './keys.ts';
import { dueUpdate, type DueAccount } from './metric-due.ts';
import { batchGet, cancellationReasons, transactWrite } from './operations.ts';

export interface TrackedAccount extends DueAccount {
  platform: string;
  profileUrl: string;
  followersCount: number | null;
}

/** The accounts named, for those still due at the time named (gone or already read: left out). */
export async function trackedAccounts(due: readonly DueAccount[]): Promise<TrackedAccount[]> {
  const items = await batchGet(due.map((d) => keys.socialAccount(d.tenantId, d.creatorId, d.accountId)));
  const byKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
  return due.flatMap((d) => {
    const key = keys.socialAccount(d.tenantId, d.creatorId, d.accountId);
    const item = byKey.get(`${key.pk}|${key.sk}`);
    if (!item || item.followersFetchDueAt !== d.dueAt) return [];
    return [{ ...d, platform: String(item.platform), profileUrl: String(item.profileUrl), followersCount: (item.followersCount as number | null | undefined) ?? null }];
  });
}

/**
 * Stores a follower count read now and moves the account's due time to `next`, adding the change
 * to the creator's total. False when the account was read or removed meanwhile (nothing written).
 */
export async function recordFollowers(account: TrackedAccount, followersCount: number, next: string): Promise<boolean> {
  const now = new Date().toISOString();
  const due = dueUpdate(keys.socialAccount(account.tenantId, account.creatorId, account.accountId), 'followersFetchDueAt', account.tenantId, account.accountId, account.dueAt, next);
  const delta = followersCount - (account.followersCount ?? 0);
  try {
    await transactWrite(
      present([
        {
          Update: {
            ...due,
            UpdateExpression: `${due.UpdateExpression}, followersCount = :count, followersFetchedAt = :now, updatedAt = :now`,
            ExpressionAttributeValues: { ...due.ExpressionAttributeValues, ':count': followersCount, ':now': now },
          },
        },
        aggregateUpdate(keys.creator(account.tenantId, account.creatorId), { counts: { totalFollowersCount: delta } }),
      ]) as never,
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
