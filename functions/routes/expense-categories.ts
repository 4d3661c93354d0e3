/** The route table's expense categories rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const expenseCategoriesRoutes = [
  route('GET', '/v1/expense-categories', { form: 'A', access: 'viewer', handler: 'expense-categories/list' }),
  route('POST', '/v1/expense-categories', { form: 'A', access: 'member', handler: 'expense-categories/create' }),
  route('PATCH', '/v1/expense-categories/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'expenseCategoryId' },
    handler: 'expense-categories/update',
  }),
  route('DELETE', '/v1/expense-categories/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'expenseCategoryId' },
    handler: 'expense-categories/delete',
  }),
];

/** The expense categories route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(expenseCategoriesRoutes);
