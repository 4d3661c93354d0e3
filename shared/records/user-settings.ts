/**
 * A user's settings: the record schemas, what the repositories return (shared/db) and what the
 * OpenAPI document shows (shared/schemas/records names them). They import only zod, shared/domain
 * and this folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { RecordId, stored } from './fields.ts';

/** A user's settings: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/user.ts). */
export const UserSettingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    userId: RecordId,
    activeOrganizationId: z.nullable(RecordId),
    preferences: z.record(z.string(), z.unknown()),
  }),
);
