import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { MiddyfiedHandler, Request } from '@middy/core';
import type { Route } from './route.ts';
import type { Tenant } from '../records/tenant.ts';
import type { User } from '../records/user.ts';
import type { Role } from '../domain/roles.ts';

/** The authenticated caller, from the verified bearer token. */
export interface Caller {
  userId: string;
  /**
   * The address the token vouches for (its `email` claim, when `email_verified` is absent, true or
   * "true"): the only address invitations are matched against and a profile may claim, never the
   * profile's.
   */
  email?: string;
  name?: string;
  /** True for an agent access token (RFC 8693 `act` claim). */
  agent: boolean;
}

/** The caller's membership of the tenant a request is scoped to (set by `authorize`). */
export interface TenantScope {
  tenantId: string;
  role: Role;
  /** The tenant's record as authorization read it (name, timezone, currency): no handler reads it again. */
  details: Tenant;
}

/** Per-request state the middleware chain builds up, kept on the Lambda context. */
export interface RequestState {
  route: Route;
  requestId: string;
  startedAt: number;
  caller?: Caller;
  /** Path, query and body merged under canonical camelCase names (before validation). */
  rawInput: Record<string, unknown>;
  /**
   * Canonical input names whose value came from the path (tenant from the path: 404, not 403), each
   * with its name in the path (`campaignId` -> `id`), which error paths use.
   */
  fromPath: ReadonlyMap<string, string>;
  /** The client's spelling of each input it sent under another name (`foo_bar` for `fooBar`), for error paths. */
  sentNames?: ReadonlyMap<string, string>;
  /** Parsed JSON body, or undefined when the request had none. */
  body?: unknown;
  input?: unknown;
  tenant?: TenantScope;
  /** The record a `tenantOf` handler addresses, read in the authorization batch and parsed by its repository (or taken by its `tenantOf`). */
  record?: unknown;
  /** On self routes, the caller's own profile (undefined before sign-up). */
  profile?: User;
  /** The `Idempotency-Key` this request claimed, and its run (middleware/idempotency.ts). */
  idempotency?: { key: string; runId: string };
}

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResponse = APIGatewayProxyStructuredResultV2;
export type ApiContext = Context & { state: RequestState };
export type ApiRequest = Request<ApiEvent, ApiResponse, Error, ApiContext>;
export type ApiHandler = MiddyfiedHandler<ApiEvent, ApiResponse, Error, ApiContext>;

/** Reads a request's state; every middleware after `observe` may rely on it. */
export function stateOf(request: { context: Context }): RequestState {
  return (request.context as ApiContext).state;
}
