/** The route table's campaigns rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const campaignsRoutes = [
  route('GET', '/v1/campaigns', { form: 'both', access: 'viewer', handler: 'campaigns/list' }),
  route('GET', '/v1/campaigns/stats', { form: 'both', access: 'viewer', handler: 'campaigns/stats' }),
  route('GET', '/v1/campaigns/:id', {
    form: 'both',
    access: 'viewer',
    params: { id: 'campaignId' },
    handler: 'campaigns/get',
  }),
  route('POST', '/v1/campaigns', { form: 'both', access: 'member', handler: 'campaigns/create' }),
  route('PATCH', '/v1/campaigns/:id', {
    form: 'both',
    access: 'member',
    params: { id: 'campaignId' },
    handler: 'campaigns/update',
  }),
  route('DELETE', '/v1/campaigns/:id', {
    form: 'both',
    access: 'member',
    params: { id: 'campaignId' },
    handler: 'campaigns/delete',
  }),
  route('POST', '/v1/campaigns/preview', { form: 'A', access: 'member', handler: 'campaigns/preview' }),
  route('POST', '/v1/campaigns/:id/duplicate', {
    form: 'A',
    access: 'member',
    params: { id: 'campaignId' },
    handler: 'campaigns/duplicate',
  }),
  route('POST', '/v1/campaigns/:id/activities', {
    form: 'both',
    access: 'member',
    params: { id: 'campaignId' },
    handler: 'campaigns/link-activity',
  }),
  route('DELETE', '/v1/campaigns/:id/activities/:activityId', {
    form: 'both',
    access: 'member',
    params: { id: 'campaignId' },
    handler: 'campaigns/unlink-activity',
  }),
];

/** The campaigns route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(campaignsRoutes);
