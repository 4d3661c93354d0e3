/**
 * POST /v1/activities/costs — a cost on an activity. Without `creatorId` it is attributed to the
 * activity's single linked creator when there is exactly one; `categoryId` must be a category of
 * the same organization (404). `exchangeRate` books the rate it converts at (docs/decisions.md
 * "Money and metrics"); else the ECB's of its day. Every aggregate moves in the same transaction.
 */
import * as z from 'zod/mini';
import { activityFromItem, createCost } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { checkMinorUnit, IsoCurrencyCode } from '../../shared/schemas/money.ts';
import { Amount, CostType, Description, ExchangeRate } from './inputs.ts';
import { CostRecord } from '../../shared/schemas/records/cost.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/activities/costs'),
  output: createdReply(CostRecord),
  input: z.strictObject({
    activityId: Uuid,
    amount: Amount,
    type: CostType,
    currency: IsoCurrencyCode,
    description: z.optional(Description),
    creatorId: z.optional(z.nullable(Uuid)),
    categoryId: z.optional(z.nullable(Uuid)),
    exchangeRate: z.optional(ExchangeRate),
  }),
  tenantOf: recordTenant('activity', 'activityId'),
  record: activityFromItem,
  run: async ({ input: { activityId: _activityId, ...input }, tenant, record }) => {
    checkMinorUnit(input.amount, input.currency, 'amount');
    return created(await createCost(tenant.tenantId, record, input, timeZoneOf(tenant.details)));
  },
});
