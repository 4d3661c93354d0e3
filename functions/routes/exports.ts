/** The route table's exports rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const exportsRoutes = [
  // Exports are reads: every role that may read the data may export it (docs/decisions.md "The service's own routes").
  route('POST', '/v1/exports', { form: 'A', access: 'viewer', handler: 'exports/create' }),
  route('GET', '/v1/exports/:id', {
    form: 'A',
    access: 'viewer',
    buckets: ['exports'],
    params: { id: 'exportId' },
    handler: 'exports/get',
  }),
];

/** The exports route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(exportsRoutes);
