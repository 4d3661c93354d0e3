/**
 * Shared helpers of the middleware tests: the exact RFC 9457 problem shape, a user of one's own,
 * and invoking a handler defined inside a test the same way `call()` invokes a handler module.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { gatewayEvent, lambdaContext, matchRoute } from '../../../infra/local/gateway.ts';
import type { ApiHandler } from '../../../shared/http/context.ts';
import type { FieldError, ProblemCode } from '../../../shared/http/problem.ts';
import { tokenFor } from '../../support/auth.ts';
import { call, callResult, gatewayRequest, type CallOptions, type CallResult } from '../../support/call.ts';

const PROBLEM_MEMBERS = ['code', 'detail', 'requestId', 'status', 'title', 'type'];

/**
 * Asserts an RFC 9457 problem answer: status, `application/problem+json`, and a body of exactly
 * `{type, title, status, detail, code, requestId}` plus `errors` when `errors` is given
 * (an exact list, or 'any' for a non-empty list whose contents the test does not pin down).
 */
export function expectProblem(res: CallResult, status: number, code: ProblemCode, errors?: FieldError[] | 'any'): void {
  const context = JSON.stringify(res.body);
  expect(res.status, context).toBe(status);
  expect(res.headers['content-type'], context).toBe('application/problem+json');
  const members = errors === undefined ? PROBLEM_MEMBERS : [...PROBLEM_MEMBERS, 'errors'].sort();
  expect(Object.keys(res.body ?? {}).sort(), context).toEqual(members);
  expect(res.body.status).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.type).toBeTypeOf('string');
  expect(res.body.type).not.toBe('');
  expect(res.body.title).toBeTypeOf('string');
  expect(res.body.detail).toBeTypeOf('string');
  expect(res.body.requestId).toBeTypeOf('string');
  expect(res.body.requestId).not.toBe('');
  if (errors === 'any') {
    expect(Array.isArray(res.body.errors) && res.body.errors.length > 0, context).toBe(true);
  } else if (errors !== undefined) {
    expect(res.body.errors).toEqual(errors);
  }
}

/** A signed-up user (POST /v1/users) and a token for it. */
export async function newUser(name = 'Test User'): Promise<{ userId: string; token: string; email: string }> {
  const userId = randomUUID();
  const email = `${userId}@example.com`;
  const token = tokenFor(userId, { email });
  const res = await call('POST', '/v1/users', { token, body: { userId, email, name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { userId, token, email };
}

/**
 * Runs a request through a handler built in the test (with `defineHandler` for a real route key):
 * the same route match, payload 2.0 event and Lambda context as `call()`, but this handler.
 */
export async function invoke(
  handler: ApiHandler,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const request = gatewayRequest(method, url, options);
  const match = matchRoute(method, url.split('?')[0] ?? '/');
  if (!match) throw new Error(`No route for ${method} ${url}`);
  return callResult(await handler(gatewayEvent(request, match), lambdaContext('middleware-test') as never));
}
