/**
 * Over HTTP against the local server: every API response says `Cache-Control: no-store`, so no
 * shared cache (CDN, proxy) keeps personal data, presigned URLs or problems: a profile, an avatar
 * upload URL, a file download URL, a list, and problems from validation, authentication,
 * authorization and the catch-all route alike.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { createActivity } from '../../shared/db/catalogue/activities.ts';
import { createTenant } from '../../shared/db/tenancy/tenants.ts';
import { checkedFetch } from './support/contract.ts';

let service: LocalService;
let userId: string;
let token: string;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  userId = randomUUID();
  const email = `no-store-${userId}@example.com`;
  token = service.issuer.mint({ userId, email });
  expect((await http('POST', '/v1/users', { body: { userId, email, name: 'Nora' } })).status).toBe(201);
});

afterAll(async () => {
  await service?.stop();
});

async function http(method: string, path: string, options: { body?: unknown; token?: string | null } = {}) {
  const bearer = options.token === undefined ? token : options.token;
  const response = await checkedFetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: text ? JSON.parse(text) : undefined,
  };
}

describe('Cache-Control: no-store on every response of the API', () => {
  it('is sent with personal data and presigned URLs', async () => {
    const profile = await http('GET', `/v1/users/${userId}`);
    expect(profile).toMatchObject({ status: 200, cacheControl: 'no-store' });

    const upload = await http('POST', `/v1/users/${userId}/avatar/upload-url`, {
      body: { contentType: 'image/png', contentLength: 10 },
    });
    expect(upload).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(upload.body.data.uploadUrl).toEqual(expect.any(String));

    const tenant = await createTenant({ name: 'No Store Co', ownerUserId: userId });
    const activity = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    const file = await http('POST', '/v1/files', {
      body: {
        organizationId: tenant.id,
        ownerType: 'activity',
        ownerId: activity.id,
        fileName: 'a.md',
        contentType: 'text/markdown',
        content: '# A',
      },
    });
    expect(file).toMatchObject({ status: 201, cacheControl: 'no-store' });
    const download = await http('GET', `/v1/files/${file.body.data.id}/download`);
    expect(download).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(download.body.data.url).toEqual(expect.any(String));

    const list = await http('GET', `/v1/files?ownerType=activity&ownerId=${activity.id}`);
    expect(list).toMatchObject({ status: 200, cacheControl: 'no-store' });
  });

  it('is sent with problems: 400, 401, 403, 404 and the catch-all route', async () => {
    const cases = [
      await http('GET', `/v1/users/${userId}?unknown=1`),
      await http('GET', `/v1/users/${userId}`, { token: null }),
      await http('GET', `/v1/users/${randomUUID()}`),
      await http('GET', `/v1/files/${randomUUID()}/download`),
      await http('GET', '/v1/no-such-route'),
    ];
    expect(cases.map((c) => [c.status, c.cacheControl])).toEqual([
      [400, 'no-store'],
      [401, 'no-store'],
      [403, 'no-store'],
      [404, 'no-store'],
      [404, 'no-store'],
    ]);
  });
});
