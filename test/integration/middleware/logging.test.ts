/**
 * `observe`: one structured JSON line per request with route, routeGroup, status, durationMs,
 * requestId, userId, tenantId, coldStart and the request's DynamoDB calls, consumed capacity,
 * retries and throttles (its own, when requests run at once), never the bearer token or the request
 * body; and its metrics as EMF lines on stdout (Requests, RequestDuration, ColdStarts).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { call } from '../../support/call.ts';
import { newOrganization } from '../organizations/helpers.ts';
import { newUser } from './helpers.ts';

let user: { userId: string; token: string; email: string };
let logSpy: MockInstance<typeof console.log>;
let errorSpy: MockInstance<typeof console.error>;
let stdoutSpy: MockInstance<typeof process.stdout.write>;
let savedLevel: string | undefined;

beforeAll(async () => {
  user = await newUser();
});

beforeEach(() => {
  savedLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  logSpy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stdoutSpy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});

afterEach(() => {
  logSpy.mockRestore();
  errorSpy.mockRestore();
  stdoutSpy.mockRestore();
  if (savedLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = savedLevel;
});

function loggedLines(): string[] {
  return logSpy.mock.calls.map((args) => args.map(String).join(' '));
}

const requestEntries = () =>
  loggedLines()
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.message === 'request');

/** The EMF documents written to stdout (written there, not through console.log). */
function emfDocuments(): any[] {
  return stdoutSpy.mock.calls
    .flatMap(([chunk]) => String(chunk).split('\n'))
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line));
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
    expect(entry).toMatchObject({ routeGroup: 'users', retries: 0, throttles: 0 });
    expect(entry.coldStart).toBeTypeOf('boolean');
    expect(entry.tenantId).toBeUndefined();
    // A read and a conditioned write at least, each reporting the capacity it consumed.
    expect(entry.dynamoCalls).toBeGreaterThanOrEqual(2);
    expect(entry.consumedCapacity).toBeGreaterThan(0);
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

  it('names the tenant a tenant route addressed, and coldStart only on the first request of a handler', async () => {
    const organizationId = await newOrganization(user);
    const first = await call('GET', `/v1/organizations/${organizationId}`, { token: user.token });
    const second = await call('GET', `/v1/organizations/${organizationId}`, { token: user.token });
    expect([first.status, second.status]).toEqual([200, 200]);
    const reads = requestEntries().filter((entry) => entry.route === 'GET /v1/organizations/:id');
    expect(reads).toHaveLength(2);
    for (const entry of reads)
      expect(entry).toMatchObject({ routeGroup: 'organizations', tenantId: organizationId, status: 200 });
    expect(reads.map((entry) => entry.coldStart)).toEqual([true, false]);
  });

  it("counts each request's own DynamoDB calls when requests run at once", async () => {
    await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    const [alone] = requestEntries().slice(-1);
    logSpy.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('GET', `/v1/users/${user.userId}`, { token: user.token })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const together = requestEntries();
    expect(together).toHaveLength(6);
    expect(alone.dynamoCalls).toBeGreaterThan(0);
    for (const entry of together) expect(entry.dynamoCalls).toBe(alone.dynamoCalls);
  });

  it('writes the Requests, RequestDuration and ColdStarts metrics as EMF, with the catalogue dimensions', async () => {
    const res = await call('GET', `/v1/users/${user.userId}`, { token: `${user.token}x` });
    expect(res.status).toBe(401);
    const documents = emfDocuments();
    const requests = documents.find((d) => 'Requests' in d);
    expect(requests).toMatchObject({
      service: 'creator-measurement',
      stage: 'local',
      routeGroup: 'users',
      statusClass: '4xx',
      Requests: 1,
    });
    expect(requests._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'CreatorMeasurement',
      Dimensions: [['service', 'stage', 'routeGroup', 'statusClass']],
    });
    const duration = documents.find((d) => 'RequestDuration' in d);
    expect(duration).toMatchObject({ routeGroup: 'users' });
    expect(duration._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'stage', 'routeGroup']]);
    expect(duration.RequestDuration).toBeTypeOf('number');
  });

  it('logs and writes nothing when LOG_LEVEL is silent', async () => {
    process.env.LOG_LEVEL = 'silent';
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(logSpy).not.toHaveBeenCalled();
    expect(stdoutSpy).not.toHaveBeenCalled();
  });
});
