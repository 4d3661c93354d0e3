/**
 * Records of the Organizations and Workspaces groups (one kind of record, DECISIONS.md): the tenant
 * with the caller's membership at top level and its stored aggregate as `metrics`; a membership
 * under both of its tenant's names; an invitation.
 */
import * as z from 'zod/mini';
import { BILLING_STATUSES, PLANS } from '../../domain/billing.ts';
import { ROLES } from '../../domain/roles.ts';
import { Instant, stored } from './common.ts';
import { named } from './reply.ts';

export const Role = z.enum(ROLES);
export const MembershipStatus = z.enum(['active', 'pending']);

const PerCurrency = z.record(z.string(), z.number());

/** The tenant's stored aggregate (inline in the tenant: a named record is shown once only at top level). */
export const TenantMetrics = z.object({
  creatorsCount: z.int(),
  activitiesCount: z.int(),
  campaignsCount: z.int(),
  costsCount: z.int(),
  /** Recorded spend per currency, in major units. */
  spend: PerCurrency,
  impressions: z.number(),
  engagement: z.number(),
});

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
    metrics: TenantMetrics,
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

export const InvitationRecord = named(
  'Invitation',
  z.object({
    ...stored,
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    email: z.string(),
    role: Role,
    status: z.enum(['pending', 'accepted', 'declined']),
    invitedBy: z.string(),
  }),
);

export const DeclinedInvitation = named('DeclinedInvitation', z.object({ organizationId: z.uuid(), declined: z.literal(true) }));

export const ProcessedSignup = named('ProcessedSignup', z.object({ memberships: z.array(MembershipRecord) }));
