/**
 * The cost read model: the cost reads (list, count, types, stats) share one view: the tenant's costs joined at read time
 * with their activity (name, current campaign), category (name) and creator ({id, name}), then
 * filtered. Joining at read time is what makes a category rename visible everywhere at once.
 */
import {
  activitiesByIds,
  activitySummaries,
  compactActivitiesOfTenant,
  type Activity,
  type ActivitySummary,
} from './activities.ts';
import { activityIdsOfCampaign } from '../campaigns/campaign-links.ts';
import {
  compactCostsOfTenant,
  costFromItem,
  costItemsOf,
  costPageByCreation,
  costsByIds,
  costsOfActivities,
  costsOfCreator,
  type CompactCost,
  type Cost,
} from './costs.ts';
import { creatorsByIds } from './creators.ts';
import { expenseCategoriesByIds, expenseCategoriesOf, type ExpenseCategory } from './expense-categories.ts';
import { pageOf, sortRecords, type Page, type PageRequest } from '../table/paging.ts';
import { getTenantAggregate } from '../tenancy/tenants.ts';

export interface CostView extends Cost {
  creator: { id: string; name: string } | null;
  categoryName: string | null;
  activityName: string | null;
}

export interface CostFilters {
  activityId?: string;
  creatorId?: string;
  campaignId?: string;
  categoryId?: string;
  searchTerm?: string;
}

export interface CostSet {
  costs: CostView[];
  /** The activities read: those in `scope` and those of the costs (every activity of the tenant when unscoped and not by creator). */
  activities: Map<string, ActivitySummary>;
  /** The activities the activity and campaign filters select; undefined when neither is given (the whole tenant). */
  scope?: string[];
}

/** The activities a filter by activity, campaign or both selects (the campaign's from its link items); undefined for neither. */
async function activityScope(tenantId: string, filters: CostFilters): Promise<string[] | undefined> {
  if (!filters.campaignId) return filters.activityId ? [filters.activityId] : undefined;
  const ids = await activityIdsOfCampaign(tenantId, filters.campaignId);
  return filters.activityId ? ids.filter((id) => id === filters.activityId) : ids;
}

const summaryOf = (a: Activity): ActivitySummary => ({ id: a.id, name: a.name, campaignId: a.campaignId ?? null });

/**
 * The tenant's costs matching `filters`, joined. Filtered by activity or campaign it reads those
 * activities' costs only (gsi3), by creator that creator's (gsi2), and only the activities they
 * name; otherwise (category, search, no filter) every cost and activity of the tenant: what the
 * filtered stats read still. The list reads a parent's costs here, and otherwise one page of an
 * index (`costsByCreationPage`) or the compact entries (`compactCostsPage`).
 */
export async function findCosts(tenantId: string, filters: CostFilters): Promise<CostSet> {
  const scope = await activityScope(tenantId, filters);
  const [costs, categories] = await Promise.all([
    scope
      ? costsOfActivities(tenantId, scope)
      : filters.creatorId
        ? costsOfCreator(tenantId, filters.creatorId)
        : costItemsOf(tenantId).then((items) => items.map(costFromItem)),
    expenseCategoriesOf(tenantId),
  ]);
  const activities =
    scope || filters.creatorId
      ? new Map(
          (await activitiesByIds(tenantId, [...(scope ?? []), ...costs.map((c) => c.activityId)])).map((a) => [
            a.id,
            summaryOf(a),
          ]),
        )
      : await activitySummaries(tenantId);
  const joined = joinNames(costs, activities, categories);
  const term = filters.searchTerm?.trim().toLowerCase();
  const matching = joined.filter(
    (c) =>
      (!filters.activityId || c.activityId === filters.activityId) &&
      (!filters.creatorId || c.creatorId === filters.creatorId) &&
      (!filters.campaignId || c.campaignId === filters.campaignId) &&
      (!filters.categoryId || c.categoryId === filters.categoryId) &&
      (!term ||
        [c.categoryName, c.type, c.description, c.activityName].some((text) => text?.toLowerCase().includes(term))),
  );
  return { costs: await joinCreators(tenantId, matching), activities, ...(scope ? { scope } : {}) };
}

/** Whether any filter or search narrows the list (an empty search term does not). */
export function isFiltered(filters: CostFilters): boolean {
  return Boolean(
    filters.activityId || filters.creatorId || filters.campaignId || filters.categoryId || filters.searchTerm?.trim(),
  );
}

