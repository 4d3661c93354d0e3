/** The route table's users rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const usersRoutes = [
  route('GET', '/v1/users', { form: 'both', access: 'viewer', handler: 'users/list' }),
  route('POST', '/v1/users', { form: 'B', access: 'self', handler: 'users/create' }),
  route('GET', '/v1/users/:id', { form: 'both', access: 'self', params: { id: 'userId' }, handler: 'users/get' }),
  route('PATCH', '/v1/users/:id', {
    form: 'both',
    access: 'self',
    buckets: ['avatars'],
    params: { id: 'userId' },
    handler: 'users/update',
  }),
  route('POST', '/v1/users/:id/avatar/upload-url', {
    form: 'B',
    access: 'self',
    buckets: ['avatars'],
    params: { id: 'userId' },
    handler: 'users/avatar-upload-url',
  }),
  route('POST', '/v1/users/:id/change-email', {
    form: 'B',
    access: 'self',
    params: { id: 'userId' },
    handler: 'users/change-email',
  }),
  // The service's own (docs/decisions.md "Identity and tokens"): applies a change-email with its emailed code.
  route('POST', '/v1/users/:id/confirm-email-change', {
    form: 'B',
    access: 'self',
    params: { id: 'userId' },
    handler: 'users/confirm-email-change',
  }),
  route('POST', '/v1/users/:id/request-deletion', {
    form: 'B',
    access: 'self',
    params: { id: 'userId' },
    handler: 'users/request-deletion',
  }),
  route('POST', '/v1/users/:id/confirm-deletion', {
    form: 'B',
    access: 'self',
    params: { id: 'userId' },
    handler: 'users/confirm-deletion',
  }),
  route('DELETE', '/v1/users/:id', { form: 'B', access: 'self', params: { id: 'userId' }, handler: 'users/delete' }),
  route('GET', '/v1/users/:id/settings', {
    form: 'both',
    access: 'self',
    params: { id: 'userId' },
    handler: 'users/get-settings',
  }),
  route('PATCH', '/v1/users/:id/settings', {
    form: 'both',
    access: 'self',
    params: { id: 'userId' },
    handler: 'users/update-settings',
  }),
];

/** The users route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(usersRoutes);
