/** The route table's costs (read-only) rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const costsRoutes = [
  route('GET', '/v1/costs', { form: 'both', access: 'viewer', handler: 'costs/list' }),
  route('GET', '/v1/costs/count', { form: 'both', access: 'viewer', handler: 'costs/count' }),
  route('GET', '/v1/costs/types', { form: 'B', access: 'viewer', handler: 'costs/types' }),
  route('GET', '/v1/costs/stats', { form: 'A', access: 'viewer', handler: 'costs/stats' }),
];

/** The costs (read-only) route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(costsRoutes);
