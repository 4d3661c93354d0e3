/**
 * `observe`: one structured JSON line per request with route, status, durationMs, requestId and
 * userId, and never the bearer token or the request body.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { call } from '../../support/call.ts';
import { newUser } from './helpers.ts';

let user: { userId: string; token: string };
let logSpy: MockInstance<typeof console.log>;
let errorSpy: MockInstance<typeof console.error>;
let savedLevel: string | undefined;

beforeAll(async () => {
  user = await newUser();
});

beforeEach(() => {
  savedLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  logSpy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  logSpy.mockRestore();
  errorSpy.mockRestore();
  if (savedLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = savedLevel;
});

function loggedLines(): string[] {
  return logSpy.mock.calls.map((args) => args.map(String).join(' '));
}

describe('observe: one log line per request', () => {
  it('logs exactly one JSON line with route, status, durationMs, requestId and userId, without token or body', async () => {
    const secretName = 'Body-Secret-7f3c9a';
    const res = await call('PATCH', `/v1/users/${user.userId}`, { token: user.token, body: { name: secretName } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const lines = loggedLines();
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      level: 'info',
      route: 'PATCH /v1/users/:id',
      status: 200,
      requestId: res.body._meta.requestId,
      userId: user.userId,
    });
    expect(entry.durationMs).toBeTypeOf('number');
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(line).not.toContain(user.token);
    for (const part of user.token.split('.')) expect(line).not.toContain(part);
    expect(line).not.toContain(secretName);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('logs one line with the problem status for a failed request (401), without the token', async () => {
    const badToken = `${user.token}x`;
    const res = await call('GET', `/v1/users/${user.userId}`, { token: badToken });
    expect(res.status).toBe(401);

    const lines = loggedLines();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ route: 'GET /v1/users/:id', status: 401, requestId: res.body.requestId });
    expect(entry.userId).toBeUndefined();
    expect(lines[0]).not.toContain(badToken);
    expect(lines[0]).not.toContain(user.token.split('.')[2]);
  });

  it('logs nothing when LOG_LEVEL is silent', async () => {
    process.env.LOG_LEVEL = 'silent';
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(logSpy).not.toHaveBeenCalled();
  });
});
