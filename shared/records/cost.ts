/**
 * The cost record: the record schemas, what the repositories return (shared/db) and what the
 * OpenAPI document shows (shared/schemas/records names them). They import only zod, shared/domain
 * and this folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { RecordId, stored } from './fields.ts';

/** The cost record: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/cost.ts). */
export const CostSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
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
    /** Units of the tenant's currency for one of the cost's, booked by the user (an invoice's rate); null: the ECB's applies. */
    exchangeRate: z.nullable(z.number()),
    /**
     * The rate it counts at in the tenant's currency (docs/decisions.md "Money and metrics"): fixed
     * when written; null when it is in the tenant's currency or no rate exists. `currency` and
     * `amount` are what it counts as: `amount` x `rate`, rounded to that currency's minor unit.
     */
    conversion: z.nullable(
      z.object({
        rate: z.number(),
        rateDate: z.string(),
        source: z.enum(['booked', 'ecb']),
        currency: z.string(),
        amount: z.number(),
      }),
    ),
  }),
);

export type Cost = z.infer<typeof CostSchema>;
