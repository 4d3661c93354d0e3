/**
 * First middleware: request id and the one structured log line per request
 * (route, status, duration, requestId, userId). Never logs tokens or bodies.
 *
 * Being outermost it also sees every response last, data and problems alike, and marks it
 * `Cache-Control: no-store`: the API answers with personal data and presigned URLs, and no
 * shared cache (CDN, proxy) may keep an authenticated answer.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { Route } from '../route.ts';
import type { ApiContext, ApiEvent, ApiRequest, ApiResponse } from '../context.ts';
import { logger } from '../../support/logger.ts';

export function observe(route: Route): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const done = (request: ApiRequest) => {
    if (request.response) request.response.headers = { ...request.response.headers, 'cache-control': 'no-store' };
    const state = request.context.state;
    logger.info('request', {
      route: route.key,
      status: request.response?.statusCode ?? 500,
      durationMs: Math.round((performance.now() - state.startedAt) * 100) / 100,
      requestId: state.requestId,
      userId: state.caller?.userId,
      agent: state.caller?.agent,
    });
  };
  return {
    before: (request) => {
      request.context.state = {
        route,
        requestId: request.event.requestContext?.requestId || randomUUID(),
        startedAt: performance.now(),
        rawInput: {},
        fromPath: new Map(),
      };
    },
    after: done,
    onError: done,
  };
}
