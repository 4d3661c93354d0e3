/** GET /v1/costs/count — how many costs match the filters. */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/costs.ts';
import { count } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { costFilters } from './filters.ts';
import { findCosts, isFiltered } from '../../shared/db/catalogue/index.ts';
import { getTenantAggregate } from '../../shared/db/tenancy/index.ts';
import { countReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/costs/count'),
  output: countReply,
  input: z.strictObject({ organizationId: Uuid, ...costFilters }),
  run: async ({ input: { organizationId, ...filters } }) =>
    // Unfiltered, the tenant's stored costsCount is the count.
    count(
      isFiltered(filters)
        ? (await findCosts(organizationId, filters)).costs.length
        : (await getTenantAggregate(organizationId)).costsCount,
    ),
});
