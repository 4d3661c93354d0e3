/**
 * `toProblem`, `problemBody` and `problemResponse`: typed problems pass through, middy's own
 * errors map to 415 / 400 / 413, throttling to 429 with Retry-After, anything else to a bare 500.
 * Also the `envelope` middleware's body shapes (unit level).
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { createError } from '@middy/util';
import { describe, expect, it } from 'vitest';
import { routeByKey } from '../../functions/routes.ts';
import * as domain from '../../shared/domain/errors.ts';
import { envelope } from '../../shared/http/middleware/envelope.ts';
import { problemBody, problemResponse, toProblem } from '../../shared/http/middleware/problem-responses.ts';
import {
  conflict,
  forbidden,
  invalidInput,
  notFound,
  Problem,
  rateLimited,
  unauthenticated,
  type ProblemCode,
} from '../../shared/http/problem.ts';
import { count, created, deleted, list, ok, type Result } from '../../shared/http/result.ts';

/** The error the real JSON body parser throws for a request (undefined when it accepts it). */
async function parserError(headers: Record<string, string>, body: string): Promise<unknown> {
  const request = { event: { headers, body, isBase64Encoded: false } };
  const parser = httpJsonBodyParser();
  return Promise.resolve()
    .then(() => parser.before!(request as never))
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

const MEMBERS = ['code', 'detail', 'requestId', 'status', 'title', 'type'];

describe('Problem codes and statuses', () => {
  it.each<[ProblemCode, number]>([
    ['invalid_input', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['gone', 410],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['idempotency_key_reused', 422],
    ['rate_limited', 429],
    ['internal', 500],
    ['not_implemented', 501],
  ])('%s is status %i', (code, status) => {
    expect(new Problem(code, 'd').status).toBe(status);
  });

  it('the helpers build the matching codes', () => {
    expect(invalidInput('x').code).toBe('invalid_input');
    expect(unauthenticated().code).toBe('unauthenticated');
    expect(forbidden().code).toBe('forbidden');
    expect(notFound('User').detail).toBe('User was not found.');
    expect(conflict('x').code).toBe('conflict');
  });
});

describe('toProblem', () => {
  it('passes a Problem through unchanged', () => {
    const problem = forbidden('Nope.');
    expect(toProblem(problem)).toBe(problem);
  });

  it("maps middy's 415 (real JSON body parser, text/plain) to unsupported_media_type", async () => {
    const error = await parserError({ 'content-type': 'text/plain' }, '{}');
    expect((error as { statusCode?: number }).statusCode).toBe(415);
    const problem = toProblem(error);
    expect(problem.code).toBe('unsupported_media_type');
    expect(problem.status).toBe(415);
  });

  it("maps middy's 422 (real JSON body parser, malformed JSON) to 400 invalid_input", async () => {
    const error = await parserError({ 'content-type': 'application/json' }, '{"a":');
    expect((error as { statusCode?: number }).statusCode).toBe(422);
    const problem = toProblem(error);
    expect(problem.code).toBe('invalid_input');
    expect(problem.status).toBe(400);
  });

  it("does not leak the parser's message or the body into the 400", async () => {
    const problem = toProblem(await parserError({ 'content-type': 'application/json' }, '{"password": "hunter2"'));
    expect(JSON.stringify(problemBody(problem, 'r'))).not.toContain('hunter2');
  });

  it('maps a middy 413 to payload_too_large', () => {
    expect(toProblem(createError(413, 'Payload Too Large')).code).toBe('payload_too_large');
  });

  it.each([
    'ThrottlingException',
    'ProvisionedThroughputExceededException',
    'RequestLimitExceeded',
    'TooManyRequestsException',
  ])('maps %s to 429 rate_limited with a retry-after header', (name) => {
    const error = Object.assign(new Error('slow down'), { name });
    const problem = toProblem(error);
    expect(problem.code).toBe('rate_limited');
    expect(problem.status).toBe(429);
    const response = problemResponse(problem, 'req-1');
    expect(response.statusCode).toBe(429);
    expect(response.headers).toEqual({ 'content-type': 'application/problem+json', 'retry-after': '1' });
  });

  it('sends the Retry-After of a rate limit the service enforces, in whole seconds (at least 1)', () => {
    expect(problemResponse(rateLimited('Too many invitations.', 1234.2), 'req-3').headers).toEqual({
      'content-type': 'application/problem+json',
      'retry-after': '1235',
    });
    expect(problemResponse(rateLimited('Too many invitations.', 0), 'req-4')).toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '1' },
    });
  });

  it('maps each typed domain error to the very problem the HTTP helper of the same name builds', () => {
    const fields = [{ path: 'value', message: 'Must be positive.' }];
    const pairs: [unknown, Problem][] = [
      [domain.notFound('The note'), notFound('The note')],
      [domain.conflict('Taken.'), conflict('Taken.')],
      [domain.invalidInput('Bad value.', fields), invalidInput('Bad value.', fields)],
      [domain.forbidden('Wrong code.'), forbidden('Wrong code.')],
      [domain.gone('The invitation'), new Problem('gone', 'The invitation is gone.')],
      [domain.rateLimited('Too many invitations.', 1234.2), rateLimited('Too many invitations.', 1234.2)],
    ];
    for (const [error, expected] of pairs) {
      expect(error).not.toBeInstanceOf(Problem);
      expect(problemResponse(toProblem(error), 'req-5')).toEqual(problemResponse(expected, 'req-5'));
    }
  });

  it('maps a transaction that lost a race (TransactionConflict) to 409 conflict, and other cancellations to 500', () => {
    const race = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
    });
    expect(toProblem(race)).toMatchObject({ status: 409, code: 'conflict' });
    expect(toProblem(Object.assign(new Error('x'), { name: 'TransactionConflictException' }))).toMatchObject({
      code: 'conflict',
    });
    const other = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ValidationError' }],
    });
    expect(toProblem(other)).toMatchObject({ status: 500, code: 'internal' });
  });

  it('maps an unknown Error to 500 internal whose body has neither the message nor a stack', () => {
    const error = new Error('db password is hunter2 at host 10.1.2.3');
    const problem = toProblem(error);
    expect(problem.code).toBe('internal');
    expect(problem.status).toBe(500);
    const response = problemResponse(problem, 'req-2');
    expect(response.statusCode).toBe(500);
    expect(response.headers).toEqual({ 'content-type': 'application/problem+json' });
    const text = String(response.body);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('10.1.2.3');
    expect(text).not.toContain(error.stack!.split('\n')[1]!.trim());
    expect(text).not.toMatch(/\bat .+:\d+:\d+/);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(MEMBERS);
  });

  it.each([
    ['a middy 500', createError(500, 'internal detail')],
    ['a thrown string', 'boom'],
    ['undefined', undefined],
    ['a plain object that looks like an HTTP error', { statusCode: 415, message: 'x' }],
    ['an Error with an unrelated statusCode', Object.assign(new Error('teapot'), { statusCode: 418 })],
  ])('maps %s to 500 internal', (_label, error) => {
    expect(toProblem(error).code).toBe('internal');
  });
});

