/**
 * Every route whose group is not built yet: 401 without a valid token, then 501 `not_implemented`.
 * One module serves them all; the route comes from API Gateway's `routeKey`.
 */
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiHandler, ApiResponse } from '../shared/http/context.ts';
import { authenticatedProblem } from '../shared/http/bare-handler.ts';
import { Problem } from '../shared/http/problem.ts';
import { routeByGatewayKey } from './routes.ts';

const chains = new Map<string, ApiHandler>();

export async function handler(event: ApiEvent, context: Context): Promise<ApiResponse> {
  const route = routeByGatewayKey(event.routeKey);
  if (!route) throw new Error(`not-implemented invoked for unknown route ${event.routeKey}`);
  let chain = chains.get(route.key);
  if (!chain) {
    chain = authenticatedProblem(route, () => new Problem('not_implemented', `${route.key} is not implemented yet.`));
    chains.set(route.key, chain);
  }
  return chain(event, context as never);
}
