/**
 * What a browser on another origin may send and read (docs/decisions.md "Retries and browsers"):
 * the stack's CORS configuration (infra/stack.ts) and the local server's (infra/local/server.ts)
 * both read these lists. Which origins may call is the stage's (docs/configuration.md "CORS").
 */

/** Request headers a browser may send: the token, JSON bodies, `Idempotency-Key`, W3C trace context and a request id. */
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'idempotency-key',
  'traceparent',
  'tracestate',
  'baggage',
  'x-request-id',
] as const;

/** Response headers a browser's script may read: when to retry, the request id, and whether an answer was replayed. */
export const CORS_EXPOSE_HEADERS = ['retry-after', 'x-request-id', 'idempotent-replayed'] as const;
