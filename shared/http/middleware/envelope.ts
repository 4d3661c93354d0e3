/**
 * Turns a handler's `Result` into the response body of docs/decisions.md: `{data}`,
 * `{items,totalCount,facets}` or `{count}`, with `_meta` on every route that exists in Form A.
 */
import type { MiddlewareObj } from '@middy/core';
import { hasMeta, type Route } from '../route.ts';
import type { ApiContext, ApiEvent, ApiResponse } from '../context.ts';
import type { Result } from '../result.ts';

function bodyOf(result: Result): { status: number; body: Record<string, unknown> } {
  switch (result.kind) {
    case 'data':
      return { status: result.status, body: { data: result.data, ...result.extra } };
    case 'list':
      return { status: 200, body: { items: result.items, totalCount: result.totalCount, facets: result.facets } };
    case 'count':
      return { status: 200, body: { count: result.count } };
  }
}

export function envelope(route: Route): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const withMeta = hasMeta(route);
  return {
    after: (request) => {
      const result = request.response as unknown as Result;
      const { status, body } = bodyOf(result);
      if (withMeta) {
        body._meta = {
          requestId: request.context.state.requestId,
          generatedAt: new Date().toISOString(),
          ...result.meta,
        };
      }
      request.response = {
        statusCode: status,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };
    },
  };
}
