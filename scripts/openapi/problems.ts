/**
 * The error side of the document: the RFC 9457 problem schema (shared/http/problem.ts) and which
 * statuses each route can answer (docs/decisions.md "Errors"), each with an example.
 */
import { takesIdempotencyKey, type Route } from '../../functions/routes.ts';
import { MAX_FIELD_ERRORS } from '../../shared/http/problem.ts';

type Json = Record<string, unknown>;

export const PROBLEM_SCHEMA: Json = {
  type: 'object',
  description: `An RFC 9457 problem document; \`errors\` lists each invalid input field, at most ${MAX_FIELD_ERRORS} (\`detail\` then says how many there were).`,
  required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
  properties: {
    type: { type: 'string', description: 'A URI naming the kind of problem.' },
    title: { type: 'string' },
    status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    code: {
      type: 'string',
      enum: [
        'invalid_input',
        'unauthenticated',
        'forbidden',
        'not_found',
        'method_not_allowed',
        'conflict',
        'analytics_not_connected',
        'gone',
        'payload_too_large',
        'unsupported_media_type',
        'idempotency_key_reused',
        'rate_limited',
        'internal',
        'not_implemented',
      ],
    },
    requestId: { type: 'string' },
    errors: {
      type: 'array',
      maxItems: MAX_FIELD_ERRORS,
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'string', description: 'The field as the client spelled it.' },
          message: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

interface ProblemStatus {
  name: string;
  code: string;
  title: string;
  description: string;
  detail: string;
  errors?: { path: string; message: string }[];
}

/** Each error status once, as a reusable response (`#/components/responses/<name>`). */
export const PROBLEM_STATUSES: Record<number, ProblemStatus> = {
  400: {
    name: 'InvalidInput',
    code: 'invalid_input',
    title: 'Invalid input',
    description: 'An input is missing, unknown, or outside its limits; or the body is not a JSON object.',
    detail: 'The request is not valid.',
    errors: [{ path: 'name', message: 'Must not be empty.' }],
  },
  401: {
    name: 'Unauthenticated',
    code: 'unauthenticated',
    title: 'Unauthenticated',
    description: 'No bearer token, or one that is malformed, expired, wrongly signed, or of a deleted account.',
    detail: 'A valid bearer token is required.',
  },
  403: {
    name: 'Forbidden',
    code: 'forbidden',
    title: 'Forbidden',
    description:
      'The caller may not do this: another user, a tenant it is not an active member of (named in the query or body), a role too low, an agent token where agents are refused, or a caller with no user record yet (`POST /v1/users` creates it) on a route that would make them a member.',
    detail: 'You are not allowed to do this.',
  },
  404: {
    name: 'NotFound',
    code: 'not_found',
    title: 'Not found',
    description: 'The record does not exist, or is in a tenant the caller cannot see (existence is never leaked).',
    detail: 'Campaign was not found.',
  },
  409: {
    name: 'Conflict',
    code: 'conflict',
    title: 'Conflict',
    description:
      'The request contradicts the current state: a duplicate, a record still in use, a concurrent change; on the analytics reports, `analytics_not_connected`: the organization has no connected property with an import.',
    detail: 'The record was changed by another request.',
  },
  413: {
    name: 'PayloadTooLarge',
    code: 'payload_too_large',
    title: 'Payload too large',
    description: "The request body is over the route's limit (1 MiB unless stated).",
    detail: 'The request body is 2097152 bytes; the limit is 1048576.',
  },
  415: {
    name: 'UnsupportedMediaType',
    code: 'unsupported_media_type',
    title: 'Unsupported media type',
    description: 'A request body whose content type is not `application/json`.',
    detail: 'The request body must be application/json.',
  },
  422: {
    name: 'IdempotencyKeyReused',
    code: 'idempotency_key_reused',
    title: 'Idempotency key reused',
    description:
      'The `Idempotency-Key` was first sent with another request (another method, path or input) in the last 24 hours; a new request needs a new key.',
    detail:
      'This Idempotency-Key was sent with another request (method, path or input); use a new key for a new request.',
  },
  429: {
    name: 'RateLimited',
    code: 'rate_limited',
    title: 'Too many requests',
    description:
      'A limit was reached (emails per sender and per recipient: invitations, email-change codes; organizations a user creates a day), or the service is busy; retry after the `Retry-After` seconds.',
    detail: 'The service is busy; retry shortly.',
  },
  500: {
    name: 'InternalError',
    code: 'internal',
    title: 'Internal error',
    description:
      'An unexpected failure of the service: logged with the requestId, and nothing more is said (no stack trace or message). A read may be retried; a write may or may not have been applied, so read before writing again.',
    detail: 'An unexpected error occurred. Quote the requestId when reporting it.',
  },
};

/**
 * What API Gateway's CORS adds to every answer to a browser whose `Origin` the stage allows
 * (context `allowedOrigins`), so a web client can read the answer and, exposed, `Retry-After`.
 */
export const CORS_HEADERS: Json = {
  'Access-Control-Allow-Origin': {
    description:
      "The request's `Origin` when the stage allows it (or `*` on a stage that allows any); absent for a request without an allowed `Origin`.",
    schema: { type: 'string', maxLength: 2048 },
  },
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route can answer: 401 always on a bearer route (authentication comes first); then
 * 400 (input), 403 (access), 404 (a record or tenant the
 * caller cannot see), 429 (the email and organization limits, or the table throttling any request), and for
 * writes 409 (state, or a concurrent transaction; a repeat under an Idempotency-Key while the first
 * runs), 413 and 415 (the body), 422 on the routes that take an Idempotency-Key; and 500 on every
 * route, an unexpected failure (shared/http/middleware/problem-responses.ts).
 */
export function problemStatuses(route: Route): number[] {
  // No token and no caller: only the request itself can be wrong (a bad signature is 400).
  if (route.auth !== 'bearer') return [400, 413, 500];
  // 422: an Idempotency-Key sent before with another request (docs/decisions.md "Retries and browsers").
  if (takesIdempotencyKey(route)) return [400, 401, 403, 404, 409, 413, 415, 422, 429, 500];
  if (WRITES.has(route.method)) return [400, 401, 403, 404, 409, 413, 415, 429, 500];
  // Analytics reports of an organization with no connected property (docs/decisions.md "Web analytics").
  return route.path.startsWith('/v1/reporting/analytics/')
    ? [400, 401, 403, 404, 409, 429, 500]
    : [400, 401, 403, 404, 429, 500];
}

/** The reusable problem responses of the statuses some route answers (an unused component is a lint warning). */
export function problemResponseComponents(used: ReadonlySet<number>): Json {
  return Object.fromEntries(
    Object.entries(PROBLEM_STATUSES)
      .filter(([status]) => used.has(Number(status)))
      .map(([status, p]) => [
        p.name,
        {
          description: p.description,
          ...(status === '429'
            ? {
                headers: {
                  'Retry-After': {
                    description: 'Whole seconds to wait, at least 1.',
                    schema: { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
                  },
                  ...CORS_HEADERS,
                },
              }
            : {}),
          content: {
            'application/problem+json': {
              schema: { $ref: '#/components/schemas/Problem' },
              example: {
                type: `/problems/${p.code.replaceAll('_', '-')}`,
                title: p.title,
                status: Number(status),
                detail: p.detail,
                code: p.code,
                requestId: '5f0c6a4e-1b7d-4c3e-9a51-2f7d8e9b0c1a',
                ...(p.errors ? { errors: p.errors } : {}),
              },
            },
          },
        },
      ]),
  );
}
