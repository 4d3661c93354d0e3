/**
 * The filters GET /v1/creators and GET /v1/creators/stats share: search, creation date range in the
 * workspace's timezone, linked activity and role. The own-brand record is left out unless the role
 * filter asks for it.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import {
  creatorRoleKey,
  creatorsToFilter,
  type Creator,
  type FilteredCreator,
} from '../../shared/db/catalogue/index.ts';
import type { Tenant } from '../../shared/db/tenancy/index.ts';
import { localDate } from '../../shared/domain/dates.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { DateOnly, SearchTerm, Uuid } from '../../shared/schemas/common.ts';
import { CreatorRoleFilter } from './inputs.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const filterFields = /* @__PURE__ */ lazySchema(() => ({
  workspaceId: Uuid,
  searchTerm: z.optional(SearchTerm),
  dateFrom: z.optional(DateOnly),
  dateTo: z.optional(DateOnly),
  activityId: z.optional(Uuid),
  role: z.optional(CreatorRoleFilter),
}));

export type { FilteredCreator } from '../../shared/db/catalogue/index.ts';

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

/**
 * `candidates`: the creators matching every filter but the role (for facets), own brand included;
 * `matching`: those matching the role too (own brand only when role is own_brand).
 */
export async function filterCreators(
  tenant: Tenant,
  input: FilterInput,
): Promise<{ candidates: FilteredCreator[]; matching: FilteredCreator[] }> {
  if (input.dateFrom && input.dateTo && input.dateFrom > input.dateTo) {
    throw invalidInput('dateFrom must not be after dateTo.', [
      { path: 'dateTo', message: 'Must be on or after dateFrom.' },
    ]);
  }
  const all = await creatorsToFilter(tenant.id, input);
  const timeZone = timeZoneOf(tenant);
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
