/**
 * Runs one HTTP request through the same handler module Lambda would run: route match, payload 2.0
 * event, handler import (cached, like a warm Lambda), invocation. Used by the local server and by
 * handler tests.
 */
import type { ApiHandler, ApiResponse } from '../../shared/http/context.ts';
import { gatewayEvent, lambdaContext, matchRoute, type GatewayRequest } from './gateway.ts';

const modules = new Map<string, Promise<{ handler: ApiHandler }>>();

function load(handlerModule: string): Promise<{ handler: ApiHandler }> {
  let loaded = modules.get(handlerModule);
  if (!loaded) {
    loaded = import(new URL(`../../functions/${handlerModule}.ts`, import.meta.url).href);
    modules.set(handlerModule, loaded);
  }
  return loaded;
}

export async function dispatch(request: GatewayRequest): Promise<ApiResponse & { statusCode: number }> {
  const path = request.url.split('?')[0] ?? '/';
  const match = matchRoute(request.method, path);
  const moduleName = match ? match.route.handler : 'not-found';
  const { handler } = await load(moduleName);
  const event = gatewayEvent(request, match);
  const response = await handler(event, lambdaContext(moduleName.replaceAll('/', '-')) as never);
  return { ...response, statusCode: response.statusCode ?? 200 };
}
