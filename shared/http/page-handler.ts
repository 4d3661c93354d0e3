/**
 * `definePageHandler`: for a page a browser opens without a bearer token (route `auth: 'none'`: a
 * report link's page), answered as HTML or, on request, JSON. The chain keeps the request id, the
 * log line (route and status only, never the path: it carries the token) and problem documents for
 * failures; every answer, a failure's too, carries `headers` (the page's security headers).
 */
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { PageReply } from '../schemas/records/reply.ts';
import type { ApiContext, ApiEvent, ApiHandler, ApiRequest, ApiResponse } from './context.ts';
import { observe } from './middleware/observe.ts';
import { problemResponses } from './middleware/problem-responses.ts';
import type { Route } from './route.ts';

export interface PageRequest {
  pathParameters: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
  requestId: string;
}

/** `headers` added to whatever the request answers, success or problem. */
function answerHeaders(
  headers: Readonly<Record<string, string>>,
): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const add = (request: ApiRequest) => {
    if (request.response)
      request.response = { ...request.response, headers: { ...request.response.headers, ...headers } };
  };
  return { after: add, onError: add };
}

export function definePageHandler(definition: {
  route: Route;
  output: PageReply;
  /** Headers of every answer. */
  headers: Readonly<Record<string, string>>;
  run(request: PageRequest): Promise<ApiResponse>;
}): ApiHandler & { readonly output: PageReply } {
  const { route } = definition;
  if (route.auth !== 'none')
    throw new Error(`${route.key}: definePageHandler is for routes without authentication of their own (auth: 'none')`);
  const handler = middy<ApiEvent, ApiResponse, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(observe(route))
    .use(answerHeaders(definition.headers))
    .use(problemResponses())
    .handler(async (event, context) =>
      definition.run({
        pathParameters: event.pathParameters ?? {},
        query: new URLSearchParams(event.rawQueryString ?? ''),
        requestId: context.state.requestId,
      }),
    );
  return Object.assign(handler, { output: definition.output });
}
