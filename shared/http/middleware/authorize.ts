/**
 * Authorization, declared per route in `functions/routes.ts` and enforced here, after validation
 * (so it sees canonical, typed input) and before the handler's work:
 * - `self`: a `userId` input naming an account must be the caller's own (403 otherwise);
 * - `viewer` | `member` | `owner`: the caller needs an active membership of the tenant in scope with
 *   at least that role. The tenant is the handler's `tenantOf(input)` (a record's tenant), or the
 *   `organizationId` / `workspaceId` input. Not a member: 404 when the tenant or record was named in
 *   the path (existence is never leaked), 403 when named as a scope in the query or body.
 * - `agent: false` rejects agent tokens (403), and `agentRefuses` an agent token sending the inputs
 *   it names (docs/decisions.md "Identity and tokens": an agent may not set up what outlives it).
 * A deleted account's token is refused here (401), in the same round trip as the membership
 * (tenant routes) or with one small read (self routes). A soft-deleted tenant is not found.
 */
import type { MiddlewareObj } from '@middy/core';
import { refusedToAgent, type Access, type Route } from '../route.ts';
import { callerProfile, tenantAccess } from '../../db/tenancy/index.ts';
import type { Key, RecordLocation } from '../../db/table/index.ts';
import type { ApiContext, ApiEvent, ApiResponse, Caller, RequestState, TenantScope } from '../context.ts';
import type { Role } from '../../domain/roles.ts';
import { forbidden, invalidInput, notFound, unauthenticated } from '../problem.ts';

/** The caller's role in a tenant, with the tenant's record. */
type RoleInTenant = Omit<TenantScope, 'tenantId'>;

const RANK: Record<Role, number> = { viewer: 1, member: 2, owner: 3 };

/**
 * Finds the tenant a request acts on from a record it names; undefined when there is no such
 * record. `recordKey`: the record, which must exist (404 otherwise), is read in the same batch as
 * the membership (and handed to the handler parsed, when the handler gives its item mapping).
 * `scopeInput`: the tenant is the one a scope input (`organizationId` in the query or body) names,
 * so a non-member gets 403 as for any scope input, not 404. `held`: a single-use record `tenantOf`
 * took out of the table before anything else was checked (the analytics OAuth state, spent by
 * whoever presents it), handed to the handler once the caller's role allows it.
 */
export type TenantOf<I, T = undefined> = (
  input: I,
  caller: Caller,
) => Promise<{ tenantId: string; recordKey?: Key; scopeInput?: boolean; held?: T } | undefined>;

/** A `tenantOf` that always names the record the request addresses (`recordTenant`, `locate`). */
export type RecordTenantOf<I> = (input: I, caller: Caller) => Promise<RecordLocation | undefined>;

/** A repository's item-to-record mapping, for the record a `tenantOf` names. */
export type FromItem<R> = (item: Record<string, unknown>) => R;

export function roleAllows(role: Role, access: Exclude<Access, 'self'>): boolean {
  return RANK[role] >= RANK[access];
}

/** Form B names the tenant `organizationId`, Form A `workspaceId`; both may be sent. */
const SCOPE_FIELDS = ['organizationId', 'workspaceId'] as const;

/**
 * The caller's active role in a live tenant; 404 when `hidden` (named in the path, or a record's),
 * else 403; 401 when the caller's account has been deleted.
 */
async function activeRole(
  tenantId: string,
  caller: Caller,
  hidden: boolean,
  what: string,
  state: RequestState,
  recordKey?: Key,
  fromItem?: FromItem<unknown>,
): Promise<RoleInTenant> {
  const { accountDeleted, membership, record, tenant } = await tenantAccess(tenantId, caller.userId, recordKey);
  if (accountDeleted) throw unauthenticated('This account has been deleted.');
  if (membership?.status !== 'active' || !tenant) {
    if (hidden) throw notFound(what);
    throw forbidden('You are not a member of this organization.');
  }
  if (recordKey) {
    if (!record) throw notFound(what);
    if (fromItem) state.record = fromItem(record);
  }
  return { role: membership.role, details: tenant };
}

async function tenantScope(
  route: Route,
  state: RequestState,
  caller: Caller,
  tenantOf: TenantOf<never, unknown> | undefined,
  fromItem: FromItem<unknown> | undefined,
): Promise<TenantScope> {
  const access = route.access as Exclude<Access, 'self'>;
  const input = state.input as Record<string, unknown>;
  let tenantId: string;
  let scope: RoleInTenant;
  if (tenantOf) {
    const found = await tenantOf(input as never, caller);
    if (!found) throw notFound('The record');
    tenantId = found.tenantId;
    // A handler that maps the record must name one: a programming error otherwise, not a 404.
    if (fromItem && !found.recordKey) throw new Error(`Route ${route.key} maps a record but its tenantOf named none`);
    scope = await activeRole(tenantId, caller, !found.scopeInput, 'The record', state, found.recordKey, fromItem);
    if ('held' in found) state.record = found.held;
  } else {
    // Path-named tenants first, so that a tenant the caller cannot see answers 404 there.
    const named = SCOPE_FIELDS.filter((field) => typeof input[field] === 'string').sort(
      (a, b) => Number(state.fromPath.has(b)) - Number(state.fromPath.has(a)),
    );
    if (!named.length) throw new Error(`Route ${route.key} declares tenant access but has no tenant input`);
    // Each named tenant must be the caller's (a foreign one is 403, or 404 from the path); two
    // different tenants of the caller's are ambiguous input.
    const roles = new Map<string, RoleInTenant>();
    for (const field of named) {
      const id = input[field] as string;
      if (!roles.has(id))
        roles.set(id, await activeRole(id, caller, state.fromPath.has(field), 'The organization', state));
    }
    if (roles.size > 1) {
      throw invalidInput(
        'organizationId and workspaceId name different tenants.',
        named.map((path) => ({ path, message: 'Names a different tenant than the other scope input.' })),
      );
    }
    [[tenantId, scope]] = [...roles] as [[string, RoleInTenant]];
  }
  const { role, details } = scope;
  if (!roleAllows(role, access)) throw forbidden(`This needs the ${access} role or higher; you are ${role}.`);
  return { tenantId, role, details };
}

export function authorize<I>(
  route: Route,
  tenantOf?: TenantOf<I, unknown>,
  fromItem?: FromItem<unknown>,
): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: async (request) => {
      const state = request.context.state;
      const caller = state.caller!;
      if (caller.agent) {
        if (!route.agent) throw forbidden('Agent access tokens may not do this.');
        const refused = refusedToAgent(route, state.input as Record<string, unknown>);
        if (refused) throw forbidden(`Agent access tokens may not ${refused}.`);
      }
      if (route.access === 'self') {
        const userId = (state.input as Record<string, unknown>).userId;
        if (userId !== undefined && userId !== caller.userId) throw forbidden('You can only act as yourself.');
        const { accountDeleted, profile } = await callerProfile(caller.userId);
        if (accountDeleted) throw unauthenticated('This account has been deleted.');
        state.profile = profile;
        return;
      }
      state.tenant = await tenantScope(
        route,
        state,
        caller,
        tenantOf as TenantOf<never, unknown> | undefined,
        fromItem,
      );
    },
  };
}
