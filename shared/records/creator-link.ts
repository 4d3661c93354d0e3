/**
 * A creator's link to an activity: the record schemas, what the repositories return (shared/db)
 * and what the OpenAPI document shows (shared/schemas/records names them). They import only zod,
 * shared/domain and this folder, so neither shared/schemas nor shared/http reaches into shared/db
 * for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { Instant, RecordId } from './fields.ts';

/** A creator linked to an activity: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/activity.ts). */
export const ActivityLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ activityId: RecordId, creatorId: RecordId, createdAt: Instant }),
);

export type ActivityLink = z.infer<typeof ActivityLinkSchema>;
