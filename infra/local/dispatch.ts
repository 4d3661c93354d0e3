/**
 * Runs one HTTP request through the same handler module Lambda would run: route match, payload 2.0
 * event, handler import (cached, like a warm Lambda), invocation. Used by the local server and by
 * handler tests. The handler comes from a loader: by default the source module under `functions/`;
 * the built-bundle test (test/bundles) loads the route's deployed bundle instead.
 *
 * Under test (`RESPONSE_CONTRACT=check`, test/support/setup-env.ts) every answer is checked against
 * openapi.json (response-contract.ts, loaded only then): one the document does not describe throws
 * `ResponseContractError`, so the test that received it fails, whichever way it called. A 5xx is
 * held to the problem document's schema alone: the tests that inject a failure expect one, and the
 * e2e HTTP check (test/e2e/support/contract.ts) still fails any 5xx of a route that works.
 */
import { type Route, routes } from '../../functions/routes.ts';
import type { ApiEvent, ApiHandler, ApiResponse } from '../../shared/http/context.ts';
import { gatewayEvent, lambdaContext, matchRoute, type GatewayRequest } from './gateway.ts';

const NOT_FOUND_HANDLER = 'not-found';

/** What the dispatcher calls: a handler module's export, or a stand-in that runs one elsewhere. */
export type RouteHandler = (event: ApiEvent, context: never) => Promise<ApiResponse>;

/** The handler of a route (`route` undefined: the `$default` function, `not-found`). */
export type HandlerLoader = (handlerModule: string, route: Route | undefined) => Promise<{ handler: RouteHandler }>;

const modules = new Map<string, Promise<{ handler: ApiHandler }>>();

/** The source module, imported once per process (a route's environment is the process's). */
export function loadSource(handlerModule: string): Promise<{ handler: ApiHandler }> {
  let loaded = modules.get(handlerModule);
  if (!loaded) {
    loaded = import(new URL(`../../functions/${handlerModule}.ts`, import.meta.url).href);
    modules.set(handlerModule, loaded);
  }
  return loaded;
}

/** An answer openapi.json does not describe (under test only). */
export class ResponseContractError extends Error {}

export async function dispatch(
  request: GatewayRequest,
  load: HandlerLoader = loadSource,
): Promise<ApiResponse & { statusCode: number }> {
  const path = request.url.split('?')[0] ?? '/';
  const match = matchRoute(request.method, path);
  const moduleName = match ? match.route.handler : NOT_FOUND_HANDLER;
  const { handler } = await load(moduleName, match?.route);
  const event = gatewayEvent(request, match);
  const response = await handler(event, lambdaContext(moduleName.replaceAll('/', '-')) as never);
  const answered = { ...response, statusCode: response.statusCode ?? 200 };
  if (process.env.RESPONSE_CONTRACT === 'check') await checkContract(request.method, path, answered);
  return answered;
}

/** The answer against openapi.json; a 5xx (a test that injects a failure) only as a problem document. */
async function checkContract(
  method: string,
  path: string,
  response: ApiResponse & { statusCode: number },
): Promise<void> {
  const { contractViolation, serverErrorViolation } = await import('./response-contract.ts');
  const contentType = Object.entries(response.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1];
  const text = response.isBase64Encoded
    ? Buffer.from(response.body ?? '', 'base64').toString('utf8')
    : (response.body ?? '');
  const check = response.statusCode >= 500 ? serverErrorViolation : contractViolation;
  const violation = check(
    method,
    path,
    response.statusCode,
    contentType === undefined ? null : String(contentType),
    text,
  );
  if (violation) throw new ResponseContractError(`Response contract (openapi.json): ${violation}`);
}

/**
 * Loads every handler module of the route table, a few at a time, so that no first request pays
 * for transpiling and loading its module (up to 19 s for one route on a loaded machine). A module
 * that fails to load is left to answer 500 on its route, as it would without warming.
 */
export async function warmHandlers(concurrency = 4): Promise<void> {
  const pending = [...new Set([...routes.map((r) => r.handler), NOT_FOUND_HANDLER])];
  const worker = async () => {
    for (let next = pending.shift(); next !== undefined; next = pending.shift())
      await loadSource(next).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
