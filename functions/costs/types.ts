/** GET /v1/costs/types — the distinct cost type labels of the tenant (autocomplete), sorted, with how often each is used. */
import * as z from 'zod/mini';
import { costTypeCounts } from '../../shared/db/catalogue/index.ts';
import { pageOf } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/costs.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { CostTypeRecord } from '../../shared/schemas/records/cost.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/costs/types'),
  output: listReply(CostTypeRecord),
  input: z.strictObject({ organizationId: Uuid, ...paging }),
  run: async ({ input: { organizationId, ...page } }) => {
    // From the tenant's per-label counters kept on write (one item, moved with every cost create, delete and type change), never from the costs.
    const types = [...(await costTypeCounts(organizationId))]
      .map(([type, n]) => ({ type, count: n }))
      .sort(
        (a, b) =>
          a.type.localeCompare(b.type, 'en', { sensitivity: 'base' }) ||
          (a.type < b.type ? -1 : a.type > b.type ? 1 : 0),
      );
    return list(pageOf(types, page));
  },
});
