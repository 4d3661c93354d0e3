/** GET /v1/costs/types — the distinct cost type labels of the tenant (autocomplete), sorted, with how often each is used. */
import * as z from 'zod/mini';
import { costItemsOf } from '../../shared/db/costs.ts';
import { pageOf } from '../../shared/db/paging.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { CostTypeRecord } from '../../shared/schemas/records/cost.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/costs/types'),
  output: listReply(CostTypeRecord),
  input: z.strictObject({ organizationId: Uuid, ...paging }),
  run: async ({ input: { organizationId, ...page } }) => {
    const counts = new Map<string, number>();
    for (const cost of await costItemsOf(organizationId)) counts.set(cost.type as string, (counts.get(cost.type as string) ?? 0) + 1);
    const types = [...counts]
      .map(([type, n]) => ({ type, count: n }))
      .sort((a, b) => a.type.localeCompare(b.type, 'en', { sensitivity: 'base' }) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    return list(pageOf(types, page));
  },
});
