/** The filter inputs of the cost reads (not a handler); their read model is the catalogue's (cost-views.ts). */
import * as z from 'zod/mini';
import { SearchTerm, Uuid } from '../../shared/schemas/common.ts';

/** The filter inputs of the cost reads (Form A and B). */
export const costFilters = {
  activityId: z.optional(Uuid),
  creatorId: z.optional(Uuid),
  campaignId: z.optional(Uuid),
};
export const searchFilters = {
  searchTerm: z.optional(SearchTerm),
  categoryId: z.optional(Uuid),
};
