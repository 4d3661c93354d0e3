/** The filter inputs of the cost reads (not a handler); their read model is the catalogue's (cost-views.ts). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { SearchTerm, Uuid } from '../../shared/schemas/common.ts';

/** The filter inputs of the cost reads (Form A and B). */
export const costFilters = /* @__PURE__ */ droppable(() => ({
  activityId: z.optional(Uuid),
  creatorId: z.optional(Uuid),
  campaignId: z.optional(Uuid),
}));
export const searchFilters = /* @__PURE__ */ droppable(() => ({
  searchTerm: z.optional(SearchTerm),
  categoryId: z.optional(Uuid),
}));
