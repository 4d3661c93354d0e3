/**
 * How each request goes out: with the current bearer token, and again after a 429 when that is
 * safe. The rule for a 429 (`Too Many Requests`):
 *
 * - with `Retry-After`, the service says the same request may be sent again after that many
 *   seconds (it sends one with every `rate_limited` problem): retried, whatever the method, when
 *   the wait is at most `maxRetryAfterSeconds` (default 10). A longer wait (a per-hour or per-day
 *   limit) comes back at once as an `ApiProblem` whose `retryAfter` says how long, rather than
 *   holding the caller for an hour;
 * - without a readable `Retry-After` (a gateway's or proxy's throttling, which says nothing of the request):
 *   retried only when the method is idempotent (GET, HEAD, OPTIONS, PUT, DELETE: sending it twice
 *   does what sending it once does) or the request carries an `Idempotency-Key` (every POST, below),
 *   after 1 second, then 2, 4, ...;
 * - at most `maxAttempts` attempts in all (default 3); the last answer is returned as it is.
 *
 * Any other status is never retried here: a 5xx may have done part of its work.
 *
 * Every POST carries an `Idempotency-Key` (one of the caller's own, or a new random UUID), the same
 * on each of its attempts: the service keeps the first final answer under it and replays it to a
 * repeat (`Idempotent-Replayed: true`), so a retry never writes twice, whoever retries (this client
 * or its caller with the same key).
 */
import { retryAfterSeconds } from './problem.ts';

/** A bearer token, or a function that returns the current one (called before every attempt, so a refreshed token is used). */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 turns retries off). */
  maxAttempts?: number;
  /** The longest `Retry-After` waited for, in seconds (default 10). */
  maxRetryAfterSeconds?: number;
}

export interface SendOptions {
  token?: TokenSource | undefined;
  retry?: RetryOptions | false | undefined;
  /** How to wait between attempts (default: a timer); tests inject one that records and returns at once. */
  sleep?: ((milliseconds: number) => Promise<void>) | undefined;
  /** The `fetch` to send with (default: the global one). */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 10;

const timer = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** The milliseconds to wait before attempt `attempt + 1`, or `undefined` when the answer is final. */
export function retryDelay(
  request: Request,
  response: Response,
  attempt: number,
  retry: Required<RetryOptions>,
): number | undefined {
  if (response.status !== 429 || attempt >= retry.maxAttempts) return undefined;
  const seconds = retryAfterSeconds(response.headers.get('retry-after'));
  if (seconds === undefined)
    return IDEMPOTENT.has(request.method) || request.headers.has(IDEMPOTENCY_KEY_HEADER)
      ? 1000 * 2 ** (attempt - 1)
      : undefined;
  return seconds <= retry.maxRetryAfterSeconds ? seconds * 1000 : undefined;
}

/** A `fetch` for openapi-fetch that adds the token and retries a 429 by the rule above. */
export function sender(options: SendOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? timer;
  const retry: Required<RetryOptions> =
    options.retry === false
      ? { maxAttempts: 1, maxRetryAfterSeconds: 0 }
      : { maxAttempts: DEFAULT_MAX_ATTEMPTS, maxRetryAfterSeconds: DEFAULT_MAX_RETRY_AFTER_SECONDS, ...options.retry };

  return async (request) => {
    if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY_HEADER))
      request.headers.set(IDEMPOTENCY_KEY_HEADER, crypto.randomUUID());
    for (let attempt = 1; ; attempt++) {
      // A body can be read once: each attempt sends a copy, the original kept for the next.
      const copy = request.clone();
      const token = typeof options.token === 'function' ? await options.token() : options.token;
      if (token) copy.headers.set('authorization', `Bearer ${token}`);
      const response = await send(copy);
      const delay = retryDelay(request, response, attempt, retry);
      if (delay === undefined) return response;
      // The answer is dropped: release its connection before waiting.
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
