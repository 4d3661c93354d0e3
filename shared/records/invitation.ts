/**
 * An invitation to a tenant: the record schemas, what the repositories return (shared/db) and what
 * the OpenAPI document shows (shared/schemas/records names them). They import only zod,
 * shared/domain and this folder, so neither shared/schemas nor shared/http reaches into shared/db
 * for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { ROLES } from '../domain/roles.ts';
import { RecordId, stored } from './fields.ts';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;

/** The invitation record: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/tenant.ts). */
export const InvitationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    /** The tenant, under both of its names (docs/decisions.md: one id space). */
    organizationId: RecordId,
    workspaceId: RecordId,
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(INVITATION_STATUSES),
    invitedBy: z.string(),
  }),
);
