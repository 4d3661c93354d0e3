/** The route table's notes rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const notesRoutes = [
  route('GET', '/v1/notes', { form: 'both', access: 'viewer', handler: 'notes/list' }),
  route('GET', '/v1/notes/:id', { form: 'both', access: 'viewer', params: { id: 'noteId' }, handler: 'notes/get' }),
  route('POST', '/v1/notes', { form: 'both', access: 'member', handler: 'notes/create' }),
  route('PATCH', '/v1/notes/:id', {
    form: 'both',
    access: 'member',
    params: { id: 'noteId' },
    handler: 'notes/update',
  }),
  route('DELETE', '/v1/notes/:id', {
    form: 'both',
    access: 'member',
    params: { id: 'noteId' },
    handler: 'notes/delete',
  }),
];

/** The notes route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(notesRoutes);
