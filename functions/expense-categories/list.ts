/** GET /v1/expense-categories — the organization's categories with usage counts and recorded spend per currency. */
import * as z from 'zod/mini';
import { CATEGORY_SORT_COLUMNS, listExpenseCategories } from '../../shared/db/expense-categories.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { list } from '../../shared/http/result.ts';
import { paging, search, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/expense-categories'),
  input: z.strictObject({ organizationId: Uuid, ...paging, ...search(CATEGORY_SORT_COLUMNS) }),
  run: async ({ input: { organizationId, ...query } }) => list(await listExpenseCategories(organizationId, query)),
});
