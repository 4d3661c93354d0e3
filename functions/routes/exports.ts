/** The route table's exports rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const exportsRoutes = [
  // A bulk download run as a job: members and owners, never viewers (docs/exports.md).
  route('POST', '/v1/exports', { form: 'A', access: 'member', handler: 'exports/create' }),
  route('GET', '/v1/exports/:id', { form: 'A', access: 'member', buckets: ['exports'], params: { id: 'exportId' }, handler: 'exports/get' }),
];

/** The exports route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(exportsRoutes);