describe('problemBody', () => {
  it('has exactly {type, title, status, detail, code, requestId}', () => {
    const body = problemBody(notFound('User'), 'req-3');
    expect(body).toEqual({
      type: '/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: 'User was not found.',
      code: 'not_found',
      requestId: 'req-3',
    });
  });

  it('adds errors only when there are some', () => {
    expect(problemBody(invalidInput('Bad.', [{ path: 'a', message: 'm' }]), 'r').errors).toEqual([
      { path: 'a', message: 'm' },
    ]);
    expect(Object.keys(problemBody(invalidInput('Bad.', []), 'r')).sort()).toEqual(MEMBERS);
    expect(Object.keys(problemBody(invalidInput('Bad.'), 'r')).sort()).toEqual(MEMBERS);
  });

  it('never has _meta', () => {
    expect(problemBody(forbidden(), 'r')).not.toHaveProperty('_meta');
  });
});

describe('envelope (unit)', () => {
  function render(routeKey: string, result: Result) {
    const request = { response: result, context: { state: { requestId: 'req-env' } } };
    envelope(routeByKey(routeKey)).after!(request as never);
    const response = request.response as unknown as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) };
  }

  it('renders ok() as 200 {data, _meta} on a Form-A/both route', () => {
    const res = render('GET /v1/users/:id', ok({ id: 'u' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ data: { id: 'u' }, _meta: { requestId: 'req-env', generatedAt: expect.any(String) } });
  });

  it('renders created() as 201 {data} without _meta on a Form-B route, dropping meta extras', () => {
    const res = render('POST /v1/users', { ...created({ id: 'u' }), meta: { currency: 'USD' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { id: 'u' } });
  });

  it('renders list() as {items, totalCount, facets} and merges meta extras into _meta on Form A', () => {
    const res = render('GET /v1/users', {
      ...list({ items: [1], totalCount: 3 }, { role: { owner: 1 } }),
      meta: { warnings: ['w'] },
    });
    expect(res.body).toEqual({
      items: [1],
      totalCount: 3,
      facets: { role: { owner: 1 } },
      _meta: { requestId: 'req-env', generatedAt: expect.any(String), warnings: ['w'] },
    });
  });

  it('renders list() with empty facets as {} (never missing)', () => {
    expect(render('GET /v1/activities', list({ items: [], totalCount: 0 })).body).toEqual({
      items: [],
      totalCount: 0,
      facets: {},
    });
  });

  it('renders count() as {count} and deleted() as {data: {id, deleted: true}} with extras at top level', () => {
    expect(render('GET /v1/activities/count', count(4)).body).toEqual({ count: 4 });
    expect(render('DELETE /v1/activities/:id', deleted('a1', { mutation: { operation: 'x' } })).body).toEqual({
      data: { id: 'a1', deleted: true },
      mutation: { operation: 'x' },
    });
  });
});
