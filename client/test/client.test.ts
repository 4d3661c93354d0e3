/**
 * createClient: the bearer token (fixed, or asked for before every request) and what becomes of
 * an unsuccessful answer: an ApiProblem with the problem document's fields, Retry-After in
 * seconds, also when the answer is no problem document at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProblem, createClient, retryAfterSeconds } from '../src/index.ts';
import { problem, startFakeService, type FakeService } from './support/fake-service.ts';

let service: FakeService;
const userId = '00000000-0000-4000-8000-000000000001';
const user = { id: userId, email: 'you@example.com', name: 'You' };

beforeAll(async () => {
  service = await startFakeService();
});
beforeEach(() => {
  service.received.length = 0;
});
afterAll(() => service.stop());

describe('createClient', () => {
  it('sends the token as a bearer token, and none without one', async () => {
    service.answer(() => ({ status: 200, body: { data: user } }));
    const read = await createClient({ baseUrl: service.url, token: 'token-1' }).GET('/v1/users/{id}', {
      params: { path: { id: userId } },
    });
    expect(read.error).toBeUndefined();
    expect(read.data?.data).toEqual(user);
    await createClient({ baseUrl: service.url }).GET('/v1/users/{id}', { params: { path: { id: userId } } });
    expect(service.received.map((r) => [r.method, r.url.pathname, r.headers.authorization])).toEqual([
      ['GET', `/v1/users/${userId}`, 'Bearer token-1'],
      ['GET', `/v1/users/${userId}`, undefined],
    ]);
  });

  it('asks a token function before every request, so a refreshed token is sent', async () => {
    service.answer(() => ({ status: 200, body: { data: user } }));
    const tokens = ['first', 'refreshed'];
    const client = createClient({ baseUrl: service.url, token: async () => tokens.shift() });
    await client.GET('/v1/users/{id}', { params: { path: { id: userId } } });
    await client.PATCH('/v1/users/{id}', { params: { path: { id: userId } }, body: { jobRole: 'Analyst' } });
    expect(service.received.map((r) => r.headers.authorization)).toEqual(['Bearer first', 'Bearer refreshed']);
    expect(JSON.parse(service.received[1]!.body)).toEqual({ jobRole: 'Analyst' });
  });

  it('makes a problem document an ApiProblem: status, code, detail, errors, requestId', async () => {
    const errors = [{ path: 'name', message: 'Too short.' }];
    service.answer(() => ({ status: 400, body: problem(400, 'invalid_input', '1 field is invalid.', { errors }) }));
    const { data, error } = await createClient({ baseUrl: service.url }).POST('/v1/users', {
      body: { userId, email: user.email, name: '' },
    });
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      detail: '1 field is invalid.',
      errors,
      requestId: 'req-1',
      type: '/problems/invalid-input',
      retryAfter: undefined,
    });
    expect(error!.message).toBe('400 invalid_input: 1 field is invalid.');
    expect(error!.response.status).toBe(400);
  });

  it('gives an ApiProblem no errors when the document lists none, and the Retry-After of a 429', async () => {
    service.answer(() => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: problem(429, 'rate_limited', 'At most 10 per day.'),
    }));
    const { error } = await createClient({ baseUrl: service.url }).POST('/v1/workspaces', {
      body: { userId, name: 'Eleventh' },
    });
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', errors: [], retryAfter: 3600 });
  });

  it("makes an answer that is no problem document an ApiProblem too: a gateway's JSON, a text page, an empty body", async () => {
    const client = createClient({ baseUrl: service.url, retry: false });
    const read = () => client.GET('/v1/users/{id}', { params: { path: { id: userId } } });

    service.answer(() => ({ status: 503, body: { message: 'Service Unavailable' } }));
    expect((await read()).error).toMatchObject({
      status: 503,
      code: undefined,
      detail: 'Service Unavailable',
      errors: [],
    });
    service.answer(() => ({ status: 502, body: 'Bad gateway' }));
    expect((await read()).error).toMatchObject({ status: 502, code: undefined, detail: 'Bad gateway' });
    service.answer(() => ({ status: 404 }));
    const empty = await read();
    expect(empty.error).toBeInstanceOf(ApiProblem);
    expect(empty.error).toMatchObject({ status: 404, code: undefined, detail: 'Not Found', title: 'Not Found' });
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('-5', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});
