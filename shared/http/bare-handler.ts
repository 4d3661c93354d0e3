/**
 * The chain for responses that need no input: authenticate first (so an unbuilt or unknown route
 * still answers 401 without a valid token), then answer a fixed problem. Used by the 501 stub of
 * unbuilt routes and by the API's catch-all route.
 */
import middy from '@middy/core';
import type { Route } from './route.ts';
import type { ApiContext, ApiEvent, ApiHandler, ApiResponse } from './context.ts';
import { authenticate } from './middleware/authenticate.ts';
import { observe } from './middleware/observe.ts';
import { problemResponses } from './middleware/problem-responses.ts';
import type { Problem } from './problem.ts';

export function authenticatedProblem(route: Route, problem: (event: ApiEvent) => Problem): ApiHandler {
  return middy<ApiEvent, ApiResponse, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(observe(route))
    .use(problemResponses())
    .use(authenticate())
    .handler(async (event) => {
      throw problem(event);
    });
}
