/**
 * The creator list's read model, which GET /v1/creators and its stats share: the creators a filter
 * starts from (an activity's, or every compact entry, joined with the search entries when searched)
 * and the page of an order an index keeps, with the role facet from the counters kept on write.
 */
import { Creators } from './creator-entity.ts';
import {
  compactCreatorsOfTenant,
  creatorIdsOfActivity,
  creatorPage,
  creatorRoleCounts,
  creatorsByIds,
  searchableCreatorsOfTenant,
  type CompactCreator,
  type Creator,
} from './creators.ts';
import { spendOrderCurrent } from './spend-order.ts';
import type { KeyCondition } from '../table/keys.ts';
import type { Facets, Page, PageRequest } from '../table/paging.ts';

/** The filters of the creator list (the role's values are the list's role filter). */
export interface CreatorListFilters {
  searchTerm?: string;
  dateFrom?: string;
  dateTo?: string;
  activityId?: string;
  role?: string;
}

/** A creator as filtered and sorted: the compact entry, with the searched fields (email, notes) when searched. */
export type FilteredCreator = CompactCreator & Partial<Pick<Creator, 'email' | 'notes'>>;

/**
 * What the filters start from: an activity's creators only (its links, then those creators);
 * else every creator's compact entry (gsi5), never the full items. A search joins each one's
 * search entry (gsi6: name, email, notes) by id, since the compact projection leaves email and
 * notes out to stay small; a creator without one (written before gsi6) is matched by name only.
 */
export async function creatorsToFilter(
  tenantId: string,
  input: Pick<CreatorListFilters, 'activityId' | 'searchTerm'>,
): Promise<FilteredCreator[]> {
  if (input.activityId) return creatorsByIds(tenantId, [...(await creatorIdsOfActivity(tenantId, input.activityId))]);
  if (!input.searchTerm) return compactCreatorsOfTenant(tenantId);
  const [compact, searchable] = await Promise.all([
    compactCreatorsOfTenant(tenantId),
    searchableCreatorsOfTenant(tenantId),
  ]);
  const searched = new Map(searchable.map((c) => [c.id, c]));
  return compact.map((c) => ({ ...c, email: searched.get(c.id)?.email, notes: searched.get(c.id)?.notes }));
}

/** The unfiltered list's orders that an index keeps (the creator's named queries), by `sortBy`. */
const INDEXED_ORDERS: Record<string, (tenantId: string) => KeyCondition> = {
  createdAt: Creators.query.byCreation,
  name: Creators.query.byName,
  impressions: Creators.query.byImpressions,
  engagement: Creators.query.byEngagement,
  spend: Creators.query.bySpend,
};

/**
 * One page of the unfiltered list (own brand left out) by creation, name, impressions, engagement
 * or spend, from the index that keeps that order, with its role facet and total from the role
 * counters kept on write (the facet counts the own brand, the total does not; creators without a
 * role count in neither facet). By spend only while gsi9 holds the tenant's current currency
 * (spend-order.ts `spendOrderCurrent`, read beside the page): after a currency change, until the
 * rewrite finishes, undefined. Undefined for any other list: filtered or searched lists and the
 * other columns (CPM, CPE, activities, followers) read every creator's compact entry (and
 * search entry) in `filterCreators`, since no key holds their order or membership. CPM and CPE are
 * quotients of two counters that move apart (spend with costs, the denominator with readings):
 * no write knows both, so no write could keep a key of the ratio without reading the item.
 */
export async function indexedCreatorsPage(
  tenantId: string,
  input: CreatorListFilters,
  sort: { sortBy: string; direction: 'asc' | 'desc' },
  page: PageRequest,
): Promise<[Page<Creator>, Facets] | undefined> {
  if (input.searchTerm || input.dateFrom || input.dateTo || input.activityId || input.role) return undefined;
  const order = INDEXED_ORDERS[sort.sortBy]?.(tenantId);
  if (!order) return undefined;
  const [items, counts, current] = await Promise.all([
    creatorPage(order, page, sort.direction),
    creatorRoleCounts(tenantId),
    sort.sortBy === 'spend' ? spendOrderCurrent(tenantId) : true,
  ]);
  if (!current) return undefined;
  const { none = 0, ...role } = counts;
  const totalCount = Object.entries(role).reduce((sum, [key, n]) => (key === 'own_brand' ? sum : sum + n), none);
  return [{ items, totalCount }, { role }];
}
