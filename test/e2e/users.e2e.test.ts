/**
 * End to end over HTTP: starts the local service (the same server as `npm start`, on this run's
 * DynamoDB Local and its own S3 emulator), mints real tokens at POST /local/token, and drives the
 * Users group.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LocalIssuer } from '../../infra/local/issuer.ts';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { putMembership } from '../../shared/db/memberships.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dynamoEndpoint: inject('dynamoEndpoint'), tableName: process.env.TABLE_NAME });
});

afterAll(async () => {
  await service?.stop();
});

async function http(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
}

async function mint(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await http('POST', '/local/token', { body: { userId, ...extra } });
  expect(response.status).toBe(200);
  return response.body.accessToken as string;
}

async function signUp(name: string) {
  const userId = randomUUID();
  const email = `${name.toLowerCase()}-${userId.slice(0, 8)}@example.com`;
  const token = await mint(userId, { email });
  const created = await http('POST', '/v1/users', { token, body: { user_id: userId, email, name } });
  expect(created.status).toBe(201);
  return { userId, email, token };
}

describe('Users over HTTP with real tokens', () => {
  it('refuses requests without a valid token: missing, expired, wrongly signed, wrong audience, wrong issuer', async () => {
    const userId = randomUUID();
    const stranger = LocalIssuer.ephemeral();
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['expired', service.issuer.mint({ userId, expiresIn: -60 })],
      ['wrongly signed', stranger.mint({ userId })],
      ['wrong audience', service.issuer.mint({ userId, audience: 'someone-else' })],
      ['wrong issuer', service.issuer.mint({ userId, issuer: 'https://issuer.invalid' })],
      ['not a JWT', 'not-a-token'],
    ];
    for (const [label, token] of cases) {
      const response = await http('GET', `/v1/users/${userId}`, token ? { token } : {});
      expect(response.status, label).toBe(401);
      expect(response.contentType, label).toBe('application/problem+json');
      expect(response.body.code, label).toBe('unauthenticated');
      expect(response.body._meta, label).toBeUndefined();
    }
  });

  it('signs up, reads and updates the profile', async () => {
    const { userId, token } = await signUp('Ada');
    const got = await http('GET', `/v1/users/${userId}`, { token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: userId, userId, name: 'Ada', jobRole: null, avatarKey: null });
    expect(got.body._meta).toMatchObject({ requestId: expect.any(String), generatedAt: expect.any(String) });

    const patched = await http('PATCH', `/v1/users/${userId}`, { token, body: { user_id: userId, job_role: 'Growth lead' } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Ada', jobRole: 'Growth lead' });
    expect(Date.parse(patched.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(got.body.data.updatedAt));

    const again = await http('POST', '/v1/users', { token, body: { userId, email: 'other@example.com' } });
    expect(again.status).toBe(409);
  });

  it('answers 403 when a caller acts as another user, and agent tokens act for their user', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const response = await http('GET', `/v1/users/${bob.userId}`, { token: ada.token });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    const agentToken = await mint(ada.userId, { agent: true });
    expect((await http('GET', `/v1/users/${ada.userId}`, { token: agentToken })).status).toBe(200);
  });

  it('shallow-merges settings preferences and checks the active organization', async () => {
    const { userId, token } = await signUp('Cy');
    const defaults = await http('GET', `/v1/users/${userId}/settings`, { token });
    expect(defaults.body.data).toMatchObject({ userId, activeOrganizationId: null, preferences: {} });

    await http('PATCH', `/v1/users/${userId}/settings`, { token, body: { preferences: { theme: 'dark', density: 'compact' } } });
    const merged = await http('PATCH', `/v1/users/${userId}/settings`, { token, body: { preferences: { density: 'cozy' } } });
    expect(merged.status).toBe(200);
    expect(merged.body.data.preferences).toEqual({ theme: 'dark', density: 'cozy' });

    const orgId = randomUUID();
    const refused = await http('PATCH', `/v1/users/${userId}/settings`, { token, body: { active_organization_id: orgId } });
    expect(refused.status).toBe(403);
    await putMembership({ tenantId: orgId, userId, role: 'viewer' });
    const switched = await http('PATCH', `/v1/users/${userId}/settings`, { token, body: { active_organization_id: orgId } });
    expect(switched.body.data).toMatchObject({ activeOrganizationId: orgId, preferences: { theme: 'dark', density: 'cozy' } });
  });

  it('issues a presigned avatar upload that signs type and length, accepts the upload, and takes the key', async () => {
    const { userId, token } = await signUp('Dee');
    const image = Buffer.from('GIF89a-not-really-an-image');
    const issued = await http('POST', `/v1/users/${userId}/avatar/upload-url`, {
      token,
      body: { contentType: 'image/gif', contentLength: image.length },
    });
    expect(issued.status).toBe(200);
    const { uploadUrl, avatarKey, headers } = issued.body.data;
    const url = new URL(uploadUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    expect(avatarKey).toMatch(new RegExp(`^avatars/${userId}/.+\\.gif$`));

    const put = await fetch(uploadUrl, { method: 'PUT', headers, body: image });
    expect(put.status).toBe(200);
    const stored = await fetch(`${url.origin}/avatars/${avatarKey}`);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(image);

    const patched = await http('PATCH', `/v1/users/${userId}`, { token, body: { avatarKey } });
    expect(patched.body.data.avatarKey).toBe(avatarKey);
    const foreign = await http('PATCH', `/v1/users/${userId}`, { token, body: { avatarKey: `avatars/${randomUUID()}/${randomUUID()}.gif` } });
    expect(foreign.status).toBe(400);

    const svg = await http('POST', `/v1/users/${userId}/avatar/upload-url`, { token, body: { contentType: 'image/svg+xml', contentLength: 10 } });
    expect(svg.status).toBe(400);
    const huge = await http('POST', `/v1/users/${userId}/avatar/upload-url`, { token, body: { contentType: 'image/png', contentLength: 50 * 1024 * 1024 } });
    expect(huge.status).toBe(400);
  });

  it('sends the email-change confirmation to the new address through the outbox', async () => {
    const { userId, token } = await signUp('Eve');
    const newEmail = `eve-new-${userId.slice(0, 8)}@example.com`;
    const requested = await http('POST', `/v1/users/${userId}/change-email`, { token, body: { new_email: newEmail } });
    expect(requested.status).toBe(200);
    const outbox = await http('GET', '/local/outbox');
    const email = outbox.body.items.find((e: { to: string }) => e.to === newEmail);
    expect(email).toMatchObject({ kind: 'email_change', data: { userId, newEmail, token: expect.any(String) } });
  });

  it('lists the members of an organization with name search and paging', async () => {
    const orgId = randomUUID();
    const owner = await signUp('Olga');
    await putMembership({ tenantId: orgId, userId: owner.userId, role: 'owner' });
    for (const name of ['Anna', 'Annabel', 'Zed']) {
      const member = await signUp(name);
      await putMembership({ tenantId: orgId, userId: member.userId, role: 'member' });
    }
    const page = await http('GET', `/v1/users?organization_id=${orgId}&page_index=0&page_size=2&sort_by=name&sort_direction=asc`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(4);
    expect(page.body.items.map((u: { name: string }) => u.name)).toEqual(['Anna', 'Annabel']);
    const search = await http('GET', `/v1/users?organizationId=${orgId}&pageIndex=0&pageSize=10&searchTerm=anna`, { token: owner.token });
    expect(search.body.totalCount).toBe(2);
    const outsider = await signUp('Mallory');
    const refused = await http('GET', `/v1/users?organizationId=${orgId}&pageIndex=0&pageSize=10`, { token: outsider.token });
    expect(refused.status).toBe(403);
  });
});
