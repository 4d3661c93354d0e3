/**
 * `ApiProblem`: what the client makes of every answer that is not a success. The service answers
 * errors with RFC 9457 problem documents (`application/problem+json`: `type`, `title`, `status`,
 * `detail`, `code`, `requestId`, `errors`); an `ApiProblem` carries those fields, plus the
 * `Retry-After` of a 429 in seconds and the `Response` itself. It is an `Error`, so a caller may
 * `throw` it as it is, and `pages()` throws it.
 */
import type { components } from './openapi-types.ts';

/** A problem document as the service sends it. */
export type ProblemDocument = components['schemas']['Problem'];

/** The stable machine-readable codes of the service's problem documents. */
export type ProblemCode = ProblemDocument['code'];

/** One invalid input field: `path` is the field as the request spelled it. */
export type FieldError = NonNullable<ProblemDocument['errors']>[number];

export class ApiProblem extends Error {
  override readonly name = 'ApiProblem';
  /** The HTTP status of the answer. */
  readonly status: number;
  /**
   * The problem's code (`invalid_input`, `not_found`, `rate_limited`, ...), or `undefined` when the
   * answer was not a problem document (a proxy's or gateway's own error page).
   */
  readonly code: ProblemCode | undefined;
  readonly type: string | undefined;
  readonly title: string;
  readonly detail: string;
  /** Quote it when reporting a problem: the service logs it. */
  readonly requestId: string | undefined;
  /** The invalid input fields (at most 50; `detail` then says how many there were); empty when none. */
  readonly errors: FieldError[];
  /** Seconds to wait before retrying, from the answer's `Retry-After` (a 429's); `undefined` when absent. */
  readonly retryAfter: number | undefined;
  /** The answer itself, its body already read. */
  readonly response: Response;

  constructor(response: Response, body: unknown, now = Date.now()) {
    const document = isProblemDocument(body) ? body : undefined;
    const detail = document?.detail ?? textOf(body) ?? response.statusText;
    super(`${response.status} ${document?.code ?? response.statusText}: ${detail}`);
    this.status = response.status;
    this.code = document?.code;
    this.type = document?.type;
    this.title = document?.title ?? response.statusText;
    this.detail = detail;
    this.requestId = document?.requestId;
    this.errors = document?.errors ?? [];
    this.retryAfter = retryAfterSeconds(response.headers.get('retry-after'), now);
    this.response = response;
  }
}

function isProblemDocument(body: unknown): body is ProblemDocument {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ProblemDocument).code === 'string' &&
    typeof (body as ProblemDocument).status === 'number'
  );
}

/** What a non-problem error body says, shortened: a gateway's `{message}` or a page's text. */
function textOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 200) || undefined;
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string')
    return (body as { message: string }).message;
  return undefined;
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); `undefined` when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month (`Wed, 01 Jan 2025 00:01:30 GMT`); Date.parse alone would take `-5` for a year.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
