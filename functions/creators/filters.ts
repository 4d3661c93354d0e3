/**
 * The filters GET /v1/creators and GET /v1/creators/stats share: search, creation date range in the
 * workspace's timezone, linked activity and role. The own-brand record is left out unless the role
 * filter asks for it.
 */
import * as z from 'zod/mini';
import { compactCreatorsOfTenant, creatorIdsOfActivity, creatorPage, creatorRoleCounts, creatorRoleKey, creatorsByIds, searchableCreatorsOfTenant, type CompactCreator, type Creator, spendOrderCurrent } from '../../shared/db/catalogue/index.ts';
import { keys, type OrderedIndex } from '../../shared/db/table/keys.ts';
import type { Facets, Page, PageRequest } from '../../shared/db/table/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { localDate } from '../../shared/domain/dates.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { DateOnly, SearchTerm, Uuid } from '../../shared/schemas/common.ts';
import { CreatorRoleFilter } from './inputs.ts';

export const filterFields = {
  workspaceId: Uuid,
  searchTerm: z.optional(SearchTerm),
  dateFrom: z.optional(DateOnly),
  dateTo: z.optional(DateOnly),
  activityId: z.optional(Uuid),
  role: z.optional(CreatorRoleFilter),
};

export interface FilterInput {
  searchTerm?: string;
  dateFrom?: string;
  dateTo?: string;
  activityId?: string;
  role?: z.infer<typeof CreatorRoleFilter>;
}

export type RoleKey = z.infer<typeof CreatorRoleFilter>;
export const roleOf = (creator: Pick<Creator, 'isOwnBrand' | 'role'>): RoleKey | null => {
  const key = creatorRoleKey(creator);
  return key === 'none' ? null : (key as RoleKey);
};

/** A creator as filtered and sorted: the compact entry, with the searched fields (email, notes) when searched. */
export type FilteredCreator = CompactCreator & Partial<Pick<Creator, 'email' | 'notes'>>;

/**
 * What the filters start from: an activity's creators only (its links, then those creators);
 * else every creator's compact entry (gsi5), never the full items. A search joins each one's
 * search entry (gsi6: name, email, notes) by id, since the compact projection leaves email and
 * notes out to stay small; a creator without one (written before gsi6) is matched by name only.
 */
async function creatorsToFilter(tenantId: string, input: FilterInput): Promise<FilteredCreator[]> {
  if (input.activityId) return creatorsByIds(tenantId, [...(await creatorIdsOfActivity(tenantId, input.activityId))]);
  if (!input.searchTerm) return compactCreatorsOfTenant(tenantId);
  const [compact, searchable] = await Promise.all([compactCreatorsOfTenant(tenantId), searchableCreatorsOfTenant(tenantId)]);
  const searched = new Map(searchable.map((c) => [c.id, c]));
  return compact.map((c) => ({ ...c, email: searched.get(c.id)?.email, notes: searched.get(c.id)?.notes }));
}

/**
 * `candidates`: the creators matching every filter but the role (for facets), own brand included;
 * `matching`: those matching the role too (own brand only when role is own_brand).
 */
export async function filterCreators(tenant: Tenant, input: FilterInput): Promise<{ candidates: FilteredCreator[]; matching: FilteredCreator[] }> {
  if (input.dateFrom && input.dateTo && input.dateFrom > input.dateTo) {
    throw invalidInput('dateFrom must not be after dateTo.', [{ path: 'dateTo', message: 'Must be on or after dateFrom.' }]);
  }
  const all = await creatorsToFilter(tenant.id, input);
  const timeZone = tenant.ianaTimezone ?? 'UTC';
  const term = input.searchTerm?.toLowerCase();
  const candidates = all.filter((c) => {
    if (term && ![c.name, c.email, c.notes].some((field) => field?.toLowerCase().includes(term))) return false;
    if (input.dateFrom || input.dateTo) {
      const day = localDate(c.createdAt, timeZone);
      if (input.dateFrom && day < input.dateFrom) return false;
      if (input.dateTo && day > input.dateTo) return false;
    }
    return true;
  });
  const matching = candidates.filter((c) => (input.role ? roleOf(c) === input.role : !c.isOwnBrand));
  return { candidates, matching };
}

/** The unfiltered list's orders that an index keeps (keys.ts), by `sortBy`. */
const INDEXED_ORDERS: Record<string, (tenantId: string) => OrderedIndex> = {
  createdAt: keys.creatorsByCreation,
  name: keys.creatorsByName,
  impressions: keys.creatorsByImpressions,
  engagement: keys.creatorsByEngagement,
  spend: keys.creatorsBySpend,
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
  input: FilterInput,
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
