/**
 * Email invitations to a tenant: stored in the tenant's partition (one per address), indexed by
 * address on gsi2, and emailed through the outbox in the same transaction. Accepting (or
 * `process-signup` for a new account with that address) turns one into a membership.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Role } from '../../domain/roles.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { invitationEmail } from '../../domain/invitation-email.ts';
import { defineEntity, defineProjection, getRecord, updateRecord } from '../table/entity.ts';
import { Tenants } from './tenant-entity.ts';
import { all, any, compare, equals, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { addMembershipItems, getMembership, type Membership } from './memberships.ts';
import { queryRecords } from '../table/query.ts';
import { outboxPut } from '../email/outbox.ts';
import { countAgainst, LIMITS } from './rate-limits.ts';
import { getTenant } from './tenants.ts';
import { transact } from '../table/transact.ts';
import { EmailClaims } from './users.ts';
import { type INVITATION_STATUSES, InvitationSchema } from '../../records/invitation.ts';

export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const Invitations = defineEntity({
  name: 'The invitation',
  schema: () => z.object({ ...InvitationSchema.shape, acceptedBy: z.optional(z.string()) }),
  key: keys.invitation,
  queries: {
    /** The pending invitations sent to an address, across tenants (gsi2). */
    pendingFor: (email: string) => ({ ...collections.invitationsOfEmail(email), filter: equals('status', 'pending') }),
  },
});

export type Invitation = z.infer<typeof InvitationSchema>;

/** The tenant item, as invitations check it: live (tenants.ts LIVE_TENANT). */
const Tenant = defineProjection(Tenants, () => z.object({}));
const liveTenant = all(has('pk'), lacks('deletedAt'), lacks('deletingAt'));

/**
 * Stores (or renews) the invitation of `email` to a tenant and emails it. Renewing a pending or
 * declined invitation resends it with the new role; an accepted one is a 409. Every email counts
 * against the tenant's hourly limit and the address's daily one (across tenants), in the same
 * transaction, so a refused invitation counts nothing; past either, 429 with Retry-After.
 */
export async function inviteByEmail(input: {
  tenantId: string;
  email: string;
  role: Role;
  invitedBy: string;
  inviterEmail: string | undefined;
}): Promise<Invitation> {
  const tenant = await getTenant(input.tenantId);
  if (!tenant) throw notFound('The organization');
  const now = new Date().toISOString();
  const email = input.email.trim();
  if (await isMemberByEmail(input.tenantId, email))
    throw conflict('This address belongs to a member of this organization already.');
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
  await transact([
    Invitations.tx.put(
      Invitations.key(input.tenantId, email),
      invitation,
      {
        condition: any(lacks('pk'), compare('status', '<>', 'accepted')),
        failure: () => conflict('This address has already accepted an invitation to this organization.'),
      },
      keys.invitationByEmail(email, input.tenantId),
    ),
    Tenant.tx.check(Tenant.key(input.tenantId), { condition: liveTenant }),
    outboxPut({
      to: email,
      ...invitationEmail({ organizationName: tenant.name, inviterEmail: input.inviterEmail, role: input.role }),
      kind: 'invitation',
      data: {
        organizationId: input.tenantId,
        workspaceId: input.tenantId,
        invitationId: invitation.id,
        role: input.role,
        email,
      },
    }),
    ...countAgainst([
      { limit: LIMITS.invitationsPerTenant, by: input.tenantId },
      { limit: LIMITS.invitationsPerRecipient, by: email },
    ]),
  ]);
  return invitation;
}

/** Whether the account that owns `email` (if any) is a current member of the tenant. */
async function isMemberByEmail(tenantId: string, email: string): Promise<boolean> {
  const userId = (await getRecord(EmailClaims, EmailClaims.key(email)))?.userId;
  return userId !== undefined && (await getMembership(tenantId, userId)) !== undefined;
}

/** Pending invitations sent to an address, across tenants. */
export async function pendingInvitationsFor(email: string): Promise<Invitation[]> {
  return queryRecords(Invitations.query.pendingFor(email));
}

/**
 * Accepts a pending invitation of `email` to a tenant: the membership is created and the
 * invitation marked accepted, atomically. Accepting again an invitation this user accepted answers
 * with the membership while it stands (a retry). 404 when there is no pending invitation; 409 when
 * the user is already a member.
 */
export async function acceptInvitation(tenantId: string, email: string, userId: string): Promise<Membership> {
  const invitationKey = Invitations.key(tenantId, email);
  const found = await getRecord(Invitations, invitationKey, { consistent: true });
  if (found?.status === 'accepted' && found.acceptedBy === userId) {
    const membership = await getMembership(tenantId, userId);
    if (membership) return membership;
  }
  if (found?.status !== 'pending') throw notFound('The invitation');
  const { role } = found;
  const { membership, transactItems } = addMembershipItems(tenantId, userId, role, 'active');
  const [membershipPut, ...counts] = transactItems;
  const now = new Date().toISOString();
  await transact([
    Invitations.tx.update(
      invitationKey,
      { set: { status: 'accepted', updatedAt: now, acceptedBy: userId } },
      {
        // Still pending, with the role we read: a renewal in between is not silently ignored.
        condition: all(equals('status', 'pending'), equals('role', role)),
      },
    ),
    { ...membershipPut!, failure: () => conflict('You are already a member of this organization.') },
    ...counts,
  ]);
  return membership;
}

/** Marks a pending invitation of `email` declined; 404 when there is none. */
export async function declineInvitation(tenantId: string, email: string): Promise<void> {
  await updateRecord(
    Invitations,
    Invitations.key(tenantId, email),
    { set: { status: 'declined', updatedAt: new Date().toISOString() } },
    {
      condition: equals('status', 'pending'),
    },
  );
}
