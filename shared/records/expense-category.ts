/**
 * The expense category record: the record schemas, what the repositories return (shared/db) and
 * what the OpenAPI document shows (shared/schemas/records names them). They import only zod,
 * shared/domain and this folder, so neither shared/schemas nor shared/http reaches into shared/db
 * for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { PerCurrency, RecordId, stored } from './fields.ts';

/** The expense category record: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/expense-category.ts). */
export const ExpenseCategorySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    organizationId: RecordId,
    name: z.string(),
    /** Number of costs in the category (its stored aggregate, moved by the cost writes). */
    usageCount: z.int(),
    /** Recorded spend per currency, in major units. */
    spend: PerCurrency,
  }),
);
