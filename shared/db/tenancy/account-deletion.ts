/**
 * Account deletion: the ownership safeguards, the single-use expiring confirmation token (emailed
 * through the outbox with the request, in one transaction), and the deletion itself.
 *
 * The deletion removes memberships first (each with its tenant's counters, atomically) and revokes
 * the account last, so an interrupted deletion can simply be called again.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { EmailChanges } from './email-changes.ts';
import { Settings } from './settings.ts';
import { Users } from './users.ts';
import { conflict, forbidden, notFound } from '../../domain/errors.ts';
import { releaseObjectTx } from '../storage/released-objects.ts';
import { conditionHeld, defineEntity, defineProjection, getRecord, updateRecord } from '../table/entity.ts';
import { all, compare, equals, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { Memberships, membershipsOfUser, removeMembership } from './memberships.ts';
import { outboxPut } from '../email/outbox.ts';
import { getTenantCounts } from './tenants.ts';
import { transact } from '../table/transact.ts';
import { EmailClaims, getUser } from './users.ts';

export const DELETION_TOKEN_TTL_MINUTES = 60;

/** A pending request to delete an account, confirmed once with its emailed token. */
const DeletionRequests = defineEntity({
  name: 'The deletion request',
  schema: () =>
    z.object({
      userId: z.string(),
      /** The single-use confirmation code. */
      token: z.string(),
      expiresAt: z.string(),
      requestedAt: z.string(),
      confirmedAt: z.optional(z.string()),
      /** DynamoDB TTL removes stale requests (epoch seconds). */
      ttl: z.number(),
    }),
  key: keys.deletionRequest,
});

/** The profile as the deletion leaves it: a tombstone whose personal fields are cleared (users.ts reads it as no user). */
const ProfileTombstones = defineProjection(Users, () =>
  z.object({
    name: z.nullable(z.string()),
    jobRole: z.nullable(z.string()),
    avatarKey: z.nullable(z.string()),
    email: z.nullable(z.string()),
    updatedAt: z.string(),
    deletedAt: z.optional(z.string()),
  }),
);

/** The account's other items, as its deletion removes them (their records are settings.ts's and email-changes.ts's). */
const UserSettingsItems = defineProjection(Settings, () => z.object({}));
const EmailChangeItems = defineProjection(EmailChanges, () => z.object({}));

/** The condition of a write to a record that is kept as a tombstone: it exists and is not deleted. */
const notDeleted = all(has('pk'), lacks('deletedAt'));

/**
 * Tenants that would be left without an owner but with other members: the account may not be
 * deleted while there are any (the caller must first make another member owner).
 */
export async function ownershipBlockers(userId: string): Promise<string[]> {
  const owned = (await membershipsOfUser(userId)).filter((m) => m.role === 'owner' && m.status === 'active');
  if (!owned.length) return [];
  const counts = await getTenantCounts(owned.map((m) => m.tenantId));
  return owned
    .map((m) => m.tenantId)
    .filter((id) => {
      const c = counts.get(id);
      return c !== undefined && c.ownerCount <= 1 && c.memberCount > 1;
    });
}

async function assertSafeguards(userId: string): Promise<void> {
  const blockers = await ownershipBlockers(userId);
  if (blockers.length) {
    throw conflict(
      `You are the only owner of ${blockers.length} organization(s) with other members (${blockers.join(', ')}): make another member owner first.`,
    );
  }
}

