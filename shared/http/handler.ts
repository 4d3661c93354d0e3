/**
 * `defineHandler`: the one way an endpoint is written. A handler file declares its route, input
 * schema and work (and, for routes addressed by a record id, how to find that record's tenant);
 * everything else is this middleware chain, in this order:
 *
 *   observe        request id; one log line per request (after everything else, errors included)
 *   problems       any error -> RFC 9457 problem document
 *   envelope       Result -> {data} | {items,totalCount,facets} | {count}, `_meta` on Form A routes
 *   authenticate   bearer JWT -> caller (401 before anything looks at the request)
 *   jsonBody       size (413), content type (415), JSON syntax (400)
 *   assembleInput  path + query + body, snake_case/camelCase, repeated path ids checked
 *   validate       zod, unknown fields rejected
 *   authorize      the route's declared access: self, or tenant role; agent tokens
 */
import middy from '@middy/core';
import type { Output, Schema } from '../schemas/zod.ts';
import type { ApiContext, ApiEvent, ApiHandler, ApiResponse, Caller, TenantScope } from './context.ts';
import { assembleInputMiddleware } from './middleware/assemble-input.ts';
import { authenticate } from './middleware/authenticate.ts';
import { authorize, type TenantOf } from './middleware/authorize.ts';
import { envelope } from './middleware/envelope.ts';
import { jsonBody } from './middleware/json-body.ts';
import { observe } from './middleware/observe.ts';
import { problemResponses } from './middleware/problem-responses.ts';
import { validate } from './middleware/validate.ts';
import type { Result } from './result.ts';
import type { Route } from './route.ts';

export interface HandlerArgs<I> {
  input: I;
  caller: Caller;
  /** The tenant the request is scoped to, for routes with viewer/member/owner access. */
  tenant: TenantScope | undefined;
  /**
   * The raw item of the record a `tenantOf` handler addresses (when its `recordKey` was given), or
   * on `self` routes the caller's own profile item (when the caller has signed up).
   */
  record: Record<string, unknown> | undefined;
  requestId: string;
}

export interface HandlerDefinition<S extends Schema> {
  /** The route's row of `functions/routes.ts`: `routeByKey('METHOD /path')`, as in the specification. */
  route: Route;
  input: S;
  /** For routes addressed by a record id: the record's tenant, or undefined when it does not exist. */
  tenantOf?: TenantOf<Output<S>>;
  /** Largest request body accepted, in bytes (default `MAX_BODY_BYTES`, 1 MiB). */
  maxBodyBytes?: number;
  run(args: HandlerArgs<Output<S>>): Promise<Result>;
}

/** A handler, and its input schema for introspection (tests derive hostile inputs from it). */
export type DefinedHandler<S extends Schema = Schema> = ApiHandler & { readonly input: S };

export function defineHandler<S extends Schema>(definition: HandlerDefinition<S>): DefinedHandler<S> {
  const { route } = definition;
  const work = async (_event: ApiEvent, context: ApiContext): Promise<ApiResponse> => {
    const state = context.state;
    const result = await definition.run({
      input: state.input as Output<S>,
      caller: state.caller!,
      tenant: state.tenant,
      record: state.record,
      requestId: state.requestId,
    });
    // `envelope` turns the Result into the response in its `after` step.
    return result as unknown as ApiResponse;
  };
  const handler = middy<ApiEvent, ApiResponse, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(observe(route))
    .use(problemResponses())
    .use(envelope(route))
    .use(authenticate())
    .use(jsonBody(definition.maxBodyBytes))
    .use(assembleInputMiddleware(route))
    .use(validate(definition.input))
    .use(authorize(route, definition.tenantOf))
    .handler(work);
  return Object.assign(handler, { input: definition.input });
}
