/** The filter inputs of the cost reads (not a handler); their read model is the catalogue's (cost-views.ts). */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { SearchTerm, Uuid } from '../../shared/schemas/common.ts';

/** The filter inputs of the cost reads (Form A and B). */
export const costFilters = /* @__PURE__ */ lazySchema(() => ({
  activityId: z.optional(Uuid),
  creatorId: z.optional(Uuid),
  campaignId: z.optional(Uuid),
}));
export const searchFilters = /* @__PURE__ */ lazySchema(() => ({
  searchTerm: z.optional(SearchTerm),
  categoryId: z.optional(Uuid),
}));
