/** The route table's activities rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const activitiesRoutes = [
  route('GET', '/v1/activities', { form: 'B', access: 'viewer', handler: 'activities/list' }),
  route('GET', '/v1/activities/count', { form: 'B', access: 'viewer', handler: 'activities/count' }),
  route('GET', '/v1/activities/stats', { form: 'B', access: 'viewer', handler: 'activities/stats' }),
  route('POST', '/v1/activities', { form: 'B', access: 'member', handler: 'activities/create' }),
  route('PATCH', '/v1/activities/:id', {
    form: 'B',
    access: 'member',
    params: { id: 'activityId' },
    handler: 'activities/update',
  }),
  route('DELETE', '/v1/activities/:id', {
    form: 'B',
    access: 'member',
    params: { id: 'activityId' },
    handler: 'activities/delete',
  }),
  route('POST', '/v1/activities/content-link/connect', {
    form: 'B',
    access: 'member',
    handler: 'activities/connect-content-link',
  }),
  route('POST', '/v1/activities/content-link/disconnect', {
    form: 'B',
    access: 'member',
    handler: 'activities/disconnect-content-link',
  }),
  route('GET', '/v1/activities/creators', { form: 'B', access: 'viewer', handler: 'activities/list-creators' }),
  route('GET', '/v1/activities/creators/count', { form: 'B', access: 'viewer', handler: 'activities/count-creators' }),
  route('POST', '/v1/activities/:id/creators', {
    form: 'B',
    access: 'member',
    params: { id: 'activityId' },
    handler: 'activities/link-creator',
  }),
  route('DELETE', '/v1/activities/:id/creators/:creatorId', {
    form: 'B',
    access: 'member',
    params: { id: 'activityId' },
    handler: 'activities/unlink-creator',
  }),
  route('POST', '/v1/activities/costs', { form: 'B', access: 'member', handler: 'costs/create' }),
  route('PATCH', '/v1/activities/costs/:id', {
    form: 'B',
    access: 'member',
    params: { id: 'costId' },
    handler: 'costs/update',
  }),
  route('DELETE', '/v1/activities/costs/:id', {
    form: 'B',
    access: 'member',
    params: { id: 'costId' },
    handler: 'costs/delete',
  }),
  route('GET', '/v1/activities/metrics/confidence', {
    form: 'B',
    access: 'viewer',
    handler: 'activities/metrics-confidence',
  }),
  route('GET', '/v1/activities/sparklines', { form: 'B', access: 'viewer', handler: 'activities/sparklines' }),
  route('GET', '/v1/activities/:id', {
    form: 'B',
    access: 'viewer',
    params: { id: 'activityId' },
    handler: 'activities/get',
  }),
];

/** The activities route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(activitiesRoutes);
