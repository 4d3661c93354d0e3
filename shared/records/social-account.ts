/**
 * A creator's social account: the record schemas, what the repositories return (shared/db) and
 * what the OpenAPI document shows (shared/schemas/records names them). They import only zod,
 * shared/domain and this folder, so neither shared/schemas nor shared/http reaches into shared/db
 * for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { Instant, RecordId } from './fields.ts';

/** The social account record (what the repository returns; shared/schemas/records/creator.ts names it). */
export const SocialAccountSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accountId: z.string(),
    creatorId: RecordId,
    platform: z.string(),
    profileUrl: z.string(),
    handle: z.string(),
    followersCount: z.nullable(z.int()),
    createdAt: Instant,
    updatedAt: Instant,
  }),
);
