/** DELETE /v1/expense-categories/:id — deletes the category, permanently; 409 while any cost refers to the category. */
import * as z from 'zod/mini';
import { categoryFromItem, deleteExpenseCategory } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/expense-categories.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/expense-categories/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ expenseCategoryId: Uuid }),
  tenantOf: recordTenant('expenseCategory', 'expenseCategoryId'),
  record: categoryFromItem,
  run: async ({ input, tenant, record }) => {
    await deleteExpenseCategory(tenant.tenantId, record);
    return deleted(input.expenseCategoryId);
  },
});
