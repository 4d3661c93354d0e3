/**
 * `defineRawHandler`: for the routes a third party calls without a bearer token (route `auth:
 * 'none'`: the Stripe webhook), which must see the request body exactly as sent, since their
 * authentication is a signature over those bytes. The chain keeps what every route has (request id
 * and log line, problem documents, the envelope, the body size limit) and leaves out token
 * authentication, JSON parsing and input assembly: `run` authenticates the request itself.
 */
import middy from '@middy/core';
import type { Reply } from '../schemas/records/reply.ts';
import type { ApiContext, ApiEvent, ApiHandler, ApiResponse } from './context.ts';
import { envelope } from './middleware/envelope.ts';
import { MAX_BODY_BYTES } from './middleware/json-body.ts';
import { observe } from './middleware/observe.ts';
import { problemResponses } from './middleware/problem-responses.ts';
import { Problem } from './problem.ts';
import type { ResultOf } from './result.ts';
import type { Route } from './route.ts';

export interface RawRequest {
  /** The body as sent (UTF-8 text). */
  body: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  requestId: string;
}

export function defineRawHandler<R extends Reply>(definition: {
  route: Route;
  output: R;
  run(request: RawRequest): Promise<ResultOf<R>>;
}): ApiHandler & { readonly output: R } {
  const { route } = definition;
  if (route.auth === 'bearer') throw new Error(`${route.key}: defineRawHandler is for routes without a bearer token`);
  const handler = middy<ApiEvent, ApiResponse, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(observe(route))
    .use(problemResponses())
    .use(envelope(route))
    .handler(async (event, context) => {
      const raw = event.body ?? '';
      const body = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      const bytes = Buffer.byteLength(body);
      if (bytes > MAX_BODY_BYTES)
        throw new Problem('payload_too_large', `The request body is ${bytes} bytes; the limit is ${MAX_BODY_BYTES}.`);
      const headers = Object.fromEntries(
        Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const result = await definition.run({ body, headers, requestId: context.state.requestId });
      return result as unknown as ApiResponse;
    });
  return Object.assign(handler, { output: definition.output });
}
