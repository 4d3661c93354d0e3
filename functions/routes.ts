/**
 * THE route table: every endpoint of the interface specification, once.
 *
 * Three readers: the CDK stack (one function and one API route per entry), the local server
 * (`infra/local`), and the handler middleware (form -> `_meta`, access -> authorization,
 * params -> canonical input names). Nothing else lists routes.
 *
 * This module must stay free of runtime imports (every Lambda bundle includes it) but for
 * shared/http/route.ts, the entry types and `hasMeta`, which imports nothing. Handlers pass their
 * row to `defineHandler` (`route: routeByKey('GET /v1/users/:id')`); nothing under shared/
 * imports this table.
 */
import type { Access, HttpMethod, Route, RouteOptions } from '../shared/http/route.ts';

export type { Access, AuthKind, BucketName, Form, HttpMethod, Route, RouteOptions } from '../shared/http/route.ts';
export { hasMeta } from '../shared/http/route.ts';

/** A row; its key and access keep their literal types, so a handler's `defineHandler` knows its route's access. */
function route<const M extends HttpMethod, const P extends string, const A extends Access>(
  method: M,
  path: P,
  options: RouteOptions & { access: A },
): Route<A, `${M} ${P}`> {
  return {
    method,
    path,
    key: `${method} ${path}` as const,
    auth: options.auth ?? 'bearer',
    form: options.form,
    access: options.access,
    agent: options.agent ?? true,
    params: options.params ?? {},
    buckets: options.buckets ?? [],
    handler: options.handler,
  };
}

