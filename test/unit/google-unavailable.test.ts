/**
 * When Google cannot answer (refused connection, a 5xx), a request that needs it is a 429 with
 * Retry-After, never a 500: the integration throws `GoogleUnavailableError`, a RateLimitedError the
 * problem middleware already answers. Real sockets on loopback: a closed port and a server answering 503.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../shared/domain/errors.ts';
import * as analytics from '../../shared/integrations/analytics/index.ts';
import { GoogleUnavailableError, GrantRevokedError } from '../../shared/integrations/analytics/port.ts';
import { toProblem } from '../../shared/http/middleware/problem-responses.ts';

let server: Server;
let status = 503;
let serverUrl: string;
let closedUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"status":"UNAVAILABLE"}}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was just free and is closed again: the connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  status = 503;
});

describe('Google unavailable', () => {
  it('a refused connection or a 5xx of the Admin API is GoogleUnavailableError, a 429 with Retry-After', async () => {
    process.env.GOOGLE_ANALYTICS_ADMIN_URL = closedUrl;
    const refused = await analytics.readableProperties('token').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GoogleUnavailableError);
    expect(refused).toBeInstanceOf(RateLimitedError);
    const problem = toProblem(refused as Error);
    expect(problem.status).toBe(429);
    expect(problem.headers['retry-after']).toBe('30');

    process.env.GOOGLE_ANALYTICS_ADMIN_URL = serverUrl;
    await expect(analytics.readableProperties('token')).rejects.toBeInstanceOf(GoogleUnavailableError);
    // An answer that is Google's word stays what it was: a refused access token is a revoked grant.
    status = 401;
    await expect(analytics.readableProperties('token')).rejects.toBeInstanceOf(GrantRevokedError);
  });

  it('a refused connection to the token endpoint is GoogleUnavailableError', async () => {
    Object.assign(process.env, {
      GOOGLE_OAUTH2_URL: closedUrl,
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    delete process.env.GOOGLE_OAUTH_SECRET_ARN;
    await expect(analytics.accessTokenFor('refresh-token')).rejects.toBeInstanceOf(GoogleUnavailableError);
  });
});
