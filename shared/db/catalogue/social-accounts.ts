/**
 * Social accounts of a creator: public profiles on one of the six platforms, stored under the
 * creator in the tenant's partition (`keys.socialAccount`). The profile URL is kept in its
 * canonical form (shared/domain/social-profiles.ts), so one account is recognised however it was typed.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { conflict } from '../../domain/errors.ts';
import { aggregateUpdate, present } from '../table/aggregates.ts';
import { defineEntity, getRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import { absent, all, equals, exists, has } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { transact } from '../table/transact.ts';
import { SocialAccountSchema } from '../../records/social-account.ts';

export type SocialAccount = z.infer<typeof SocialAccountSchema>;

export const SocialAccounts = defineEntity({
  name: 'The social account',
  schema: () =>
    z.object({
      ...SocialAccountSchema.shape,
      /** The follower refresh's own bookkeeping (follower-counts.ts), not part of the record. */
      followersFetchDueAt: z.optional(z.string()),
      followersFetchedAt: z.optional(z.string()),
    }),
  key: keys.socialAccount,
  queries: { ofCreator: collections.socialAccountsOfCreator },
});

/** The creator's claim on one canonical profile (uniqueness per creator). */
const ProfileClaims = defineEntity({
  name: 'The social account',
  schema: () => z.object({ accountId: z.string() }),
  key: keys.socialAccountClaim,
});

export async function socialAccountsOf(tenantId: string, creatorId: string): Promise<SocialAccount[]> {
  const stored = await queryRecords(SocialAccounts.query.ofCreator(tenantId, creatorId), { consistent: true });
  return stored.map(recordOf).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function recordOf({
  followersFetchDueAt: _due,
  followersFetchedAt: _fetched,
  ...account
}: z.infer<typeof SocialAccounts.schema>): SocialAccount {
  return account;
}

const accountKey = (tenantId: string, account: SocialAccount) =>
  SocialAccounts.key(tenantId, account.creatorId, account.accountId);
const claimKey = (tenantId: string, account: SocialAccount) =>
  ProfileClaims.key(tenantId, account.creatorId, account.platform, account.profileUrl);

/** The writes that remove an account with its uniqueness claim (also used by creator delete). */
export function socialAccountDeletes(tenantId: string, account: SocialAccount) {
  return [
    { Delete: SocialAccounts.tx.delete(accountKey(tenantId, account), { condition: null }).Delete },
    { Delete: ProfileClaims.tx.delete(claimKey(tenantId, account), { condition: null }).Delete },
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
  const account: SocialAccount = {
    accountId: randomUUID(),
    creatorId,
    ...profile,
    followersCount: null,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    ProfileClaims.tx.put(
      claimKey(tenantId, account),
      { accountId: account.accountId },
      { condition: absent, failure: () => conflict('This creator already has this account.') },
    ),
    // Due for its first follower count from its creation (the metric refresh's due index; daily
    // after): the connect route queues that reading under `createdAt`.
    SocialAccounts.tx.put(
      accountKey(tenantId, account),
      { ...account, followersFetchDueAt: account.createdAt },
      { condition: absent },
      keys.metricsDue(tenantId, account.accountId, account.createdAt),
    ),
  ]);
  return account;
}

/** Removes one account and its claim; 404 when it does not exist or is on another platform. */
export async function deleteSocialAccount(
  tenantId: string,
  creatorId: string,
  platform: string,
  accountId: string,
): Promise<void> {
  const found = await getRecord(SocialAccounts, SocialAccounts.key(tenantId, creatorId, accountId), {
    consistent: true,
  });
  const account = found && recordOf(found);
  if (!account || account.platform !== platform) throw SocialAccounts.missing();
  // Its followers leave the creator's total with it, as counted (a count read meanwhile: 404, not a wrong total).
  const followers = account.followersCount ?? 0;
  await transact(
    present([
      SocialAccounts.tx.delete(accountKey(tenantId, account), {
        condition: followers ? all(has('pk'), equals('followersCount', followers)) : exists,
      }),
      ProfileClaims.tx.delete(claimKey(tenantId, account), { condition: null }),
      aggregateUpdate(keys.creator(tenantId, creatorId), { counts: { totalFollowersCount: -followers } }),
    ]),
  );
}
