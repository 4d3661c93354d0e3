/** POST /v1/users/:id/avatar/upload-url, /change-email and /confirm-email-change against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { MAX_AVATAR_BYTES } from '../../../shared/domain/avatars.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
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
      expect(response.body.data).toMatchObject({
        method: 'PUT',
        headers: { 'content-type': contentType, 'content-length': '1' },
      });
    }
    expect(
      (
        await call('POST', url, {
          token: me.token,
          body: { contentType: 'image/png', contentLength: MAX_AVATAR_BYTES },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('POST', url, {
          token: me.token,
          body: { contentType: 'image/png', contentLength: MAX_AVATAR_BYTES + 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', url, { token: me.token, body: { contentType: 'image/png', contentLength: 0 } })).status,
    ).toBe(400);
    expect(
      (await call('POST', url, { token: me.token, body: { contentType: 'image/png', contentLength: 1.5 } })).status,
    ).toBe(400);
    expect(
      (await call('POST', url, { token: me.token, body: { contentType: 'text/html', contentLength: 10 } })).status,
    ).toBe(400);
    expect((await call('POST', url, { token: me.token, body: { contentType: 'image/png' } })).status).toBe(400);
  });

  it('signs content type and length into the URL with a short expiry', async () => {
    const me = await signUp();
    const response = await call('POST', `/v1/users/${me.userId}/avatar/upload-url`, {
      token: me.token,
      body: { contentType: 'image/png', contentLength: 1234 },
    });
    const signed = new URL(response.body.data.uploadUrl);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-type', 'content-length']),
    );
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(signed.pathname).toContain(response.body.data.avatarKey);
  });

  it('answers 404 without a user record and 403 for another user', async () => {
    const nobody = randomUUID();
    const body = { contentType: 'image/png', contentLength: 10 };
    expect(
      (await call('POST', `/v1/users/${nobody}/avatar/upload-url`, { token: tokenFor(nobody), body })).status,
    ).toBe(404);
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
    expect(emails[0]).toMatchObject({
      kind: 'email_change',
      data: { userId: me.userId, newEmail, token: expect.any(String) },
    });
    // The account keeps its address until the change is confirmed.
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.email).toBe(me.email);
  });

  it('answers an address of another account as a free one (no enumeration); refuses the current address (400) and a malformed one (400), sending nothing', async () => {
    const me = await signUp();
    const other = await signUp();
    const taken = await call('POST', `/v1/users/${me.userId}/change-email`, {
      token: me.token,
      body: { newEmail: other.email },
    });
    const free = await call('POST', `/v1/users/${me.userId}/change-email`, {
      token: me.token,
      body: { newEmail: `free-${randomUUID()}@example.com` },
    });
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(free.body.data).sort());
    expect(taken.body.data.status).toBe(free.body.data.status);
    const before = (await listOutbox()).length;
    expect(
      (
        await call('POST', `/v1/users/${me.userId}/change-email`, {
          token: me.token,
          body: { newEmail: me.email.toUpperCase() },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail: 'nope' } }))
        .status,
    ).toBe(400);
    expect((await listOutbox()).length).toBe(before);
  });
});

describe('POST /v1/users/:id/confirm-email-change', () => {
  const requestChange = async (me: { userId: string; token: string }, newEmail: string) => {
    expect(
      (await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail } })).status,
    ).toBe(200);
    return (await listOutbox()).find((e) => e.to === newEmail && e.kind === 'email_change')!.data.token as string;
  };
  const confirm = (me: { userId: string; token: string }, code: string) =>
    call('POST', `/v1/users/${me.userId}/confirm-email-change`, { token: me.token, body: { code } });

  it('applies the change once and moves the uniqueness claim: the new address is taken, the old one free', async () => {
    const me = await signUp();
    const newEmail = `new-${randomUUID()}@example.com`;
    const code = await requestChange(me, newEmail);
    const confirmed = await confirm(me, code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body._meta).toBeUndefined();
    expect(confirmed.body.data).toMatchObject({ id: me.userId, email: newEmail });
    expect((await confirm(me, code)).status).toBe(403);

    const late = randomUUID();
    const taken = await call('POST', '/v1/users', {
      token: tokenFor(late, { email: newEmail }),
      body: { userId: late, email: newEmail },
    });
    expect(taken.status).toBe(409);
    const freed = await call('POST', '/v1/users', {
      token: tokenFor(late, { email: me.email }),
      body: { userId: late, email: me.email },
    });
    expect(freed.status).toBe(201);
  });

  it('refuses an expired code (403) and changes nothing', async () => {
    const me = await signUp();
    const code = await requestChange(me, `late-${randomUUID()}@example.com`);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.emailChange(me.userId),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const res = await confirm(me, code);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.email).toBe(me.email);
  });

  it('refuses a code when no change was requested (403)', async () => {
    const me = await signUp();
    expect((await confirm(me, randomUUID())).status).toBe(403);
  });
});
