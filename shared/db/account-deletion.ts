/**
 * Account deletion: the ownership safeguards, the single-use expiring confirmation token (emailed
 * through the outbox with the request, in one transaction), and the deletion itself.
 *
 * The deletion removes memberships first (each with its tenant's counters, atomically) and revokes
 * the account last, so an interrupted deletion can simply be called again.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, forbidden, notFound } from '../domain/errors.ts';
import { deleteAvatar } from './avatars.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { membershipsOfUser, removeMembership } from './memberships.ts';
import { isConditionFailure } from './operations.ts';
import { outboxPut } from './outbox.ts';
import { getTenantCounts } from './tenants.ts';
import { getUser } from './users.ts';

export const DELETION_TOKEN_TTL_MINUTES = 60;

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
  if (!user) throw notFound('User');
  await assertSafeguards(userId);
  const token = randomUUID();
  const expiresAt = new Date(Date.now() + DELETION_TOKEN_TTL_MINUTES * 60_000).toISOString();
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.deletionRequest(userId), userId, token, expiresAt, requestedAt: new Date().toISOString(), ttl: Math.floor(Date.parse(expiresAt) / 1000) },
          },
        },
        outboxPut({
          to: user.email,
          subject: 'Confirm the deletion of your account',
          text: `Someone asked to delete your account. If it was you, confirm with the code ${token} within ${DELETION_TOKEN_TTL_MINUTES} minutes. If not, ignore this email: nothing will be deleted.`,
          kind: 'deletion',
          data: { userId, token, expiresAt },
        }),
      ],
    }),
  );
  return { userId, expiresAt };
}

/** Confirms a pending request with its token, once: a wrong, used or expired token is 403. */
export async function confirmDeletion(userId: string, token: string): Promise<{ userId: string; confirmedAt: string }> {
  await assertSafeguards(userId);
  const confirmedAt = new Date().toISOString();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.deletionRequest(userId),
        UpdateExpression: 'SET confirmedAt = :now',
        ConditionExpression: '#token = :token AND expiresAt > :now AND attribute_not_exists(confirmedAt)',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':token': token, ':now': confirmedAt },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw forbidden('The deletion token is invalid, used or expired.');
    throw error;
  }
  return { userId, confirmedAt };
}

async function assertToken(userId: string, token: string): Promise<void> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.deletionRequest(userId), ConsistentRead: true }));
  const request = out.Item;
  if (!request || request.token !== token || (request.expiresAt as string) <= new Date().toISOString()) {
    throw forbidden('The deletion token is invalid or expired.');
  }
}

/**
 * A membership of a deleted (or being deleted) tenant: its counters no longer matter and its
 * condition refuses every change, so the membership is marked removed on its own.
 */
async function dropMembershipOfGoneTenant(tenantId: string, userId: string): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.membership(tenantId, userId),
        UpdateExpression: 'SET deletedAt = :now, updatedAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Deletes the account: memberships removed, the avatar image deleted, settings and pending
 * requests dropped, the email address released, the profile cleared and marked deleted (its
 * tokens answer 401 from then on).
 */
export async function deleteAccount(userId: string, token?: string): Promise<void> {
  const user = await getUser(userId);
  if (!user) throw notFound('User');
  if (token !== undefined) await assertToken(userId, token);
  await assertSafeguards(userId);
  const memberships = await membershipsOfUser(userId);
  const live = await getTenantCounts(memberships.map((m) => m.tenantId));
  for (const membership of memberships) {
    if (live.has(membership.tenantId)) await removeMembership(membership.tenantId, userId);
    else await dropMembershipOfGoneTenant(membership.tenantId, userId);
  }
  // Before the profile stops naming it: a delete that fails here fails the request, and a repeat
  // still finds the key.
  if (user.avatarKey) await deleteAvatar(user.avatarKey);
  const now = new Date().toISOString();
  const table = tableName();
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table,
            Key: keys.user(userId),
            UpdateExpression: 'SET deletedAt = :now, updatedAt = :now, #name = :null, jobRole = :null, avatarKey = :null, email = :null',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':now': now, ':null': null },
          },
        },
        { Delete: { TableName: table, Key: keys.emailClaim(user.email) } },
        { Delete: { TableName: table, Key: keys.settings(userId) } },
        { Delete: { TableName: table, Key: keys.emailChange(userId) } },
        { Delete: { TableName: table, Key: keys.deletionRequest(userId) } },
      ],
    }),
  );
}
