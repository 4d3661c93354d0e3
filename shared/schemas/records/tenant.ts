/**
 * Records of the Organizations and Workspaces groups (one kind of record, DECISIONS.md): the tenant
 * with the caller's membership at top level and its stored aggregate as `metrics`; a membership
 * under both of its tenant's names; an invitation.
 */
import * as z from 'zod/mini';
import { BILLING_STATUSES, PLANS } from '../../domain/billing.ts';
import { ROLES } from '../../domain/roles.ts';
import { InvitationSchema } from '../../db/invitations.ts';
import { TenantMetricsSchema } from '../../db/tenants.ts';
import { Instant, stored } from './common.ts';
import { named } from './reply.ts';

export const Role = z.enum(ROLES);
export const MembershipStatus = z.enum(['active', 'pending']);

/** Plan and payment state (DECISIONS.md "Billing"). */
export const TenantBilling = z.object({
  plan: z.nullable(z.enum(PLANS)),
  status: z.enum(BILLING_STATUSES),
  /** End of the paid period, when known. */
  currentPeriodEnd: z.nullable(Instant),
});

/** An organization or workspace, as its member sees it. */
export const TenantRecord = named(
  'Tenant',
  z.object({
    ...stored,
    name: z.string(),
    /** The parent organization of a workspace created under one; null for a top-level tenant. */
    organizationId: z.nullable(z.uuid()),
    ianaTimezone: z.nullable(z.string()),
    currency: z.string(),
    avatarKey: z.nullable(z.string()),
    conversionValue: z.nullable(z.number()),
    defaultAttributionWindowDays: z.nullable(z.int()),
    isDemo: z.boolean(),
    billing: TenantBilling,
    createdBy: z.string(),
    /** The caller's membership. */
    role: Role,
    membershipStatus: MembershipStatus,
    /** Its stored aggregate (inline: a named record is shown once only at top level). */
    metrics: TenantMetricsSchema,
  }),
);

/** A membership, under both of its tenant's names. */
export const MembershipRecord = named(
  'Membership',
  z.object({
    ...stored,
    tenantId: z.uuid(),
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    userId: z.uuid(),
    role: Role,
    status: MembershipStatus,
    membershipStatus: MembershipStatus,
  }),
);

export const InvitationRecord = named('Invitation', InvitationSchema);

export const DeclinedInvitation = named('DeclinedInvitation', z.object({ organizationId: z.uuid(), declined: z.literal(true) }));

export const ProcessedSignup = named('ProcessedSignup', z.object({ memberships: z.array(MembershipRecord) }));
