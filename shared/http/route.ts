/**
 * The shape of a route-table entry (the table itself is `functions/routes.ts`, its rows written in
 * `functions/routes/<group>.ts`, which import these types): what the handler middleware reads of a
 * route. Imports nothing, so every Lambda bundle carries only this and its group's rows.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Form A responses carry `_meta`; Form B responses do not (DECISIONS.md). */
export type Form = 'A' | 'B' | 'both';

/**
 * Who may call a route, checked by the `authorize` middleware:
 * - `self`: the caller acts for its own account (a `userId` input must equal the token's `sub`);
 * - `viewer` | `member` | `owner`: an active membership of the tenant in scope with at least that role.
 */
export type Access = 'self' | 'viewer' | 'member' | 'owner';

/**
 * How a request proves who it is. Every route of the specification takes a bearer JWT (checked at
 * API Gateway and again by the handler); the others are for callers that cannot send one, and
 * their handler authenticates the request itself: `stripe-signature`, Stripe's signature of the
 * raw body in the `Stripe-Signature` header (webhooks); `none`, nothing at all (OAuth callbacks).
 */
export type AuthKind = 'bearer' | 'stripe-signature' | 'none';

export type BucketName = 'avatars' | 'files' | 'exports';

export interface RouteOptions {
  form: Form;
  access: Access;
  /** How the request proves who it is; defaults to `bearer`. */
  auth?: AuthKind;
  /** `false` rejects agent tokens (RFC 8693 `act` claim). Defaults to allowed. */
  agent?: boolean;
  /**
   * Inputs an agent token may not send on a route it may otherwise call (403): a field with `true`
   * (any value) or with the one value refused (`{ role: 'owner' }`).
   */
  agentRefuses?: Readonly<Record<string, true | string>>;
  /** Canonical input name of each generic path parameter, e.g. `{ id: 'userId' }`. */
  params?: Record<string, string>;
  /** Handler module under `functions/`, without extension. */
  handler: string;
  /** Buckets the handler reads or writes; the stack grants exactly these. */
  buckets?: BucketName[];
}

/** A row of the table; `A` and `K` are the literal access and key of a known row. */
export interface Route<A extends Access = Access, K extends string = string>
  extends Required<Pick<RouteOptions, 'form' | 'agent' | 'agentRefuses' | 'params' | 'buckets'>> {
  access: A;
  method: HttpMethod;
  path: string;
  /** `METHOD /path` exactly as written in the specification. */
  key: K;
  auth: AuthKind;
  handler: string;
}

/** Whether responses of this route carry `_meta` (present on every route that exists in Form A). */
export function hasMeta(route: Route): boolean {
  return route.form !== 'B';
}

/**
 * What an agent token may not do with this input on this route, in words ("set role to owner"), or
 * undefined when it may (DECISIONS.md "Identity and tokens": nothing that outlives the token).
 */
export function refusedToAgent(route: Route, input: Readonly<Record<string, unknown>>): string | undefined {
  for (const [field, value] of Object.entries(route.agentRefuses)) {
    if (input[field] === undefined) continue;
    if (value === true) return `set ${field}`;
    if (input[field] === value) return `set ${field} to ${value}`;
  }
  return undefined;
}
