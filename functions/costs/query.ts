/**
 * The cost reads (list, count, types, stats) share one view: the tenant's costs joined at read time
 * with their activity (name, current campaign), category (name) and creator ({id, name}), then
 * filtered. Joining at read time is what makes a category rename visible everywhere at once.
 */
import * as z from 'zod/mini';
import { activitySummaries, type ActivitySummary } from '../../shared/db/activities.ts';
import { costFromItem, costItemsOf, type Cost } from '../../shared/db/costs.ts';
import { creatorsByIds } from '../../shared/db/creators.ts';
import { expenseCategoriesOf } from '../../shared/db/expense-categories.ts';
import { SearchTerm, Uuid } from '../../shared/schemas/common.ts';

export interface CostView extends Cost {
  creator: { id: string; name: string } | null;
  categoryName: string | null;
  activityName: string | null;
}

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

export interface CostFilters {
  activityId?: string;
  creatorId?: string;
  campaignId?: string;
  categoryId?: string;
  searchTerm?: string;
}

export interface CostSet {
  costs: CostView[];
  activities: Map<string, ActivitySummary>;
}

/** The tenant's costs matching `filters`, joined. */
export async function findCosts(tenantId: string, filters: CostFilters): Promise<CostSet> {
  const [items, activities, categories] = await Promise.all([
    costItemsOf(tenantId),
    activitySummaries(tenantId),
    expenseCategoriesOf(tenantId),
  ]);
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const term = filters.searchTerm?.trim().toLowerCase();
  const joined = items.map(costFromItem).map((cost) => {
    const activity = activities.get(cost.activityId);
    return {
      ...cost,
      // The activity's current campaign: an activity moved between campaigns takes its costs along.
      campaignId: activity ? activity.campaignId : cost.campaignId,
      categoryName: cost.categoryId ? (categoryNames.get(cost.categoryId) ?? null) : null,
      activityName: activity?.name ?? null,
    };
  });
  const matching = joined.filter(
    (c) =>
      (!filters.activityId || c.activityId === filters.activityId) &&
      (!filters.creatorId || c.creatorId === filters.creatorId) &&
      (!filters.campaignId || c.campaignId === filters.campaignId) &&
      (!filters.categoryId || c.categoryId === filters.categoryId) &&
      (!term || [c.categoryName, c.type, c.description, c.activityName].some((text) => text?.toLowerCase().includes(term))),
  );
  const creatorIds = [...new Set(matching.flatMap((c) => (c.creatorId ? [c.creatorId] : [])))];
  const creators = new Map((await creatorsByIds(tenantId, creatorIds)).map((c) => [c.id, { id: c.id, name: c.name }]));
  return {
    costs: matching.map((c) => ({ ...c, creator: c.creatorId ? (creators.get(c.creatorId) ?? null) : null })),
    activities,
  };
}
