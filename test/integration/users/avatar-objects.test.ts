/**
 * Avatar objects do not outlive the profile that names them. The client uploads under `uploads/`
 * (which the bucket's lifecycle rule expires); setting `avatarKey` copies the upload to the key and
 * deletes the upload, and with nothing uploaded is a 400 that changes nothing. Replacing
 * `avatarKey` (with a new key or null) removes the previous image once the profile names the new
 * one, a failed removal does not fail the update, S3 unreachable while setting one is a 429 that
 * changes nothing, an update failing after the copy removes the copy, and deleting the account
 * removes its avatar.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { avatarUploadKey } from '../../../shared/domain/avatars.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { call } from '../../support/call.ts';
import { s3Endpoint, standInS3, useS3 } from '../../support/s3.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { deleteReleasedObjects, releasedObjects } from '../../../shared/db/storage/index.ts';

useS3();

/** Uploads an image through the presigned PUT the service issues; returns its avatar key and the bytes. */
async function uploadAvatar(user: TestUser): Promise<{ avatarKey: string; image: Buffer }> {
  const image = Buffer.from(`GIF89a-${Math.random()}`);
  const issued = await call('POST', `/v1/users/${user.userId}/avatar/upload-url`, {
    token: user.token,
    body: { contentType: 'image/gif', contentLength: image.length },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const put = await fetch(issued.body.data.uploadUrl, {
    method: 'PUT',
    headers: issued.body.data.headers,
    body: image,
  });
  expect(put.status).toBe(200);
  return { avatarKey: issued.body.data.avatarKey as string, image };
}

/** An object of the avatars bucket as the emulator serves it. */
async function stored(key: string): Promise<{ status: number; contentType: string | null; body: Buffer }> {
  const res = await fetch(`${s3Endpoint()}/avatars/${key}`);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** S3's answer to a CopyObject that succeeded. */
const copyResult = () =>
  `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"stand-in"</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`;

const objectStatus = async (key: string) => (await stored(key)).status;

const setAvatar = (user: TestUser, avatarKey: string | null) =>
  call('PATCH', `/v1/users/${user.userId}`, { token: user.token, body: { avatarKey } });
/** A user whose profile names the image `first`, with `second` uploaded but not set yet. */
async function avatarThenUpload(): Promise<{ me: TestUser; first: string; second: string }> {
  const me = await signUp();
  const { avatarKey: first } = await uploadAvatar(me);
  expect((await setAvatar(me, first)).status).toBe(200);
  const { avatarKey: second } = await uploadAvatar(me);
  return { me, first, second };
}

const profile = async (user: TestUser) =>
  (await call('GET', `/v1/users/${user.userId}`, { token: user.token })).body.data;

describe('avatar objects', () => {
  it('takes the upload under uploads/, and moves it to the avatar key when the profile sets it', async () => {
    const me = await signUp();
    const { avatarKey, image } = await uploadAvatar(me);
    expect(avatarKey).toMatch(new RegExp(`^avatars/${me.userId}/`));
    expect(await stored(avatarUploadKey(avatarKey))).toMatchObject({ status: 200, body: image });
    expect(await objectStatus(avatarKey)).toBe(404);

    const res = await setAvatar(me, avatarKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.avatarKey).toBe(avatarKey);
    expect(await stored(avatarKey)).toMatchObject({ status: 200, contentType: 'image/gif', body: image });
    expect(await objectStatus(avatarUploadKey(avatarKey))).toBe(404);
  });

  it('answers 400 on avatarKey when nothing was uploaded for the key, and changes nothing of the request', async () => {
    const me = await signUp();
    const { avatarKey: current } = await uploadAvatar(me);
    await setAvatar(me, current);
    const issued = await call('POST', `/v1/users/${me.userId}/avatar/upload-url`, {
      token: me.token,
      body: { contentType: 'image/png', contentLength: 10 },
    });
    const neverUploaded: string = issued.body.data.avatarKey;
    const newEmail = `new-${randomUUID()}@example.com`;

    const res = await call('PATCH', `/v1/users/${me.userId}`, {
      token: me.token,
      body: { avatarKey: neverUploaded, name: 'Renamed', email: newEmail },
    });
    expectProblem(res, 400, 'invalid_input', [
      { path: 'avatarKey', message: 'Nothing was uploaded for this key, or its upload expired.' },
    ]);
    expect(res.body.detail).toMatch(/^Upload the image/);
    expect(await profile(me)).toMatchObject({ avatarKey: current, name: 'Test User' });
    expect((await listOutbox()).map((m) => m.to)).not.toContain(newEmail);
    expect(await objectStatus(current)).toBe(200);
    expect(await objectStatus(neverUploaded)).toBe(404);
  });

  it('answers 400 for an avatar replaced since: its image is gone and cannot be set again', async () => {
    const { me, first, second } = await avatarThenUpload();
    await setAvatar(me, second);
    expectProblem(await setAvatar(me, first), 400, 'invalid_input', 'any');
    expect((await profile(me)).avatarKey).toBe(second);
  });

  it('removes the previous image when a new avatarKey replaces it, and the last one when avatarKey becomes null', async () => {
    const me = await signUp();
    const { avatarKey: first } = await uploadAvatar(me);
    expect((await setAvatar(me, first)).body.data.avatarKey).toBe(first);
    expect(await objectStatus(first)).toBe(200);

    const { avatarKey: second } = await uploadAvatar(me);
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
    const { avatarKey } = await uploadAvatar(me);
    await setAvatar(me, avatarKey);
    expect((await setAvatar(me, avatarKey)).status).toBe(200);
    expect(
      (await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { jobRole: 'Editor' } })).status,
    ).toBe(200);
    expect(await objectStatus(avatarKey)).toBe(200);
  });

  it('answers 429 rate_limited when S3 is unreachable while setting an avatar: nothing changes, and the same PATCH succeeds later', async () => {
    const { me, first, second } = await avatarThenUpload();
    process.env.S3_ENDPOINT = 'http://127.0.0.1:9'; // nothing listens: the copy cannot be made
    const res = await call('PATCH', `/v1/users/${me.userId}`, {
      token: me.token,
      body: { avatarKey: second, jobRole: 'Painter' },
    });
    expectProblem(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBe('1');
    process.env.S3_ENDPOINT = s3Endpoint();

    expect(await profile(me)).toMatchObject({ avatarKey: first, jobRole: null });
    expect(await objectStatus(first)).toBe(200);
    expect(await objectStatus(avatarUploadKey(second))).toBe(200);
    const retried = await call('PATCH', `/v1/users/${me.userId}`, {
      token: me.token,
      body: { avatarKey: second, jobRole: 'Painter' },
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ avatarKey: second, jobRole: 'Painter' });
    expect(await objectStatus(second)).toBe(200);
    expect(await objectStatus(first)).toBe(404);
  });

  it("takes S3's 403 to the copy (its answer for a missing source to a caller without s3:ListBucket) as nothing uploaded: 400", async () => {
    const me = await signUp();
    const { avatarKey } = await uploadAvatar(me);
    const { requests } = await standInS3(() => ({ status: 403, code: 'AccessDenied' }));
    expectProblem(await setAvatar(me, avatarKey), 400, 'invalid_input', 'any');
    expect(requests).toEqual([`PUT /avatars/${avatarKey}`]);
    expect((await profile(me)).avatarKey).toBeNull();
  });

  it('answers 200 with the new key when the old image and the upload cannot be removed (the failures are only logged)', async () => {
    const { me, first, second } = await avatarThenUpload();
    const { requests } = await standInS3((_n, { method }) =>
      method === 'PUT' ? { status: 200, body: copyResult() } : { status: 403, code: 'AccessDenied' },
    );
    const res = await setAvatar(me, second);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.avatarKey).toBe(second);
    expect(requests).toEqual([
      `PUT /avatars/${second}`,
      `DELETE /avatars/${avatarUploadKey(second)}`,
      `DELETE /avatars/${first}`,
    ]);
    expect((await profile(me)).avatarKey).toBe(second);
    expect(await objectStatus(first)).toBe(200);
  });

  it('removes the copy again when the profile update fails after it, and keeps the upload for a retry', async () => {
    const me = await signUp();
    const { avatarKey } = await uploadAvatar(me);
    const table = process.env.TABLE_NAME;
    // The copy "succeeds", and the table then disappears from under the update that follows it.
    const { requests } = await standInS3((_n, { method }) => {
      if (method === 'PUT') process.env.TABLE_NAME = `missing-${randomUUID()}`;
      return method === 'PUT' ? { status: 200, body: copyResult() } : { status: 204 };
    });
    try {
      expect((await setAvatar(me, avatarKey)).status).toBe(500);
    } finally {
      process.env.TABLE_NAME = table;
    }
    expect(requests).toEqual([`PUT /avatars/${avatarKey}`, `DELETE /avatars/${avatarKey}`]);
    expect((await profile(me)).avatarKey).toBeNull();
  });

  it('releases the avatar image when the account is deleted, and the object sweep deletes it', async () => {
    const me = await signUp();
    const { avatarKey } = await uploadAvatar(me);
    await setAvatar(me, avatarKey);
    const res = await call('DELETE', `/v1/users/${me.userId}`, { token: me.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Released in the same transaction that clears the profile.
    expect((await releasedObjects()).filter((o) => o.objectKey === avatarKey)).toEqual([
      expect.objectContaining({ bucket: 'avatars', objectKey: avatarKey }),
    ]);
    expect(await deleteReleasedObjects()).toMatchObject({ failed: 0 });
    expect(await objectStatus(avatarKey)).toBe(404);
    expect(await releasedObjects()).toEqual([]);
  });
});
