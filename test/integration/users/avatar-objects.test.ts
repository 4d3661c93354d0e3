/**
 * Avatar objects do not outlive the profile that names them: replacing `avatarKey` (with a new
 * key or null) removes the previous image from the avatars bucket once the profile names the new
 * one, a failed removal does not fail the update, and deleting the account removes its avatar.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { s3Endpoint, useS3 } from '../../support/s3.ts';
import { signUp, type TestUser } from '../../support/users.ts';

useS3();

/** Uploads an image through the presigned PUT the service issues; returns its avatar key. */
async function uploadAvatar(user: TestUser): Promise<string> {
  const image = Buffer.from(`GIF89a-${Math.random()}`);
  const issued = await call('POST', `/v1/users/${user.userId}/avatar/upload-url`, {
    token: user.token,
    body: { contentType: 'image/gif', contentLength: image.length },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const put = await fetch(issued.body.data.uploadUrl, { method: 'PUT', headers: issued.body.data.headers, body: image });
  expect(put.status).toBe(200);
  return issued.body.data.avatarKey as string;
}

/** The emulator's status for an object of the avatars bucket: 200 stored, 404 gone. */
async function objectStatus(avatarKey: string): Promise<number> {
  const res = await fetch(`${s3Endpoint()}/avatars/${avatarKey}`);
  await res.arrayBuffer();
  return res.status;
}

const setAvatar = (user: TestUser, avatarKey: string | null) => call('PATCH', `/v1/users/${user.userId}`, { token: user.token, body: { avatarKey } });

describe('avatar objects', () => {
  it('removes the previous image when a new avatarKey replaces it, and the last one when avatarKey becomes null', async () => {
    const me = await signUp();
    const first = await uploadAvatar(me);
    expect((await setAvatar(me, first)).body.data.avatarKey).toBe(first);
    expect(await objectStatus(first)).toBe(200);

    const second = await uploadAvatar(me);
    const replaced = await setAvatar(me, second);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.avatarKey).toBe(second);
    expect(await objectStatus(first)).toBe(404);
    expect(await objectStatus(second)).toBe(200);

    const removed = await setAvatar(me, null);
    expect(removed.status).toBe(200);
    expect(removed.body.data.avatarKey).toBeNull();
    expect(await objectStatus(second)).toBe(404);
  });

  it('keeps the image when the same key is sent again or another field changes', async () => {
    const me = await signUp();
    const key = await uploadAvatar(me);
    await setAvatar(me, key);
    expect((await setAvatar(me, key)).status).toBe(200);
    expect((await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { jobRole: 'Editor' } })).status).toBe(200);
    expect(await objectStatus(key)).toBe(200);
  });

  it('answers 200 with the new key when the old image cannot be removed (the failure is only logged)', async () => {
    const me = await signUp();
    const first = await uploadAvatar(me);
    await setAvatar(me, first);
    const second = await uploadAvatar(me);
    const endpoint = process.env.S3_ENDPOINT;
    process.env.S3_ENDPOINT = 'http://127.0.0.1:9'; // nothing listens: the delete fails
    try {
      const res = await setAvatar(me, second);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.avatarKey).toBe(second);
    } finally {
      process.env.S3_ENDPOINT = endpoint;
    }
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.avatarKey).toBe(second);
    expect(await objectStatus(first)).toBe(200);
  });

  it('removes the avatar image when the account is deleted', async () => {
    const me = await signUp();
    const key = await uploadAvatar(me);
    await setAvatar(me, key);
    const res = await call('DELETE', `/v1/users/${me.userId}`, { token: me.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await objectStatus(key)).toBe(404);
  });
});