export async function requestDeletion(userId: string): Promise<{ userId: string; expiresAt: string }> {
  const user = await getUser(userId);
  if (!user) throw notFound('The user');
  await assertSafeguards(userId);
  const token = randomUUID();
  const expiresAt = new Date(Date.now() + DELETION_TOKEN_TTL_MINUTES * 60_000).toISOString();
  const request = {
    userId,
    token,
    expiresAt,
    requestedAt: new Date().toISOString(),
    ttl: Math.floor(Date.parse(expiresAt) / 1000),
  };
  await transact([
    DeletionRequests.tx.put(DeletionRequests.key(userId), request),
    outboxPut({
      to: user.email,
      subject: 'Confirm the deletion of your account',
      text: `Someone asked to delete your account. If it was you, confirm with the code ${token} within ${DELETION_TOKEN_TTL_MINUTES} minutes. If not, ignore this email: nothing will be deleted.`,
      kind: 'deletion',
      data: { userId, token, expiresAt },
    }),
  ]);
  return { userId, expiresAt };
}

/** Confirms a pending request with its token, once: a wrong, used or expired token is 403. */
export async function confirmDeletion(userId: string, token: string): Promise<{ userId: string; confirmedAt: string }> {
  await assertSafeguards(userId);
  const confirmedAt = new Date().toISOString();
  await updateRecord(
    DeletionRequests,
    DeletionRequests.key(userId),
    { set: { confirmedAt } },
    {
      condition: all(equals('token', token), compare('expiresAt', '>', confirmedAt), lacks('confirmedAt')),
      failure: () => forbidden('The deletion token is invalid, used or expired.'),
    },
  );
  return { userId, confirmedAt };
}

async function assertToken(userId: string, token: string): Promise<void> {
  const request = await getRecord(DeletionRequests, DeletionRequests.key(userId), { consistent: true });
  if (!request || request.token !== token || request.expiresAt <= new Date().toISOString()) {
    throw forbidden('The deletion token is invalid or expired.');
  }
}

/**
 * A membership of a deleted (or being deleted) tenant: its counters no longer matter and its
 * condition refuses every change, so the membership is marked removed on its own.
 */
async function dropMembershipOfGoneTenant(tenantId: string, userId: string): Promise<void> {
  const now = new Date().toISOString();
  // Already removed (or never stored): nothing to do.
  await conditionHeld((failure) =>
    updateRecord(
      Memberships,
      Memberships.key(tenantId, userId),
      { set: { deletedAt: now, updatedAt: now }, remove: ['gsi1pk', 'gsi1sk'] },
      { condition: notDeleted, failure },
    ),
  );
}

/**
 * Deletes the account: memberships removed, the avatar image released (the object sweep deletes
 * it), settings and pending requests dropped, the email address released, the profile cleared and
 * marked deleted (its tokens answer 401 from then on).
 */
export async function deleteAccount(userId: string, token?: string): Promise<void> {
  const user = await getUser(userId);
  if (!user) throw notFound('The user');
  if (token !== undefined) await assertToken(userId, token);
  await assertSafeguards(userId);
  const memberships = await membershipsOfUser(userId);
  const live = await getTenantCounts(memberships.map((m) => m.tenantId));
  for (const membership of memberships) {
    if (live.has(membership.tenantId)) await removeMembership(membership.tenantId, userId);
    else await dropMembershipOfGoneTenant(membership.tenantId, userId);
  }
  const now = new Date().toISOString();
  const cleared = { deletedAt: now, updatedAt: now, name: null, jobRole: null, avatarKey: null, email: null };
  await transact([
    // Deleted meanwhile by a concurrent request: 404, as for an account never known.
    ProfileTombstones.tx.update(ProfileTombstones.key(userId), { set: cleared }, { condition: notDeleted }),
    EmailClaims.tx.delete(EmailClaims.key(user.email), { condition: null }),
    UserSettingsItems.tx.delete(UserSettingsItems.key(userId), { condition: null }),
    EmailChangeItems.tx.delete(EmailChangeItems.key(userId), { condition: null }),
    DeletionRequests.tx.delete(DeletionRequests.key(userId), { condition: null }),
    // Released as the profile stops naming it: the object sweep deletes the image (shared/db/storage).
    ...(user.avatarKey ? [releaseObjectTx('avatars', user.avatarKey)] : []),
  ]);
}
