/**
 * `Idempotency-Key` (docs/decisions.md "Retries and browsers"; the IETF httpapi draft's semantics,
 * as Stripe's API and Powertools' Idempotency utility do it), on every POST that takes a bearer
 * token. Two middlewares, one record per user and key (shared/db/idempotency):
 *
 * - `claimIdempotencyKey`, last before the route's work (after authentication, input validation and
 *   authorization, which run on every attempt: a repeat never skips a check, and what they refuse
 *   changes nothing): a key that is not 1 to 255 visible ASCII characters is 400; a fresh key is
 *   claimed for this request; a repeat of the same request (route, and input after normalisation:
 *   the validated input under its canonical names, so `organization_id` and `organizationId` are one
 *   input) gets the first answer with `Idempotent-Replayed: true`; another request under the key is
 *   422 `idempotency_key_reused`; a repeat while the first still runs is 409 `conflict`.
 * - `keepIdempotentAnswer`, after the envelope and the problem mapping, so it sees the answer as
 *   sent: a final answer (2xx, and 4xx other than 409 and 429) is kept; any other releases the
 *   claim, so that a retry runs again, unless the route's transaction already committed (the claim
 *   marked written in it): running again would then write twice, so that answer is kept too.
 *
 * Without the header nothing changes.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import {
  claimKey,
  claimWritten,
  endClaim,
  keepAnswer,
  releaseKey,
  type KeptAnswer,
} from '../../db/idempotency/index.ts';
import { logger } from '../../support/logger.ts';
import type { ApiContext, ApiEvent, ApiRequest, ApiResponse } from '../context.ts';
import { conflict, invalidInput, Problem } from '../problem.ts';
import { Replay } from '../replay.ts';
import type { Route } from '../route.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

/** 1 to 255 visible ASCII characters (the IETF draft's key is a string of them). */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's `Idempotency-Key`, undefined without one; 400 when it is not a valid key. */
export function idempotencyKeyOf(event: Pick<ApiEvent, 'headers'>): string | undefined {
  const headers = event.headers ?? {};
  const name = Object.keys(headers).find((h) => h.toLowerCase() === IDEMPOTENCY_KEY_HEADER);
  const value = name === undefined ? undefined : headers[name];
  if (value === undefined) return undefined;
  if (!VALID_KEY.test(value)) {
    throw invalidInput('The Idempotency-Key header must be 1 to 255 visible ASCII characters.', [
      {
        path: 'Idempotency-Key',
        message: 'Must be 1 to 255 visible ASCII characters (no spaces, no commas from a repeated header).',
      },
    ]);
  }
  return value;
}

/** JSON with every object's members in name order, so that member order never tells two requests apart. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests the same: the route (method and path) and the normalised input, path ids included. */
export function requestFingerprint(route: Route, input: unknown): string {
  return createHash('sha256')
    .update(canonical([route.key, input]))
    .digest('hex');
}

/** Kept: 2xx, and 4xx other than 409 and 429. */
export const isFinalStatus = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 409 && status !== 429);

export function claimIdempotencyKey(route: Route): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: async (request) => {
      const key = idempotencyKeyOf(request.event);
      if (key === undefined) return;
      const state = request.context.state;
      const claim = await claimKey({ userId: state.caller!.userId, key }, requestFingerprint(route, state.input));
      switch (claim.outcome) {
        case 'claimed':
          state.idempotency = { key, runId: claim.runId };
          return;
        case 'replay':
          throw new Replay({ ...claim.answer, headers: { ...claim.answer.headers, [REPLAYED_HEADER]: 'true' } });
        case 'reused':
          throw new Problem(
            'idempotency_key_reused',
            'This Idempotency-Key was sent with another request (method, path or input); use a new key for a new request.',
          );
        case 'running':
          throw conflict('A request with this Idempotency-Key is still running; retry it shortly.');
        case 'lost':
          throw conflict(
            'The request first sent with this Idempotency-Key made its changes, but its answer was lost; it will not run again. Read the records it wrote.',
          );
      }
    },
  };
}

/** The answer as sent, less what `observe` adds to every answer after this. */
function answerOf(response: ApiResponse | null | undefined): KeptAnswer {
  const headers = Object.fromEntries(
    Object.entries(response?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return {
    statusCode: response?.statusCode ?? 500,
    headers,
    body: typeof response?.body === 'string' ? response.body : '',
  };
}

/** DynamoDB's item limit is 400 KB: a larger answer cannot be kept (the claim is released or left written). */
const MAX_KEPT_BODY_BYTES = 350_000;

export function keepIdempotentAnswer(): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const finish = async (request: ApiRequest) => {
    const state = request.context.state;
    const claimed = state.idempotency;
    if (!claimed) return;
    const written = claimWritten();
    endClaim();
    const owner = { userId: state.caller!.userId, key: claimed.key };
    const answer = answerOf(request.response);
    const keepable = Buffer.byteLength(answer.body) <= MAX_KEPT_BODY_BYTES;
    try {
      if (keepable && (written || isFinalStatus(answer.statusCode))) await keepAnswer(owner, claimed.runId, answer);
      else if (!written) await releaseKey(owner, claimed.runId);
    } catch (error) {
      // The route's work is done and answered; a record that could not be updated expires with its lease or its ttl.
      logger.error('idempotency record not updated', {
        route: state.route.key,
        requestId: state.requestId,
        errorName: (error as Error).name,
      });
    }
  };
  return { after: finish, onError: finish };
}
