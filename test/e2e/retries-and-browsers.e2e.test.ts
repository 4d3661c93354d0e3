/**
 * Over HTTP against the local server (docs/decisions.md "Retries and browsers"): a browser's CORS
 * preflight is allowed the request headers of the decision and every answer exposes the response
 * headers it lists; a POST sent again with its Idempotency-Key is replayed (the script can read
 * `Idempotent-Replayed`), another request under the key is 422, and the typed client's POST carries
 * a key the service keeps.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '../../client/src/index.ts';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { checkedFetch } from './support/contract.ts';

let service: LocalService;
let userId: string;
let token: string;

const ALLOWED = [
  'authorization',
  'content-type',
  'idempotency-key',
  'traceparent',
  'tracestate',
  'baggage',
  'x-request-id',
];
const EXPOSED = ['retry-after', 'x-request-id', 'idempotent-replayed'];
const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  userId = randomUUID();
  const email = `retries-${userId}@example.com`;
  token = service.issuer.mint({ userId, email });
  const created = await post('/v1/users', { userId, email, name: 'Rita' });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await service?.stop();
});

function post(path: string, body: unknown, key?: string) {
  return checkedFetch(`${service.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('CORS', () => {
  it("a preflight is allowed the decision's request headers, and answers expose its response headers", async () => {
    const preflight = await fetch(`${service.url}/v1/workspaces`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key,traceparent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(list(preflight.headers.get('access-control-allow-headers')).sort()).toEqual([...ALLOWED].sort());
    expect(list(preflight.headers.get('access-control-allow-methods'))).toContain('post');
    const answer = await post('/v1/workspaces', { userId, name: 'CORS Co' });
    expect(list(answer.headers.get('access-control-expose-headers')).sort()).toEqual([...EXPOSED].sort());
  });
});

describe('Idempotency-Key over HTTP', () => {
  it('replays the first answer to a repeat, and refuses the key with another body (422)', async () => {
    const key = randomUUID();
    const first = await post('/v1/workspaces', { userId, name: 'Once Co' }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.text();
    const again = await post('/v1/workspaces', { userId, name: 'Once Co' }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    const other = await post('/v1/workspaces', { userId, name: 'Twice Co' }, key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { code: string }).code).toBe('idempotency_key_reused');
  });

  it("the typed client's POST carries a key: the same call sent again with it is a replay", async () => {
    const sent: Request[] = [];
    const client = createClient({
      baseUrl: service.url,
      token,
      fetch: (request) => {
        sent.push(request.clone());
        return checkedFetch(request);
      },
    });
    const created = await client.POST('/v1/workspaces', { body: { userId, name: 'Client Co' } });
    expect(created.response.status).toBe(201);
    const key = sent[0]!.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const again = await client.POST('/v1/workspaces', {
      body: { userId, name: 'Client Co' },
      params: { header: { 'Idempotency-Key': key! } },
    });
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(created.data);
  });
});
