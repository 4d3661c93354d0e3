/** The route table's files rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const filesRoutes = [
  route('GET', '/v1/files', { form: 'A', access: 'viewer', handler: 'files/list' }),
  route('POST', '/v1/files', { form: 'A', access: 'member', buckets: ['files'], handler: 'files/create' }),
  route('GET', '/v1/files/:id/download', {
    form: 'A',
    access: 'viewer',
    buckets: ['files'],
    params: { id: 'fileId' },
    handler: 'files/download',
  }),
  route('PATCH', '/v1/files/:id', { form: 'A', access: 'member', params: { id: 'fileId' }, handler: 'files/rename' }),
];

/** The files route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(filesRoutes);
