/** The expense category record (Expense categories group). */
import { ExpenseCategorySchema } from '../../records/expense-category.ts';
import { named } from './reply.ts';

export const ExpenseCategoryRecord = named('ExpenseCategory', ExpenseCategorySchema);
