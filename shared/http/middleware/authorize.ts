/**
 * Authorization, declared per route in `functions/routes.ts` and enforced here, after validation
 * (so it sees canonical, typed input) and before the handler's work:
 * - `self`: a `userId` input naming an account must be the caller's own (403 otherwise);
 * - `viewer` | `member` | `owner`: the caller needs an active membership of the tenant in scope with
 *   at least that role. The tenant is the handler's `tenantOf(input)` (a record's tenant), or the
 *   `organizationId` / `workspaceId` input. Not a member: 404 when the tenant or record was named in
 *   the path (existence is never leaked), 403 when named as a scope in the query or body.
 * - `agent: false` rejects agent tokens (403).
 */
import type { MiddlewareObj } from '@middy/core';
import type { Access, Route } from '../../../functions/routes.ts';
import { getMembership } from '../../db/memberships.ts';
import type { ApiContext, ApiEvent, ApiResponse, Caller, RequestState, Role, TenantScope } from '../context.ts';
import { forbidden, notFound } from '../problem.ts';

const RANK: Record<Role, number> = { viewer: 1, member: 2, owner: 3 };

/** Finds the tenant a request acts on from a record it names; undefined when there is no such record. */
export type TenantOf<I> = (input: I, caller: Caller) => Promise<{ tenantId: string } | undefined>;

export function roleAllows(role: Role, access: Exclude<Access, 'self'>): boolean {
  return RANK[role] >= RANK[access];
}

async function tenantScope(
  route: Route,
  state: RequestState,
  caller: Caller,
  tenantOf: TenantOf<never> | undefined,
): Promise<TenantScope> {
  const access = route.access as Exclude<Access, 'self'>;
  const input = state.input as Record<string, unknown>;
  let tenantId: string | undefined;
  let hidden: boolean; // whether a non-member is answered 404 rather than 403
  if (tenantOf) {
    tenantId = (await tenantOf(input as never, caller))?.tenantId;
    if (!tenantId) throw notFound('The record');
    hidden = true;
  } else {
    const field = typeof input.organizationId === 'string' ? 'organizationId' : 'workspaceId';
    tenantId = input[field] as string | undefined;
    if (!tenantId) throw new Error(`Route ${route.key} declares tenant access but has no tenant input`);
    hidden = state.fromPath.has(field);
  }
  const membership = await getMembership(tenantId, caller.userId);
  if (!membership || membership.status !== 'active') {
    if (hidden) throw notFound(tenantOf ? 'The record' : 'The organization');
    throw forbidden('You are not a member of this organization.');
  }
  if (!roleAllows(membership.role, access)) {
    throw forbidden(`This needs the ${access} role or higher; you are ${membership.role}.`);
  }
  return { tenantId, role: membership.role };
}

export function authorize<I>(route: Route, tenantOf?: TenantOf<I>): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: async (request) => {
      const state = request.context.state;
      const caller = state.caller!;
      if (!route.agent && caller.agent) throw forbidden('Agent access tokens may not do this.');
      if (route.access === 'self') {
        const userId = (state.input as Record<string, unknown>).userId;
        if (userId !== undefined && userId !== caller.userId) throw forbidden('You can only act as yourself.');
        return;
      }
      state.tenant = await tenantScope(route, state, caller, tenantOf as TenantOf<never> | undefined);
    },
  };
}