const table = [
  // Workspaces
  route('GET', '/v1/workspaces', { form: 'A', access: 'self', handler: 'workspaces/list' }),
  route('GET', '/v1/workspaces/:id', { form: 'A', access: 'viewer', params: { id: 'workspaceId' }, handler: 'workspaces/get' }),
  route('POST', '/v1/workspaces', { form: 'A', access: 'self', handler: 'workspaces/create' }),
  route('PATCH', '/v1/workspaces/:id', { form: 'A', access: 'member', params: { id: 'workspaceId' }, handler: 'workspaces/update' }),
  route('DELETE', '/v1/workspaces/:id', { form: 'A', access: 'owner', agent: false, params: { id: 'workspaceId' }, handler: 'workspaces/delete' }),
  route('GET', '/v1/workspaces/:id/users', { form: 'A', access: 'viewer', params: { id: 'workspaceId' }, handler: 'workspaces/list-members' }),
  route('POST', '/v1/workspaces/:id/users', { form: 'A', access: 'owner', params: { id: 'workspaceId' }, handler: 'workspaces/add-member' }),
  route('PATCH', '/v1/workspaces/:id/users/:userId', { form: 'A', access: 'owner', params: { id: 'workspaceId' }, handler: 'workspaces/change-member-role' }),
  route('DELETE', '/v1/workspaces/:id/users/:userId', { form: 'A', access: 'owner', params: { id: 'workspaceId' }, handler: 'workspaces/remove-member' }),
  route('POST', '/v1/workspaces/:id/invites', { form: 'A', access: 'owner', params: { id: 'workspaceId' }, handler: 'workspaces/invite' }),

  // Organizations
  route('GET', '/v1/organizations', { form: 'both', access: 'self', handler: 'organizations/list' }),
  route('GET', '/v1/organizations/:id', { form: 'both', access: 'viewer', params: { id: 'organizationId' }, handler: 'organizations/get' }),
  route('POST', '/v1/organizations', { form: 'both', access: 'self', handler: 'organizations/create' }),
  route('POST', '/v1/organizations/complete-organic-signup', { form: 'B', access: 'self', handler: 'organizations/complete-organic-signup' }),
  route('PATCH', '/v1/organizations/:id', { form: 'both', access: 'owner', params: { id: 'organizationId' }, handler: 'organizations/update' }),
  route('DELETE', '/v1/organizations/:id', { form: 'both', access: 'owner', agent: false, buckets: ['files'], params: { id: 'organizationId' }, handler: 'organizations/delete' }),
  route('GET', '/v1/organizations/:id/users', { form: 'both', access: 'viewer', params: { id: 'organizationId' }, handler: 'organizations/list-members' }),
  route('POST', '/v1/organizations/:id/users', { form: 'both', access: 'owner', params: { id: 'organizationId' }, handler: 'organizations/add-member' }),
  route('PATCH', '/v1/organizations/:id/users/:userId', { form: 'both', access: 'owner', params: { id: 'organizationId' }, handler: 'organizations/change-member-role' }),
  route('DELETE', '/v1/organizations/:id/users/:userId', { form: 'both', access: 'owner', params: { id: 'organizationId' }, handler: 'organizations/remove-member' }),
  route('POST', '/v1/organizations/:id/invites', { form: 'both', access: 'owner', params: { id: 'organizationId' }, handler: 'organizations/invite' }),
  route('POST', '/v1/organizations/invites/:organizationId/accept', { form: 'B', access: 'self', handler: 'organizations/accept-invite' }),
  route('POST', '/v1/organizations/invites/:organizationId/decline', { form: 'B', access: 'self', handler: 'organizations/decline-invite' }),
  route('POST', '/v1/organizations/invites/process-signup', { form: 'B', access: 'self', handler: 'organizations/process-signup' }),

  // Users
  route('GET', '/v1/users', { form: 'both', access: 'viewer', handler: 'users/list' }),
  route('POST', '/v1/users', { form: 'B', access: 'self', handler: 'users/create' }),
  route('GET', '/v1/users/:id', { form: 'both', access: 'self', params: { id: 'userId' }, handler: 'users/get' }),
  route('PATCH', '/v1/users/:id', { form: 'both', access: 'self', buckets: ['avatars'], params: { id: 'userId' }, handler: 'users/update' }),
  route('POST', '/v1/users/:id/avatar/upload-url', { form: 'B', access: 'self', buckets: ['avatars'], params: { id: 'userId' }, handler: 'users/avatar-upload-url' }),
  route('POST', '/v1/users/:id/change-email', { form: 'B', access: 'self', params: { id: 'userId' }, handler: 'users/change-email' }),
  // The service's own (DECISIONS.md "Identity and tokens"): applies a change-email with its emailed code.
  route('POST', '/v1/users/:id/confirm-email-change', { form: 'B', access: 'self', params: { id: 'userId' }, handler: 'users/confirm-email-change' }),
  route('POST', '/v1/users/:id/request-deletion', { form: 'B', access: 'self', params: { id: 'userId' }, handler: 'users/request-deletion' }),
  route('POST', '/v1/users/:id/confirm-deletion', { form: 'B', access: 'self', params: { id: 'userId' }, handler: 'users/confirm-deletion' }),
  route('DELETE', '/v1/users/:id', { form: 'B', access: 'self', buckets: ['avatars'], params: { id: 'userId' }, handler: 'users/delete' }),
  route('GET', '/v1/users/:id/settings', { form: 'both', access: 'self', params: { id: 'userId' }, handler: 'users/get-settings' }),
  route('PATCH', '/v1/users/:id/settings', { form: 'both', access: 'self', params: { id: 'userId' }, handler: 'users/update-settings' }),

  // Creators
  route('GET', '/v1/creators', { form: 'A', access: 'viewer', handler: 'creators/list' }),
  route('GET', '/v1/creators/stats', { form: 'A', access: 'viewer', handler: 'creators/stats' }),
  route('GET', '/v1/creators/:id', { form: 'A', access: 'viewer', params: { id: 'creatorId' }, handler: 'creators/get' }),
  route('POST', '/v1/creators', { form: 'A', access: 'member', handler: 'creators/create' }),
  route('POST', '/v1/creators/own-brand', { form: 'A', access: 'member', handler: 'creators/own-brand' }),
  route('PATCH', '/v1/creators/:id', { form: 'A', access: 'member', params: { id: 'creatorId' }, handler: 'creators/update' }),
  route('DELETE', '/v1/creators/:id', { form: 'A', access: 'member', buckets: ['files'], params: { id: 'creatorId' }, handler: 'creators/delete' }),
  route('POST', '/v1/creators/social-accounts/connect', { form: 'A', access: 'member', handler: 'creators/connect-social-account' }),
  route('DELETE', '/v1/creators/:creatorId/social-accounts/:platform/:accountId', { form: 'A', access: 'member', handler: 'creators/delete-social-account' }),
  route('GET', '/v1/creators/metrics', { form: 'A', access: 'viewer', handler: 'creators/metrics' }),
  route('GET', '/v1/creators/metrics/history', { form: 'A', access: 'viewer', handler: 'creators/metrics-history' }),

  // Activities
  route('GET', '/v1/activities', { form: 'B', access: 'viewer', handler: 'activities/list' }),
  route('GET', '/v1/activities/count', { form: 'B', access: 'viewer', handler: 'activities/count' }),
  route('GET', '/v1/activities/stats', { form: 'B', access: 'viewer', handler: 'activities/stats' }),
  route('POST', '/v1/activities', { form: 'B', access: 'member', handler: 'activities/create' }),
  route('PATCH', '/v1/activities/:id', { form: 'B', access: 'member', params: { id: 'activityId' }, handler: 'activities/update' }),
  route('DELETE', '/v1/activities/:id', { form: 'B', access: 'member', buckets: ['files'], params: { id: 'activityId' }, handler: 'activities/delete' }),
  route('POST', '/v1/activities/content-link/connect', { form: 'B', access: 'member', handler: 'activities/connect-content-link' }),
  route('POST', '/v1/activities/content-link/disconnect', { form: 'B', access: 'member', handler: 'activities/disconnect-content-link' }),
  route('GET', '/v1/activities/creators', { form: 'B', access: 'viewer', handler: 'activities/list-creators' }),
  route('GET', '/v1/activities/creators/count', { form: 'B', access: 'viewer', handler: 'activities/count-creators' }),
  route('POST', '/v1/activities/:id/creators', { form: 'B', access: 'member', params: { id: 'activityId' }, handler: 'activities/link-creator' }),
  route('DELETE', '/v1/activities/:id/creators/:creatorId', { form: 'B', access: 'member', params: { id: 'activityId' }, handler: 'activities/unlink-creator' }),
  route('POST', '/v1/activities/costs', { form: 'B', access: 'member', handler: 'costs/create' }),
  route('PATCH', '/v1/activities/costs/:id', { form: 'B', access: 'member', params: { id: 'costId' }, handler: 'costs/update' }),
  route('DELETE', '/v1/activities/costs/:id', { form: 'B', access: 'member', params: { id: 'costId' }, handler: 'costs/delete' }),
  route('GET', '/v1/activities/metrics/confidence', { form: 'B', access: 'viewer', handler: 'activities/metrics-confidence' }),
  route('GET', '/v1/activities/sparklines', { form: 'B', access: 'viewer', handler: 'activities/sparklines' }),
  route('GET', '/v1/activities/:id', { form: 'B', access: 'viewer', params: { id: 'activityId' }, handler: 'activities/get' }),

  // Campaigns
  route('GET', '/v1/campaigns', { form: 'both', access: 'viewer', handler: 'campaigns/list' }),
  route('GET', '/v1/campaigns/stats', { form: 'both', access: 'viewer', handler: 'campaigns/stats' }),
  route('GET', '/v1/campaigns/:id', { form: 'both', access: 'viewer', params: { id: 'campaignId' }, handler: 'campaigns/get' }),
  route('POST', '/v1/campaigns', { form: 'both', access: 'member', handler: 'campaigns/create' }),
  route('PATCH', '/v1/campaigns/:id', { form: 'both', access: 'member', params: { id: 'campaignId' }, handler: 'campaigns/update' }),
  route('DELETE', '/v1/campaigns/:id', { form: 'both', access: 'member', buckets: ['files'], params: { id: 'campaignId' }, handler: 'campaigns/delete' }),
  route('POST', '/v1/campaigns/preview', { form: 'A', access: 'member', handler: 'campaigns/preview' }),
  route('POST', '/v1/campaigns/:id/duplicate', { form: 'A', access: 'member', params: { id: 'campaignId' }, handler: 'campaigns/duplicate' }),
  route('POST', '/v1/campaigns/:id/activities', { form: 'both', access: 'member', params: { id: 'campaignId' }, handler: 'campaigns/link-activity' }),
  route('DELETE', '/v1/campaigns/:id/activities/:activityId', { form: 'both', access: 'member', params: { id: 'campaignId' }, handler: 'campaigns/unlink-activity' }),

  // Notes
  route('GET', '/v1/notes', { form: 'both', access: 'viewer', handler: 'notes/list' }),
  route('GET', '/v1/notes/:id', { form: 'both', access: 'viewer', params: { id: 'noteId' }, handler: 'notes/get' }),
  route('POST', '/v1/notes', { form: 'both', access: 'member', handler: 'notes/create' }),
  route('PATCH', '/v1/notes/:id', { form: 'both', access: 'member', params: { id: 'noteId' }, handler: 'notes/update' }),
  route('DELETE', '/v1/notes/:id', { form: 'both', access: 'member', params: { id: 'noteId' }, handler: 'notes/delete' }),

  // Files
  route('GET', '/v1/files', { form: 'A', access: 'viewer', handler: 'files/list' }),
  route('POST', '/v1/files', { form: 'A', access: 'member', buckets: ['files'], handler: 'files/create' }),
  route('GET', '/v1/files/:id/download', { form: 'A', access: 'viewer', buckets: ['files'], params: { id: 'fileId' }, handler: 'files/download' }),
  route('PATCH', '/v1/files/:id', { form: 'A', access: 'member', params: { id: 'fileId' }, handler: 'files/rename' }),

  // Costs (read-only)
  route('GET', '/v1/costs', { form: 'both', access: 'viewer', handler: 'costs/list' }),
  route('GET', '/v1/costs/count', { form: 'both', access: 'viewer', handler: 'costs/count' }),
  route('GET', '/v1/costs/types', { form: 'B', access: 'viewer', handler: 'costs/types' }),
  route('GET', '/v1/costs/stats', { form: 'A', access: 'viewer', handler: 'costs/stats' }),

  // Expense categories
  route('GET', '/v1/expense-categories', { form: 'A', access: 'viewer', handler: 'expense-categories/list' }),
  route('POST', '/v1/expense-categories', { form: 'A', access: 'member', handler: 'expense-categories/create' }),
  route('PATCH', '/v1/expense-categories/:id', { form: 'A', access: 'member', params: { id: 'expenseCategoryId' }, handler: 'expense-categories/update' }),
  route('DELETE', '/v1/expense-categories/:id', { form: 'A', access: 'member', params: { id: 'expenseCategoryId' }, handler: 'expense-categories/delete' }),

  // Reported outcomes
  route('GET', '/v1/outcomes/definitions', { form: 'A', access: 'viewer', handler: 'outcomes/list-definitions' }),
  route('POST', '/v1/outcomes/definitions', { form: 'A', access: 'member', handler: 'outcomes/create-definition' }),
  route('PATCH', '/v1/outcomes/definitions/:id', { form: 'A', access: 'member', params: { id: 'outcomeDefinitionId' }, handler: 'outcomes/update-definition' }),
  route('DELETE', '/v1/outcomes/definitions/:id', { form: 'A', access: 'member', params: { id: 'outcomeDefinitionId' }, handler: 'outcomes/delete-definition' }),
  route('GET', '/v1/outcomes/measurements', { form: 'A', access: 'viewer', handler: 'outcomes/list-measurements' }),
  route('POST', '/v1/outcomes/measurements', { form: 'A', access: 'member', handler: 'outcomes/create-measurement' }),
  route('PATCH', '/v1/outcomes/measurements/:id', { form: 'A', access: 'member', params: { id: 'measurementId' }, handler: 'outcomes/update-measurement' }),
  route('DELETE', '/v1/outcomes/measurements/:id', { form: 'A', access: 'member', params: { id: 'measurementId' }, handler: 'outcomes/delete-measurement' }),

  // Reporting
  route('GET', '/v1/reporting/organization/metrics', { form: 'both', access: 'viewer', handler: 'reporting/organization-metrics' }),
  route('GET', '/v1/reporting/organization/metrics/history', { form: 'both', access: 'viewer', handler: 'reporting/organization-metrics-history' }),
  route('GET', '/v1/reporting/campaign/metrics', { form: 'both', access: 'viewer', handler: 'reporting/campaign-metrics' }),
  route('GET', '/v1/reporting/campaign/metrics/history', { form: 'both', access: 'viewer', handler: 'reporting/campaign-metrics-history' }),
  route('GET', '/v1/reporting/creator/metrics', { form: 'both', access: 'viewer', handler: 'reporting/creator-metrics' }),
  route('GET', '/v1/reporting/creator/metrics/history', { form: 'both', access: 'viewer', handler: 'reporting/creator-metrics-history' }),
  route('GET', '/v1/reporting/activity/metrics', { form: 'both', access: 'viewer', handler: 'reporting/activity-metrics' }),
  route('GET', '/v1/reporting/activity/metrics/history', { form: 'both', access: 'viewer', handler: 'reporting/activity-metrics-history' }),
  route('GET', '/v1/reporting/analytics/history', { form: 'A', access: 'viewer', handler: 'analytics/history' }),
  route('GET', '/v1/reporting/spend/history', { form: 'A', access: 'viewer', handler: 'reporting/spend-history' }),
  route('GET', '/v1/reporting/analytics/hdyhau-evidence', { form: 'A', access: 'viewer', handler: 'analytics/hdyhau-evidence' }),
  route('PUT', '/v1/reporting/analytics/hdyhau-mapping', { form: 'A', access: 'member', handler: 'analytics/hdyhau-mapping' }),
  route('GET', '/v1/reporting/analytics/direct-signals', { form: 'A', access: 'viewer', handler: 'analytics/direct-signals' }),
  route('PUT', '/v1/reporting/analytics/direct-signals/:signalId/mapping', { form: 'A', access: 'member', handler: 'analytics/signal-mapping' }),
  route('PUT', '/v1/reporting/analytics/direct-signals/:signalId/ignored', { form: 'A', access: 'member', handler: 'analytics/signal-ignored' }),
  route('GET', '/v1/reporting/campaign/portfolio', { form: 'A', access: 'viewer', handler: 'reporting/campaign-portfolio' }),
  route('GET', '/v1/reporting/campaign/comparison', { form: 'A', access: 'viewer', handler: 'reporting/campaign-comparison' }),
  route('GET', '/v1/reporting/marketing-brief', { form: 'A', access: 'viewer', handler: 'reporting/marketing-brief' }),
  route('GET', '/v1/reporting/recommendations', { form: 'A', access: 'viewer', handler: 'reporting/recommendations' }),
  route('GET', '/v1/reporting/campaign/readiness', { form: 'A', access: 'viewer', handler: 'reporting/campaign-readiness' }),
  route('GET', '/v1/reporting/campaign/closeout', { form: 'A', access: 'viewer', handler: 'reporting/campaign-closeout' }),

  // Billing
  route('POST', '/v1/billing/checkout-session', { form: 'B', access: 'owner', handler: 'billing/checkout-session' }),
  route('POST', '/v1/billing/portal-session', { form: 'B', access: 'owner', handler: 'billing/portal-session' }),
  route('POST', '/v1/billing/checkout-session/sync', { form: 'B', access: 'owner', handler: 'billing/sync-checkout-session' }),
  // The service's own (DECISIONS.md "Billing"): Stripe calls it with no token; the signature authenticates it, so no caller's access applies.
  route('POST', '/v1/billing/stripe/webhook', { form: 'B', access: 'self', auth: 'stripe-signature', handler: 'billing/stripe-webhook' }),

  // Analytics connection
  route('POST', '/v1/analytics-oauth/auth-url', { form: 'B', access: 'owner', handler: 'analytics/auth-url' }),
  route('POST', '/v1/analytics-oauth/select-property', { form: 'B', access: 'owner', handler: 'analytics/select-property' }),
  route('POST', '/v1/analytics-oauth/disconnect', { form: 'B', access: 'owner', handler: 'analytics/disconnect' }),
  // The service's own (DECISIONS.md "Web analytics"): Google sends the browser here after consent, with no token; it connects nothing, it passes the state and code on to the web client.
  route('GET', '/v1/analytics-oauth/callback', { form: 'B', access: 'self', auth: 'none', handler: 'analytics/oauth-callback' }),
  // The service's own: the web client completes the authorization with that state and code, answered only to the user who asked for the URL while an owner.
  route('POST', '/v1/analytics-oauth/complete', { form: 'B', access: 'owner', handler: 'analytics/complete' }),
];

/** A route of the table, with its key and access as literal types. */
export type TableRoute = (typeof table)[number];
export type RouteKey = TableRoute['key'];

export const routes: readonly TableRoute[] = table;

const byKey = new Map<string, Route>(routes.map((r) => [r.key, r]));

/** The route declared as `METHOD /path` (spec syntax). Throws on a key that is not in the table. */
export function routeByKey<K extends RouteKey>(key: K): Extract<TableRoute, { key: K }>;
export function routeByKey(key: string): Route;
export function routeByKey(key: string): Route {
  const found = byKey.get(key);
  if (!found) throw new Error(`No route ${key} in functions/routes.ts`);
  return found;
}

/** API Gateway's path syntax: `/v1/users/{id}`. */
export function gatewayPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

const byGatewayKey = new Map(routes.map((r) => [`${r.method} ${gatewayPath(r.path)}`, r]));

/** The route of an API Gateway `routeKey` (`GET /v1/users/{id}`), if it is one of ours. */
export function routeByGatewayKey(routeKey: string): Route | undefined {
  return byGatewayKey.get(routeKey);
}
