/**
 * `defineHandler`: the one way an endpoint is written. A handler file declares its route, input
 * schema and work (and, for routes addressed by a record id, how to find that record's tenant);
 * everything else is this middleware chain, in this order:
 *
 *   observe        request id; one log line per request and `Cache-Control: no-store` on every
 *                  response (after everything else, errors included)
 *   keepAnswer     (POST with a bearer token) the answer as sent kept under its Idempotency-Key,
 *                  or the key released for a retry
 *   problems       any error -> RFC 9457 problem document
 *   envelope       Result -> {data} | {items,totalCount,facets} | {count}, `_meta` on Form A routes
 *   authenticate   bearer JWT -> caller (401 before anything looks at the request)
 *   jsonBody       size (413), content type (415), many unknown names (400), JSON syntax (400)
 *   assembleInput  path + query + body, snake_case/camelCase, repeated path ids checked
 *   validate       zod, unknown fields rejected
 *   authorize      the route's declared access: self, or tenant role; agent tokens
 *   claimKey       (POST with a bearer token) its Idempotency-Key claimed, or the kept answer
 *                  replayed, or 422 / 409 (middleware/idempotency.ts)
 */
import middy from '@middy/core';
import type { User } from '../records/user.ts';
import type { Output, Schema } from '../schemas/zod.ts';
import type { ApiContext, ApiEvent, ApiHandler, ApiResponse, Caller, TenantScope } from './context.ts';
import { assembleInputMiddleware } from './middleware/assemble-input.ts';
import { authenticate } from './middleware/authenticate.ts';
import { claimIdempotencyKey, keepIdempotentAnswer } from './middleware/idempotency.ts';
import { authorize, type FromItem, type RecordTenantOf, type TenantOf } from './middleware/authorize.ts';
import { envelope } from './middleware/envelope.ts';
import { jsonBody } from './middleware/json-body.ts';
import { observe } from './middleware/observe.ts';
import { problemResponses } from './middleware/problem-responses.ts';
import { inputFields, validate } from './middleware/validate.ts';
import type { Reply } from '../schemas/records/reply.ts';
import type { ResultOf } from './result.ts';
import { takesIdempotencyKey, type Access, type Route } from './route.ts';

interface BaseArgs<I> {
  input: I;
  caller: Caller;
  requestId: string;
}

/** What a `self` route's work gets: the caller's own profile, parsed (undefined before sign-up). */
export interface SelfArgs<I> extends BaseArgs<I> {
  profile: User | undefined;
}

/**
 * What a tenant route's work gets: the caller's membership of the tenant in scope, and (with a
 * `tenantOf` that names a record and its item mapping) that record, read and parsed by authorization,
 * or the record a `tenantOf` took out of the table itself (`held`).
 */
export interface TenantArgs<I, T = undefined> extends BaseArgs<I> {
  tenant: TenantScope;
  record: T;
}

/** What a list's work reads of its arguments (its input and tenant): an export calls it too, page by page. */
export type ListWork<I> = Pick<TenantArgs<I>, 'input' | 'tenant'>;

type TenantAccess = Exclude<Access, 'self'>;

interface Definition<S extends Schema, A extends Access, R extends Reply> {
  /** The route's row of the table: `routeByKey('METHOD /path')` of its group (`functions/routes/<group>.ts`), as in the specification. */
  route: Route<A>;
  input: S;
  /** Largest request body accepted, in bytes (default `MAX_BODY_BYTES`, 1 MiB). */
  maxBodyBytes?: number;
  /** What a success answers: the record schema and its envelope (the OpenAPI document shows it; `run` must return it). */
  output?: R;
}

/** A handler, and its input and output schemas for introspection (hostile-input tests, the OpenAPI document). */
export type DefinedHandler<S extends Schema = Schema, R extends Reply = Reply> = ApiHandler & {
  readonly input: S;
  readonly output?: R;
};

/** A `self` route: the caller acts for its own account. */
export function defineHandler<S extends Schema, R extends Reply = Reply>(
  definition: Definition<S, 'self', R> & { run(args: SelfArgs<Output<S>>): Promise<ResultOf<R>> },
): DefinedHandler<S, R>;
/** A route addressed by a record id: `tenantOf` finds its tenant and the record, which authorization reads and `run` gets parsed. */
export function defineHandler<S extends Schema, T, R extends Reply = Reply>(
  definition: Definition<S, TenantAccess, R> & {
    tenantOf: RecordTenantOf<Output<S>>;
    /** The repository's item-to-record mapping of that record (`noteFromItem`): `run` gets the record parsed. */
    record: FromItem<T>;
    run(args: TenantArgs<Output<S>, T>): Promise<ResultOf<R>>;
  },
): DefinedHandler<S, R>;
/**
 * A tenant route: the tenant is the one its input names (`organizationId` / `workspaceId`), or
 * `tenantOf`'s; `run` gets the record a `tenantOf` took (`held`), if it takes one.
 */
export function defineHandler<S extends Schema, R extends Reply = Reply, T = undefined>(
  definition: Definition<S, TenantAccess, R> & {
    tenantOf?: TenantOf<Output<S>, T>;
    record?: undefined;
    run(args: TenantArgs<Output<S>, T>): Promise<ResultOf<R>>;
  },
): DefinedHandler<S, R>;
export function defineHandler(
  definition: Definition<Schema, Access, Reply> & {
    tenantOf?: TenantOf<unknown, unknown>;
    record?: FromItem<unknown>;
    run(args: BaseArgs<unknown> & Partial<SelfArgs<unknown> & TenantArgs<unknown, unknown>>): Promise<ResultOf<Reply>>;
  },
): DefinedHandler {
  const { route } = definition;
  const work = async (_event: ApiEvent, context: ApiContext): Promise<ApiResponse> => {
    const state = context.state;
    const result = await definition.run({
      input: state.input,
      caller: state.caller!,
      tenant: state.tenant,
      record: state.record,
      profile: state.profile,
      requestId: state.requestId,
    });
    // `envelope` turns the Result into the response in its `after` step.
    return result as unknown as ApiResponse;
  };
  const idempotent = takesIdempotencyKey(route);
  const handler = middy<ApiEvent, ApiResponse, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(observe(route))
    .use(idempotent ? [keepIdempotentAnswer()] : [])
    .use(problemResponses())
    .use(envelope(route))
    .use(authenticate())
    .use(jsonBody(definition.maxBodyBytes, inputFields(definition.input)))
    .use(assembleInputMiddleware(route))
    .use(validate(definition.input))
    .use(authorize(route, definition.tenantOf, definition.record))
    .use(idempotent ? [claimIdempotencyKey(route)] : [])
    .handler(work);
  return Object.assign(handler, { input: definition.input, output: definition.output });
}
