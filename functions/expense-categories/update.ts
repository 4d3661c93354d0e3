/** PATCH /v1/expense-categories/:id — renames the category; costs refer to the id, so every spend shows the new name at once. */
import * as z from 'zod/mini';
import { categoryFromItem, renameExpenseCategory } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/expense-categories.ts';
import { ok } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { ExpenseCategoryRecord } from '../../shared/schemas/records/expense-category.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/expense-categories/:id'),
  output: okReply(ExpenseCategoryRecord),
  input: z.strictObject({ expenseCategoryId: Uuid, name: text(1, 100) }),
  tenantOf: recordTenant('expenseCategory', 'expenseCategoryId'),
  record: categoryFromItem,
  run: async ({ input, tenant, record }) => ok(await renameExpenseCategory(tenant.tenantId, record, input.name)),
});
