/**
 * Request body: at most 1 MiB unless the handler allows more (413), JSON only (415), must parse
 * (400). Delegates parsing to @middy/http-json-body-parser, and only when a body is present: a GET
 * or a bodiless POST is fine.
 */
import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { ApiContext, ApiEvent, ApiResponse } from '../context.ts';
import { Problem } from '../problem.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export function jsonBody(maxBytes = MAX_BODY_BYTES): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const parser = httpJsonBodyParser();
  return {
    before: async (request) => {
      const { body, isBase64Encoded } = request.event;
      if (body === undefined || body === null || body === '') return;
      const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body);
      if (bytes > maxBytes) {
        throw new Problem('payload_too_large', `The request body is ${bytes} bytes; the limit is ${maxBytes}.`);
      }
      await parser.before!(request as never);
      request.context.state.body = request.event.body;
    },
  };
}
