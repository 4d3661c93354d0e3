/** The route table's creators rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const creatorsRoutes = [
  route('GET', '/v1/creators', { form: 'A', access: 'viewer', handler: 'creators/list' }),
  route('GET', '/v1/creators/stats', { form: 'A', access: 'viewer', handler: 'creators/stats' }),
  route('GET', '/v1/creators/:id', {
    form: 'A',
    access: 'viewer',
    params: { id: 'creatorId' },
    handler: 'creators/get',
  }),
  route('POST', '/v1/creators', { form: 'A', access: 'member', handler: 'creators/create' }),
  route('POST', '/v1/creators/own-brand', { form: 'A', access: 'member', handler: 'creators/own-brand' }),
  route('PATCH', '/v1/creators/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'creatorId' },
    handler: 'creators/update',
  }),
  route('DELETE', '/v1/creators/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'creatorId' },
    handler: 'creators/delete',
  }),
  route('POST', '/v1/creators/social-accounts/connect', {
    form: 'A',
    access: 'member',
    handler: 'creators/connect-social-account',
  }),
  route('DELETE', '/v1/creators/:creatorId/social-accounts/:platform/:accountId', {
    form: 'A',
    access: 'member',
    handler: 'creators/delete-social-account',
  }),
  route('GET', '/v1/creators/metrics', { form: 'A', access: 'viewer', handler: 'creators/metrics' }),
  route('GET', '/v1/creators/metrics/history', { form: 'A', access: 'viewer', handler: 'creators/metrics-history' }),
];

/** The creators route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(creatorsRoutes);
