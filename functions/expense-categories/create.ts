/** POST /v1/expense-categories — a new category; names are unique per organization, case-insensitively (409). */
import * as z from 'zod/mini';
import { createExpenseCategory } from '../../shared/db/catalogue/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/expense-categories.ts';
import { created } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { ExpenseCategoryRecord } from '../../shared/schemas/records/expense-category.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/expense-categories'),
  output: createdReply(ExpenseCategoryRecord),
  input: z.strictObject({ organizationId: Uuid, name: text(1, 100) }),
  run: async ({ input }) => created(await createExpenseCategory(input.organizationId, input.name)),
});
