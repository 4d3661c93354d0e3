/**
 * 429 retries (client/src/send.ts): with Retry-After, whatever the method, when the wait is short
 * enough; without it, idempotent methods only, backing off; never more than maxAttempts. The sleep
 * is injected: it records the waits and returns at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProblem, createClient, type ClientOptions } from '../src/index.ts';
import { problem, startFakeService, type Answer, type FakeService } from './support/fake-service.ts';

let service: FakeService;
let waits: number[];
const userId = '00000000-0000-4000-8000-000000000001';
const ok: Answer = { status: 200, body: { data: { id: userId } } };
const limited = (retryAfter?: string): Answer => ({
  status: 429,
  ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } }),
  body: problem(429, 'rate_limited', 'Too many requests.'),
});

/** Answers the given answers in turn, the last one from then on. */
function inTurn(...answers: Answer[]) {
  let next = 0;
  service.answer(() => answers[Math.min(next++, answers.length - 1)]!);
}

const client = (options: Partial<ClientOptions> = {}) =>
  createClient({
    baseUrl: service.url,
    sleep: async (milliseconds) => {
      waits.push(milliseconds);
    },
    ...options,
  });
const read = (options?: Partial<ClientOptions>) =>
  client(options).GET('/v1/users/{id}', { params: { path: { id: userId } } });
const create = (options?: Partial<ClientOptions>) =>
  client(options).POST('/v1/workspaces', { body: { userId, name: 'Agency' } });

beforeAll(async () => {
  service = await startFakeService();
});
beforeEach(() => {
  service.received.length = 0;
  waits = [];
});
afterAll(() => service.stop());

describe('a 429 with Retry-After', () => {
  it('is retried after that many seconds, for a GET', async () => {
    inTurn(limited('2'), ok);
    const { data, error } = await read();
    expect(error).toBeUndefined();
    expect(data?.data).toEqual({ id: userId });
    expect(waits).toEqual([2000]);
    expect(service.received).toHaveLength(2);
  });

  it('is retried for a POST too (the service says it may be), the same body sent again', async () => {
    inTurn(limited('1'), { status: 201, body: { data: { id: 'w' } } });
    const { data } = await create();
    expect(data).toBeDefined();
    expect(waits).toEqual([1000]);
    expect(service.received.map((r) => [r.method, JSON.parse(r.body)])).toEqual([
      ['POST', { userId, name: 'Agency' }],
      ['POST', { userId, name: 'Agency' }],
    ]);
  });

  it('is retried with an HTTP date', async () => {
    inTurn({ ...limited(), headers: { 'retry-after': new Date(Date.now() + 4000).toUTCString() } }, ok);
    expect((await read()).error).toBeUndefined();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
  });

  it('is not waited for past maxRetryAfterSeconds: the ApiProblem comes back at once with its retryAfter', async () => {
    inTurn(limited('3600'), ok);
    const { error } = await create();
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 3600 });
    expect(waits).toEqual([]);
    expect(service.received).toHaveLength(1);

    inTurn(limited('30'), ok);
    expect((await read({ retry: { maxRetryAfterSeconds: 30 } })).error).toBeUndefined();
    expect(waits).toEqual([30_000]);
  });
});

describe('a 429 without Retry-After', () => {
  it('is retried for an idempotent method, backing off 1 s then 2 s, at most maxAttempts in all', async () => {
    inTurn(limited());
    const { error } = await read();
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toMatchObject({ status: 429, retryAfter: undefined });
    expect(waits).toEqual([1000, 2000]);
    expect(service.received).toHaveLength(3);
  });

  it('is retried for DELETE and PUT', async () => {
    inTurn(limited(), { status: 200, body: { data: { id: userId, deleted: true } } });
    const removed = await client().DELETE('/v1/campaigns/{id}', { params: { path: { id: userId } } });
    expect(removed.error).toBeUndefined();
    expect(service.received.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('is not retried for a PATCH: nothing says sending it again is safe', async () => {
    inTurn(limited());
    expect(
      (await client().PATCH('/v1/users/{id}', { params: { path: { id: userId } }, body: { name: 'New' } })).error,
    ).toMatchObject({ status: 429 });
    expect(service.received.map((r) => r.method)).toEqual(['PATCH']);
    expect(waits).toEqual([]);
  });

  it('is retried for a POST, which carries an Idempotency-Key: the service replays rather than writes twice', async () => {
    inTurn(limited(), { status: 201, body: { data: { id: 'w' } } });
    expect((await create()).error).toBeUndefined();
    expect(waits).toEqual([1000]);
    expect(service.received.map((r) => r.method)).toEqual(['POST', 'POST']);
  });
});

describe('Idempotency-Key', () => {
  it('is sent with every POST, the same on each of its retries, a new one for the next POST', async () => {
    inTurn(limited('1'), limited('1'), { status: 201, body: { data: { id: 'w' } } });
    expect((await create()).error).toBeUndefined();
    const keys = service.received.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);

    service.received.length = 0;
    expect((await create()).error).toBeUndefined();
    expect(service.received[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(service.received[0]!.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it("is the caller's own when it sends one, on every attempt", async () => {
    inTurn(limited('1'), { status: 201, body: { data: { id: 'w' } } });
    await client().POST('/v1/workspaces', {
      body: { userId, name: 'Agency' },
      params: { header: { 'Idempotency-Key': 'order-42' } },
    });
    expect(service.received.map((r) => r.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
  });

  it('is not sent with other methods', async () => {
    inTurn(ok);
    await read();
    expect(service.received[0]!.headers['idempotency-key']).toBeUndefined();
  });
});

describe('retry options', () => {
  it('maxAttempts bounds the attempts; retry: false sends once', async () => {
    inTurn(limited('1'));
    await read({ retry: { maxAttempts: 5 } });
    expect(service.received).toHaveLength(5);
    expect(waits).toEqual([1000, 1000, 1000, 1000]);

    service.received.length = 0;
    waits = [];
    await read({ retry: false });
    expect(service.received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('asks the token function again before each attempt', async () => {
    inTurn(limited('1'), ok);
    const tokens = ['old', 'new'];
    await read({ token: () => tokens.shift() });
    expect(service.received.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('never retries another status', async () => {
    inTurn({ status: 503, headers: { 'retry-after': '1' }, body: problem(503, 'internal', 'Down.') }, ok);
    expect((await read()).error).toMatchObject({ status: 503, retryAfter: 1 });
    expect(service.received).toHaveLength(1);
  });
});
