/**
 * Email invitations to a tenant: stored in the tenant's partition (one per address), indexed by
 * address on gsi2, and emailed through the outbox in the same transaction. Accepting (or
 * `process-signup` for a new account with that address) turns one into a membership.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../domain/roles.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { addMembershipItems, getMembership, type Membership } from './memberships.ts';
import { queryAll, recordOf, transactWrite } from './operations.ts';
import { outboxPut } from './outbox.ts';
import { countAgainst, type RateLimit } from './rate-limits.ts';
import { getTenant, LIVE_TENANT } from './tenants.ts';

export type InvitationStatus = 'pending' | 'accepted' | 'declined';

export interface Invitation {
  id: string;
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  organizationId: string;
  workspaceId: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  invitedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Invitation emails a tenant may send per hour (fixed one-hour windows); beyond: 429 with Retry-After. */
export const INVITATIONS_PER_HOUR = 50;
const INVITATION_LIMIT: RateLimit = { action: 'invitations', limit: INVITATIONS_PER_HOUR, windowSeconds: 3600 };

/**
 * Stores (or renews) the invitation of `email` to a tenant and emails it. Renewing a pending or
 * declined invitation resends it with the new role; an accepted one is a 409. Every email counts
 * against the tenant's hourly limit, in the same transaction, so a refused invitation counts nothing.
 */
export async function inviteByEmail(input: { tenantId: string; email: string; role: Role; invitedBy: string }): Promise<Invitation> {
  const tenant = await getTenant(input.tenantId);
  if (!tenant) throw notFound('The organization');
  const now = new Date().toISOString();
  const email = input.email.trim();
  if (await isMemberByEmail(input.tenantId, email)) throw conflict('This address belongs to a member of this organization already.');
  const invitation: Invitation = {
    id: randomUUID(),
    organizationId: input.tenantId,
    workspaceId: input.tenantId,
    email,
    role: input.role,
    status: 'pending',
    invitedBy: input.invitedBy,
    createdAt: now,
    updatedAt: now,
  };
  const quota = countAgainst(input.tenantId, INVITATION_LIMIT);
  await transactWrite([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.invitation(input.tenantId, email), ...keys.invitationByEmail(email, input.tenantId), ...invitation },
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :accepted',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':accepted': 'accepted' },
      },
    },
    { ConditionCheck: { TableName: tableName(), Key: keys.tenant(input.tenantId), ConditionExpression: LIVE_TENANT } },
    outboxPut({
      to: email,
      subject: `You are invited to ${tenant.name}`,
      text: `You have been invited to join ${tenant.name} as ${input.role}. Sign in (or sign up with this address) to accept or decline the invitation.`,
      kind: 'invitation',
      data: { organizationId: input.tenantId, workspaceId: input.tenantId, invitationId: invitation.id, role: input.role, email },
    }),
    quota.item,
  ], [
    [0, () => conflict('This address has already accepted an invitation to this organization.')],
    [1, () => notFound('The organization')],
    [3, quota.exceeded],
  ]);
  return invitation;
}

/** Whether the account that owns `email` (if any) is a current member of the tenant. */
async function isMemberByEmail(tenantId: string, email: string): Promise<boolean> {
  const claim = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email) }));
  const userId = claim.Item?.userId as string | undefined;
  return userId !== undefined && (await getMembership(tenantId, userId)) !== undefined;
}

function toInvitation(item: Record<string, unknown>): Invitation {
  return recordOf<Invitation>(item);
}

/** Pending invitations sent to an address, across tenants. */
export async function pendingInvitationsFor(email: string): Promise<Invitation[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.invitationsOfEmail(email).gsi2pk, ':pending': 'pending' },
  });
  return items.map(toInvitation);
}

/**
 * Accepts a pending invitation of `email` to a tenant: the membership is created and the
 * invitation marked accepted, atomically. 404 when there is no pending invitation; 409 when the
 * user is already a member.
 */
export async function acceptInvitation(tenantId: string, email: string, userId: string): Promise<Membership> {
  const invitationKey = keys.invitation(tenantId, email);
  const found = await documentClient().send(new GetCommand({ TableName: tableName(), Key: invitationKey, ConsistentRead: true }));
  if (found.Item?.status !== 'pending') throw notFound('The invitation');
  const role = found.Item.role as Role;
  const { membership, transactItems } = addMembershipItems(tenantId, userId, role, 'active');
  const now = new Date().toISOString();
  await transactWrite([
    {
      Update: {
        TableName: tableName(),
        Key: invitationKey,
        UpdateExpression: 'SET #status = :accepted, updatedAt = :now, acceptedBy = :userId',
        // Still pending, with the role we read: a renewal in between is not silently ignored.
        ConditionExpression: '#status = :pending AND #role = :role',
        ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
        ExpressionAttributeValues: { ':accepted': 'accepted', ':pending': 'pending', ':now': now, ':userId': userId, ':role': role },
      },
    },
    ...transactItems,
  ], [
    [0, () => notFound('The invitation')],
    [1, () => conflict('You are already a member of this organization.')],
    [2, () => notFound('The organization')],
  ]);
  return membership;
}

/** Marks a pending invitation of `email` declined; 404 when there is none. */
export async function declineInvitation(tenantId: string, email: string): Promise<void> {
  await transactWrite([
    {
      Update: {
        TableName: tableName(),
        Key: keys.invitation(tenantId, email),
        UpdateExpression: 'SET #status = :declined, updatedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':declined': 'declined', ':pending': 'pending', ':now': new Date().toISOString() },
      },
    },
  ], [
    [0, () => notFound('The invitation')],
  ]);
}
