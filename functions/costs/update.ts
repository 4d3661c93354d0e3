/** PATCH /v1/activities/costs/:id — changes the fields sent and moves the aggregates with them (409 on a concurrent change). */
import * as z from 'zod/mini';
import { storedCostFromItem, updateCost } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { checkMinorUnit } from '../../shared/schemas/money.ts';
import { Amount, CostType, Description, ExchangeRate } from './inputs.ts';
import { CostRecord } from '../../shared/schemas/records/cost.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/activities/costs/:id'),
  output: okReply(CostRecord),
  input: z.strictObject({
    costId: Uuid,
    amount: z.optional(Amount),
    type: z.optional(CostType),
    description: z.optional(Description),
    creatorId: z.optional(z.nullable(Uuid)),
    categoryId: z.optional(z.nullable(Uuid)),
    exchangeRate: z.optional(ExchangeRate),
  }),
  tenantOf: recordTenant('cost', 'costId'),
  record: storedCostFromItem,
  run: async ({ input: { costId: _costId, ...changes }, tenant, record }) => {
    checkMinorUnit(changes.amount, record.currency, 'amount');
    return ok(await updateCost(tenant.tenantId, record, changes));
  },
});
