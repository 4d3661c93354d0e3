/** POST /v1/users/:id/avatar/upload-url and /change-email against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '../../../shared/domain/avatars.ts';
import { listOutbox } from '../../../shared/db/outbox.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';

describe('POST /v1/users/:id/avatar/upload-url', () => {
  it('signs a PUT for the four image types up to the size cap, and nothing else', async () => {
    const me = await signUp();
    const url = `/v1/users/${me.userId}/avatar/upload-url`;
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      const response = await call('POST', url, { token: me.token, body: { contentType, contentLength: 1 } });
      expect(response.status, contentType).toBe(200);
      expect(response.body._meta).toBeUndefined();
      expect(response.body.data).toMatchObject({ method: 'PUT', headers: { 'content-type': contentType, 'content-length': '1' } });
    }
    expect((await call('POST', url, { token: me.token, body: { contentType: 'image/png', contentLength: MAX_AVATAR_BYTES } })).status).toBe(200);
    expect((await call('POST', url, { token: me.token, body: { contentType: 'image/png', contentLength: MAX_AVATAR_BYTES + 1 } })).status).toBe(400);
    expect((await call('POST', url, { token: me.token, body: { contentType: 'image/png', contentLength: 0 } })).status).toBe(400);
    expect((await call('POST', url, { token: me.token, body: { contentType: 'image/png', contentLength: 1.5 } })).status).toBe(400);
    expect((await call('POST', url, { token: me.token, body: { contentType: 'text/html', contentLength: 10 } })).status).toBe(400);
    expect((await call('POST', url, { token: me.token, body: { contentType: 'image/png' } })).status).toBe(400);
  });

  it('signs content type and length into the URL with a short expiry', async () => {
    const me = await signUp();
    const response = await call('POST', `/v1/users/${me.userId}/avatar/upload-url`, { token: me.token, body: { contentType: 'image/png', contentLength: 1234 } });
    const signed = new URL(response.body.data.uploadUrl);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length']));
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(signed.pathname).toContain(response.body.data.avatarKey);
  });

  it('answers 404 without a user record and 403 for another user', async () => {
    const nobody = randomUUID();
    const body = { contentType: 'image/png', contentLength: 10 };
    expect((await call('POST', `/v1/users/${nobody}/avatar/upload-url`, { token: tokenFor(nobody), body })).status).toBe(404);
    const me = await signUp();
    expect((await call('POST', `/v1/users/${nobody}/avatar/upload-url`, { token: me.token, body })).status).toBe(403);
  });
});

describe('POST /v1/users/:id/change-email', () => {
  it('stores the request and puts one confirmation email for the new address in the outbox', async () => {
    const me = await signUp();
    const newEmail = `new-${randomUUID()}@example.com`;
    const response = await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ userId: me.userId, newEmail, status: 'confirmation_sent' });
    const emails = (await listOutbox()).filter((e) => e.to === newEmail);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'email_change', data: { userId: me.userId, newEmail, token: expect.any(String) } });
    // The account keeps its address until the change is confirmed.
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.email).toBe(me.email);
  });

  it('refuses an address of another account (409), the current address (400) and a malformed one (400), sending nothing', async () => {
    const me = await signUp();
    const other = await signUp();
    const before = (await listOutbox()).length;
    expect((await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail: other.email } })).status).toBe(409);
    expect((await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail: me.email.toUpperCase() } })).status).toBe(400);
    expect((await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail: 'nope' } })).status).toBe(400);
    expect((await listOutbox()).length).toBe(before);
  });
});
