/**
 * What each caller should get from a route, derived only from the route table's declaration
 * (`access`, `agent`, what its path names), the inputs of the request, and docs/decisions.md — never
 * from the authorization code under test.
 */
import type { Route } from '../../../functions/routes.ts';
import type { RequestParts } from './fixtures/types.ts';
import type { WorldRole } from './world.ts';

/**
 * The callers of the matrix. Tenant routes: no token, the world's users, and the owner's agent
 * token. Self routes: no token, each caller acting on its own account (`self` when the callers are
 * new accounts), an agent token acting on its user's account, and `other`: acting on another
 * user's account.
 */
export type Column = 'none' | WorldRole | 'self' | 'agent' | 'other';

/** `allowed` means the route's work ran and answered its success status. */
export type Outcome = 'allowed' | 401 | 403 | 404;

/** docs/decisions.md: owner may do everything, member reads and writes, viewer only reads. */
const RANK = { viewer: 1, member: 2, owner: 3 } as const;

const TENANT_INPUTS = ['organizationId', 'workspaceId'];

/** The input names of the route's path parameters: `:id` under its declared name, others as written. */
export function pathInputs(route: Route): string[] {
  return [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => route.params[name!] ?? name!);
}

/** A `/v1/organizations/:id...` or `/v1/workspaces/:id...` route: the tenant is named in the path. */
export function tenantInPath(route: Route): boolean {
  return pathInputs(route).some((name) => TENANT_INPUTS.includes(name));
}

/**
 * A tenant route addressing a record of the tenant by id in the path (`/v1/campaigns/:id`,
 * `/v1/creators/:creatorId/social-accounts/...`): the tenant is the record's.
 */
export function recordInPath(route: Route): boolean {
  return (
    route.access !== 'self' &&
    !tenantInPath(route) &&
    pathInputs(route).some((name) => name.endsWith('Id') && name !== 'userId')
  );
}

/**
 * How a tenant-route request names its tenant: in the path (the tenant, or a record of it), as a
 * scope input in the query or body (`organizationId`/`workspaceId`), or only through a record of
 * the tenant that the query or body names (a cost's `activityId`, sparklines' `activityIds`).
 */
export type TenantNaming = 'path' | 'scope input' | 'record in input';

/**
 * docs/decisions.md "Web analytics": the OAuth completion is answered only to the user who asked for the
 * authorization URL, anyone else 403: its state names the tenant as a scope input would.
 */
const STATE_NAMES_TENANT = ['POST /v1/analytics-oauth/complete'];

export function tenantNaming(route: Route, request: RequestParts): TenantNaming {
  if (tenantInPath(route) || recordInPath(route)) return 'path';
  if (STATE_NAMES_TENANT.includes(route.key)) return 'scope input';
  const named = { ...request.query, ...(request.body as object | undefined) };
  return TENANT_INPUTS.some((name) => name in named) ? 'scope input' : 'record in input';
}

/**
 * docs/decisions.md: an agent token may not delete an account without the emailed deletion token (the
 * route allows agents, with that token).
 */
function deletesAccountWithoutToken(route: Route, request: RequestParts): boolean {
  const named = { ...request.query, ...(request.body as object | undefined) };
  return route.key === 'DELETE /v1/users/:id' && !('token' in named);
}

/**
 * docs/decisions.md "Identity and tokens": an agent token may not set up what outlives it; the route
 * declares the inputs it may not send (`agentRefuses`: a field, or a field's one value).
 */
function sendsWhatAgentsMayNot(route: Route, request: RequestParts): boolean {
  const named: Record<string, unknown> = { ...request.query, ...(request.body as object | undefined) };
  return Object.entries(route.agentRefuses).some(
    ([field, value]) => field in named && (value === true || named[field] === value),
  );
}

export function expectedOutcome(route: Route, column: Column, request: RequestParts): Outcome {
  if (column === 'none') return 401;
  if (column === 'agent')
    return route.agent && !deletesAccountWithoutToken(route, request) && !sendsWhatAgentsMayNot(route, request)
      ? 'allowed'
      : 403;
  if (route.access === 'self') {
    if (column === 'other') return 403;
    return 'allowed';
  }
  // docs/decisions.md "Errors": a tenant named as a scope input is 403; one named in the path, or a
  // record of it named anywhere, is 404 (existence is never leaked).
  if (column === 'outsider' || column === 'pending') return tenantNaming(route, request) === 'scope input' ? 403 : 404;
  if (column === 'self' || column === 'other') throw new Error(`column ${column} is for self routes only`);
  return RANK[column] >= RANK[route.access] ? 'allowed' : 403;
}

export const PROBLEM_CODES = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' } as const;
