/** GET /v1/expense-categories — the organization's categories with usage counts and recorded spend per currency. */
import * as z from 'zod/mini';
import { CATEGORY_SORT_COLUMNS, listExpenseCategories } from '../../shared/db/catalogue/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/expense-categories.ts';
import { list } from '../../shared/http/result.ts';
import { paging, search, Uuid } from '../../shared/schemas/common.ts';
import { ExpenseCategoryRecord } from '../../shared/schemas/records/expense-category.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/expense-categories'),
  output: listReply(ExpenseCategoryRecord),
  input: z.strictObject({ organizationId: Uuid, ...paging, ...search(CATEGORY_SORT_COLUMNS) }),
  run: async ({ input: { organizationId, ...query } }) => list(await listExpenseCategories(organizationId, query)),
});
