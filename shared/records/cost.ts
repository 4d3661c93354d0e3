/**
 * The cost record: the record schemas, what the repositories return (shared/db) and what the
 * OpenAPI document shows (shared/schemas/records names them). They import only zod, shared/domain
 * and this folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { RecordId, stored } from './fields.ts';

/** The cost record: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/cost.ts). */
export const CostSchema = /* @__PURE__ */ lazySchema(() => z.object({
  ...stored,
  /** The tenant, under both of its names (docs/decisions.md: one id space). */
  organizationId: RecordId,
  workspaceId: RecordId,
  activityId: RecordId,
  creatorId: z.nullable(RecordId),
  categoryId: z.nullable(RecordId),
  amount: z.number(),
  currency: z.string(),
  type: z.string(),
  description: z.nullable(z.string()),
  /** The campaign it counts in: its activity's (stored at write; reads join the activity's current one). */
  campaignId: z.nullable(RecordId),
}));

export type Cost = z.infer<typeof CostSchema>;