/**
 * One page of the tenant's unfiltered costs by creation (newest first, the default order, or
 * oldest first): the page read from the creation-ordered index, joined with only the activities,
 * categories and creators it names, and the total from the tenant's stored `costsCount` — nothing
 * grows with the tenant. By activity, campaign or creator a list reads that parent's costs
 * (`findCosts`); sorted by amount, searched or by category it reads compact entries (`compactCostsPage`).
 */
export async function costsByCreationPage(
  tenantId: string,
  page: PageRequest,
  direction: 'asc' | 'desc' = 'desc',
): Promise<Page<CostView>> {
  const [costs, aggregate] = await Promise.all([
    costPageByCreation(tenantId, page, direction),
    getTenantAggregate(tenantId),
  ]);
  return { items: await joinPage(tenantId, costs), totalCount: aggregate.costsCount };
}

/** A page of costs joined with only the activities, categories and creators it names. */
async function joinPage(tenantId: string, costs: Cost[]): Promise<CostView[]> {
  const [activities, categories] = await Promise.all([
    activitiesByIds(
      tenantId,
      costs.map((c) => c.activityId),
    ),
    expenseCategoriesByIds(
      tenantId,
      costs.flatMap((c) => (c.categoryId ? [c.categoryId] : [])),
    ),
  ]);
  const summaries = new Map(activities.map((a) => [a.id, summaryOf(a)]));
  return joinCreators(tenantId, joinNames(costs, summaries, categories));
}

/**
 * One page of the tenant's costs sorted by amount (or by creation), searched or by category, with
 * no activity, campaign or creator filter. No key holds these orders or filters (every amount
 * change would move a key; the search matches names joined by id; categories are many and
 * renamed), so this list reads every cost's compact entry (gsi5: keys and the sorted, filtered and
 * searched attributes — activity, category, amount, currency, type, description, createdAt — never
 * the full items), and for a search the activities' compact entries (their names) and the
 * categories (a tenant has few); it filters and sorts those in memory as `findCosts` did, then
 * reads only the page's full cost items and joins them. The total is the number of matching entries.
 */
export async function compactCostsPage(
  tenantId: string,
  filters: Pick<CostFilters, 'categoryId' | 'searchTerm'>,
  sort: { sortBy: 'amount' | 'createdAt'; direction: 'asc' | 'desc' },
  page: PageRequest,
): Promise<Page<CostView>> {
  const term = filters.searchTerm?.trim().toLowerCase();
  const [entries, activityNames, categoryNames] = await Promise.all([
    compactCostsOfTenant(tenantId),
    term ? compactActivitiesOfTenant(tenantId).then((all) => new Map(all.map((a) => [a.id, a.name]))) : undefined,
    term ? expenseCategoriesOf(tenantId).then((all) => new Map(all.map((c) => [c.id, c.name]))) : undefined,
  ]);
  const searched = (c: CompactCost) =>
    [
      c.categoryId ? categoryNames!.get(c.categoryId) : undefined,
      c.type,
      c.description,
      activityNames!.get(c.activityId),
    ].some((text) => text?.toLowerCase().includes(term!));
  const matching = entries.filter(
    (c) => (!filters.categoryId || c.categoryId === filters.categoryId) && (!term || searched(c)),
  );
  const { items, totalCount } = pageOf(
    sortRecords(matching, (c) => c[sort.sortBy], sort.direction),
    page,
  );
  return {
    items: await joinPage(
      tenantId,
      await costsByIds(
        tenantId,
        items.map((c) => c.id),
      ),
    ),
    totalCount,
  };
}

/** Costs with their activity's name and current campaign and their category's name. */
function joinNames(
  costs: Cost[],
  activities: Map<string, ActivitySummary>,
  categories: readonly ExpenseCategory[],
): Omit<CostView, 'creator'>[] {
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  return costs.map((cost) => {
    const activity = activities.get(cost.activityId);
    return {
      ...cost,
      // The activity's current campaign: an activity moved between campaigns takes its costs along.
      campaignId: activity ? activity.campaignId : cost.campaignId,
      categoryName: cost.categoryId ? (categoryNames.get(cost.categoryId) ?? null) : null,
      activityName: activity?.name ?? null,
    };
  });
}

/** Costs with their attributed creator's id and name (null when none, or gone). */
async function joinCreators(tenantId: string, costs: Omit<CostView, 'creator'>[]): Promise<CostView[]> {
  const creatorIds = [...new Set(costs.flatMap((c) => (c.creatorId ? [c.creatorId] : [])))];
  const creators = new Map((await creatorsByIds(tenantId, creatorIds)).map((c) => [c.id, { id: c.id, name: c.name }]));
  return costs.map((c) => ({ ...c, creator: c.creatorId ? (creators.get(c.creatorId) ?? null) : null }));
}
