/**
 * A membership: a user's role in a tenant: the record schemas, what the repositories return
 * (shared/db) and what the OpenAPI document shows (shared/schemas/records names them). They import
 * only zod, shared/domain and this folder, so neither shared/schemas nor shared/http reaches into
 * shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { ROLES } from '../domain/roles.ts';
import { RecordId, stored } from './fields.ts';

export const MEMBERSHIP_STATUSES = ['active', 'pending'] as const;

export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * A membership: what the repository returns, and what the OpenAPI document shows under both of its
 * tenant's names (shared/schemas/records/tenant.ts).
 */
export const MembershipSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    tenantId: RecordId,
    userId: RecordId,
    role: z.enum(ROLES),
    status: z.enum(MEMBERSHIP_STATUSES),
  }),
);

export type Membership = z.infer<typeof MembershipSchema>;
