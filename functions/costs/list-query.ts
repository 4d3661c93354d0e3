/**
 * GET /v1/costs's query (its handler: `list.ts`), on its own so that an export's `filters` are
 * checked by it (functions/exports/inputs.ts) without bundling the list's reads.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { paging, SortDirection, Uuid } from '../../shared/schemas/common.ts';
import { costFilters, searchFilters } from './filters.ts';

export const query = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    organizationId: Uuid,
    ...paging,
    ...costFilters,
    ...searchFilters,
    sortBy: z.optional(z.enum(['amount', 'createdAt'])),
    sortDirection: z.optional(SortDirection),
  }),
);
