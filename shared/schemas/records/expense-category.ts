/** The expense category record (Expense categories group). */
import { ExpenseCategorySchema } from '../../db/expense-categories.ts';
import { named } from './reply.ts';

export const ExpenseCategoryRecord = named('ExpenseCategory', ExpenseCategorySchema);
