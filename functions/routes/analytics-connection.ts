/** The route table's analytics connection rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const analyticsConnectionRoutes = [
  route('POST', '/v1/analytics-oauth/auth-url', { form: 'B', access: 'owner', handler: 'analytics/auth-url' }),
  route('POST', '/v1/analytics-oauth/select-property', {
    form: 'B',
    access: 'owner',
    handler: 'analytics/select-property',
  }),
  route('POST', '/v1/analytics-oauth/disconnect', { form: 'B', access: 'owner', handler: 'analytics/disconnect' }),
  // The service's own (docs/decisions.md "Web analytics"): Google sends the browser here after consent, with no token; it connects nothing, it passes the state and code on to the web client.
  route('GET', '/v1/analytics-oauth/callback', {
    form: 'B',
    access: 'self',
    auth: 'none',
    handler: 'analytics/oauth-callback',
  }),
  // The service's own: the web client completes the authorization with that state and code, answered only to the user who asked for the URL while an owner.
  route('POST', '/v1/analytics-oauth/complete', { form: 'B', access: 'owner', handler: 'analytics/complete' }),
];

/** The analytics connection route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(analyticsConnectionRoutes);
