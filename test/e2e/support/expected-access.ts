/**
 * What each caller should get from a route, derived only from the route table's declaration
 * (`access`, `agent`, whether the tenant is named in the path) and DECISIONS.md — never from the
 * authorization code under test.
 */
import type { Route } from '../../../functions/routes.ts';
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

/** DECISIONS.md: owner may do everything, member reads and writes, viewer only reads. */
const RANK = { viewer: 1, member: 2, owner: 3 } as const;

/** A `/v1/organizations/:id...` or `/v1/workspaces/:id...` route: the tenant is named in the path. */
export function tenantInPath(route: Route): boolean {
  return Object.values(route.params).some((name) => name === 'organizationId' || name === 'workspaceId');
}

export function expectedOutcome(route: Route, column: Column): Outcome {
  if (column === 'none') return 401;
  if (column === 'agent') return route.agent ? 'allowed' : 403;
  if (route.access === 'self') {
    if (column === 'other') return 403;
    return 'allowed';
  }
  if (column === 'outsider' || column === 'pending') return tenantInPath(route) ? 404 : 403;
  if (column === 'self' || column === 'other') throw new Error(`column ${column} is for self routes only`);
  return RANK[column] >= RANK[route.access] ? 'allowed' : 403;
}

export const PROBLEM_CODES = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' } as const;
