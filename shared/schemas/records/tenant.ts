/**
 * Records of the Organizations and Workspaces groups (one kind of record, docs/decisions.md): the tenant
 * with the caller's membership at top level and its stored aggregate as `metrics`; a membership
 * under both of its tenant's names; an invitation.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { ROLES } from '../../domain/roles.ts';
import { InvitationSchema } from '../../records/invitation.ts';
import { MEMBERSHIP_STATUSES, MembershipSchema } from '../../records/membership.ts';
import { TenantMetricsSchema, TenantSchema } from '../../records/tenant.ts';
import { named } from './reply.ts';

export const Role = /* @__PURE__ */ lazySchema(() => z.enum(ROLES));
export const MembershipStatus = /* @__PURE__ */ lazySchema(() => z.enum(MEMBERSHIP_STATUSES));

/** An organization or workspace, as its member sees it. */
export const TenantRecord = named(
  'Tenant',
  lazySchema(() =>
    z.object({
      ...TenantSchema.shape,
      /** The caller's membership. */
      role: Role,
      membershipStatus: MembershipStatus,
      /** Its stored aggregate (inline: a named record is shown once only at top level). */
      metrics: TenantMetricsSchema,
    }),
  ),
);

/** A membership, under both of its tenant's names. */
export const MembershipRecord = named(
  'Membership',
  lazySchema(() =>
    z.object({
      ...MembershipSchema.shape,
      organizationId: z.uuid(),
      workspaceId: z.uuid(),
      membershipStatus: MembershipStatus,
    }),
  ),
);

export const InvitationRecord = named('Invitation', InvitationSchema);

export const DeclinedInvitation = named(
  'DeclinedInvitation',
  /* @__PURE__ */ lazySchema(() => z.object({ organizationId: z.uuid(), declined: z.literal(true) })),
);

export const ProcessedSignup = named(
  'ProcessedSignup',
  /* @__PURE__ */ lazySchema(() => z.object({ memberships: z.array(MembershipRecord) })),
);
