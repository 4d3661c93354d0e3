/** The expense category record (Expense categories group). */
import * as z from 'zod/mini';
import { stored } from './common.ts';
import { named } from './reply.ts';

export const ExpenseCategoryRecord = named(
  'ExpenseCategory',
  z.object({
    ...stored,
    organizationId: z.uuid(),
    name: z.string(),
    /** Number of costs in the category. */
    usageCount: z.int(),
    /** Recorded spend per currency, in major units. */
    spend: z.record(z.string(), z.number()),
  }),
);
