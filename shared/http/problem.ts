/**
 * Typed errors that handlers and middleware throw; `problemResponses` turns them into
 * RFC 9457 problem documents (docs/decisions.md, "Errors"). Nothing else builds an error body.
 */

export type ProblemCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'analytics_not_connected'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'not_implemented'
  | 'internal';

export interface FieldError {
  path: string;
  message: string;
}

const titles: Record<ProblemCode, [status: number, title: string]> = {
  invalid_input: [400, 'Invalid input'],
  unauthenticated: [401, 'Unauthenticated'],
  forbidden: [403, 'Forbidden'],
  not_found: [404, 'Not found'],
  method_not_allowed: [405, 'Method not allowed'],
  conflict: [409, 'Conflict'],
  // docs/decisions.md "Web analytics": its own code, so a client can offer to connect instead of retrying.
  analytics_not_connected: [409, 'Analytics not connected'],
  gone: [410, 'Gone'],
  payload_too_large: [413, 'Payload too large'],
  unsupported_media_type: [415, 'Unsupported media type'],
  // docs/decisions.md "Retries and browsers": an Idempotency-Key sent again with another request.
  idempotency_key_reused: [422, 'Idempotency key reused'],
  rate_limited: [429, 'Too many requests'],
  internal: [500, 'Internal error'],
  not_implemented: [501, 'Not implemented'],
};

export class Problem extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Response headers the problem needs besides its content type (Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    [this.status, this.title] = titles[code];
  }
}

export const invalidInput = (detail: string, errors?: FieldError[]) => new Problem('invalid_input', detail, errors);

/**
 * Most `errors` lines a problem lists: a body of 57,000 unknown keys is answered with the first
 * ones and their number, not a 3 MB document (docs/decisions.md "Errors").
 */
export const MAX_FIELD_ERRORS = 50;
/** A field name longer than any real one is cut in `errors` and `detail`, so a 1 MB key is not echoed back. */
const MAX_ECHOED_NAME = 100;

function echoed(path: string): string {
  return path.length > MAX_ECHOED_NAME ? `${path.slice(0, MAX_ECHOED_NAME)}…` : path;
}

/**
 * 400 for invalid fields: the first MAX_FIELD_ERRORS of `errors`, and a detail naming them or, when
 * there are more (`total`, when the caller counted more than it collected), how many in all.
 */
export function invalidFields(errors: readonly FieldError[], total = errors.length): Problem {
  const listed = errors.slice(0, MAX_FIELD_ERRORS).map((e) => ({ ...e, path: echoed(e.path) }));
  const detail =
    total > listed.length
      ? `Invalid input: ${total} invalid fields; errors lists the first ${listed.length}.`
      : `Invalid input: ${[...new Set(listed.map((e) => e.path || '(input)'))].join(', ')}.`;
  return invalidInput(detail, listed);
}
export const unauthenticated = (detail = 'A valid bearer token is required.') => new Problem('unauthenticated', detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new Problem('forbidden', detail);
export const notFound = (what: string) => new Problem('not_found', `${what} was not found.`);
export const conflict = (detail: string) => new Problem('conflict', detail);
/** 405: a known path asked with a method it does not have; `Allow` lists the ones it has. */
export const methodNotAllowed = (path: string, allowed: readonly string[]) =>
  new Problem('method_not_allowed', `${path} answers ${allowed.join(', ')} only.`, undefined, {
    allow: allowed.join(', '),
  });
/** 429: the caller may retry after `retryAfterSeconds` (sent as Retry-After, whole seconds, at least 1). */
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new Problem('rate_limited', detail, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
