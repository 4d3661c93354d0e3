/**
 * The route table's webhooks rows (functions/routes.ts concatenates the groups): owners only. An
 * agent token may not register an endpoint, change its url or rotate its secret (docs/decisions.md
 * "Identity and tokens": nothing that outlives the token).
 */
import { route, routeFinder } from './row.ts';

export const webhooksRoutes = [
  route('POST', '/v1/webhooks/endpoints', {
    form: 'B',
    access: 'owner',
    agent: false,
    handler: 'webhooks/create-endpoint',
  }),
  route('GET', '/v1/webhooks/endpoints', { form: 'B', access: 'owner', handler: 'webhooks/list-endpoints' }),
  route('GET', '/v1/webhooks/endpoints/:id', {
    form: 'B',
    access: 'owner',
    params: { id: 'endpointId' },
    handler: 'webhooks/get-endpoint',
  }),
  route('PATCH', '/v1/webhooks/endpoints/:id', {
    form: 'B',
    access: 'owner',
    agentRefuses: { url: true },
    params: { id: 'endpointId' },
    handler: 'webhooks/update-endpoint',
  }),
  route('DELETE', '/v1/webhooks/endpoints/:id', {
    form: 'B',
    access: 'owner',
    params: { id: 'endpointId' },
    handler: 'webhooks/delete-endpoint',
  }),
  route('POST', '/v1/webhooks/endpoints/:id/rotate-secret', {
    form: 'B',
    access: 'owner',
    agent: false,
    params: { id: 'endpointId' },
    handler: 'webhooks/rotate-secret',
  }),
  route('GET', '/v1/webhooks/endpoints/:id/deliveries', {
    form: 'B',
    access: 'owner',
    params: { id: 'endpointId' },
    handler: 'webhooks/list-deliveries',
  }),
  route('POST', '/v1/webhooks/deliveries/:id/replay', {
    form: 'B',
    access: 'owner',
    params: { id: 'deliveryId' },
    handler: 'webhooks/replay-delivery',
  }),
];

/** The webhooks route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(webhooksRoutes);
