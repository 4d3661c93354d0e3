/**
 * Follower counts of connected social accounts, read daily by the metric refresh: each account
 * keeps its latest count, and its creator's `totalFollowersCount` is the sum of its accounts'
 * latest counts, kept on write — each reading adds its change since the account's previous count
 * to the creator in the same transaction that stores it and moves the account's due time. That
 * transaction is conditioned on the due time the reading was for, so a redelivered message adds
 * nothing twice.
 */
import * as z from 'zod/mini';
import { SocialAccounts } from '../catalogue/social-accounts.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import { conditionHeld, defineProjection } from '../table/entity.ts';
import * as keys from '../table/item-keys.ts';
import { dueAt, stillDue, type DueAccount } from './metric-due.ts';
import { batchGet } from '../table/operations.ts';
import { transact } from '../table/transact.ts';

/** The social account item as a follower count reading writes it (its record is social-accounts.ts's). */
const TrackedAccounts = defineProjection(SocialAccounts, () =>
  z.object({
    followersFetchDueAt: z.optional(z.string()),
    followersCount: z.nullable(z.number()),
    followersFetchedAt: z.optional(z.string()),
    updatedAt: z.string(),
  }),
);

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
    return [
      {
        ...d,
        platform: String(item.platform),
        profileUrl: String(item.profileUrl),
        followersCount: (item.followersCount as number | null | undefined) ?? null,
      },
    ];
  });
}

/**
 * Stores a follower count read now and moves the account's due time to `next`, adding the change
 * to the creator's total. False when the account was read or removed meanwhile (nothing written).
 */
export async function recordFollowers(account: TrackedAccount, followersCount: number, next: string): Promise<boolean> {
  const now = new Date().toISOString();
  const delta = followersCount - (account.followersCount ?? 0);
  const creatorTotal = aggregateUpdate(keys.creator(account.tenantId, account.creatorId), {
    counts: { totalFollowersCount: delta },
  });
  return conditionHeld((failure) =>
    transact([
      TrackedAccounts.tx.update(
        TrackedAccounts.key(account.tenantId, account.creatorId, account.accountId),
        {
          set: {
            ...dueAt('followersFetchDueAt', account.tenantId, account.accountId, next),
            followersCount,
            followersFetchedAt: now,
            updatedAt: now,
          },
        },
        { condition: stillDue('followersFetchDueAt', account.dueAt), failure },
      ),
      ...(creatorTotal ? [{ ...creatorTotal, failure }] : []),
    ]),
  );
}
