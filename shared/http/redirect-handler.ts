/**
 * `defineRedirectHandler`: for a route a browser arrives at without a bearer token (route `auth:
 * 'none'`: the analytics OAuth callback) and leaves by a 302. The chain keeps the request id, the
 * log line (route and status only: never the query, which carries a code and a state) and problem
 * documents for what cannot be redirected; `run` reads the query, authenticates the request
 * itself and returns where the browser goes.
 */
import middy from '@middy/core';
import type { RedirectReply } from '../schemas/records/reply.ts';
import type { ApiContext, ApiEvent, ApiHandler, ApiResponse } from './context.ts';
import { observe } from './middleware/observe.ts';
import { problemResponses } from './middleware/problem-responses.ts';
import type { Route } from './route.ts';

export interface RedirectRequest {
  /** The query string's parameters, as sent. */
  query: URLSearchParams;
  requestId: string;
}

export function defineRedirectHandler(definition: {
  route: Route;
  output: RedirectReply;
  /** The absolute URL to send the browser to. */
  run(request: RedirectRequest): Promise<string>;
}): ApiHandler & { readonly output: RedirectReply } {
  const { route } = definition;
  if (route.auth !== 'none')
    throw new Error(
      `${route.key}: defineRedirectHandler is for routes without authentication of their own (auth: 'none')`,
    );
  const handler = middy<ApiEvent, ApiResponse, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(observe(route))
    .use(problemResponses())
    .handler(async (event, context) => {
      const location = await definition.run({
        query: new URLSearchParams(event.rawQueryString ?? ''),
        requestId: context.state.requestId,
      });
      return { statusCode: 302, headers: { location }, body: '' };
    });
  return Object.assign(handler, { output: definition.output });
}
