/** POST /v1/users, GET and PATCH /v1/users/:id against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';

describe('POST /v1/users', () => {
  it("creates the caller's record with id = userId, timestamps, nulls for absent fields, and no _meta (Form B)", async () => {
    const userId = randomUUID();
    const response = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: 'ada@example.com' }),
      body: { user_id: userId, email: 'Ada@Example.com', name: 'Ada', job_role: 'CMO' },
    });
    expect(response.status).toBe(201);
    expect(response.body._meta).toBeUndefined();
    expect(response.body.data).toEqual({
      id: userId,
      userId,
      email: 'Ada@Example.com',
      name: 'Ada',
      jobRole: 'CMO',
      avatarKey: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
  });

  it('accepts a 255-character name and rejects 256; jobRole 100 and 101', async () => {
    const ok = randomUUID();
    const a = await call('POST', '/v1/users', {
      token: tokenFor(ok, { email: `${ok}@x.io` }),
      body: { userId: ok, email: `${ok}@x.io`, name: 'n'.repeat(255), jobRole: 'j'.repeat(100) },
    });
    expect(a.status).toBe(201);
    const bad = randomUUID();
    const b = await call('POST', '/v1/users', {
      token: tokenFor(bad, { email: `${bad}@x.io` }),
      body: { userId: bad, email: `${bad}@x.io`, name: 'n'.repeat(256) },
    });
    expect(b.status).toBe(400);
    expect(b.body.errors).toEqual([{ path: 'name', message: expect.any(String) }]);
    const c = await call('POST', '/v1/users', {
      token: tokenFor(bad, { email: `${bad}@x.io` }),
      body: { userId: bad, email: `${bad}@x.io`, jobRole: 'j'.repeat(101) },
    });
    expect(c.body.errors.map((e: { path: string }) => e.path)).toEqual(['jobRole']);
  });

  it('rejects a missing or invalid email, a missing userId, and fields a caller may not set', async () => {
    const userId = randomUUID();
    const token = tokenFor(userId);
    const noEmail = await call('POST', '/v1/users', { token, body: { userId } });
    expect(noEmail.body.errors.map((e: { path: string }) => e.path)).toEqual(['email']);
    expect((await call('POST', '/v1/users', { token, body: { userId, email: 'not-an-email' } })).status).toBe(400);
    expect((await call('POST', '/v1/users', { token, body: { email: 'a@b.io' } })).status).toBe(400);
    const extra = await call('POST', '/v1/users', {
      token,
      body: { userId, email: 'a@b.io', createdAt: '2020-01-01T00:00:00Z', avatarKey: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'createdAt', message: 'Unknown field.' },
        { path: 'avatarKey', message: 'Unknown field.' },
      ]),
    );
    expect((await call('GET', `/v1/users/${userId}`, { token })).status).toBe(404);
  });

  it("refuses to create another person's record (403) and a second record for the same user (409)", async () => {
    const me = await signUp();
    const other = randomUUID();
    const forOther = await call('POST', '/v1/users', {
      token: me.token,
      body: { userId: other, email: `${other}@x.io` },
    });
    expect(forOther.status).toBe(403);
    const again = await call('POST', '/v1/users', { token: me.token, body: { userId: me.userId, email: me.email } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
  });

  it('takes only the email the token vouches for: another address, or none vouched for, is 403 and creates nothing', async () => {
    const userId = randomUUID();
    const vouched = `${userId}@example.com`;
    const other = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: vouched }),
      body: { userId, email: `x-${vouched}` },
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('forbidden');
    const unverified = tokenFor(userId, { email: vouched, claims: { email_verified: false } });
    const refused = await call('POST', '/v1/users', { token: unverified, body: { userId, email: vouched } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/vouches for no email address/);
    expect(
      (await call('POST', '/v1/users', { token: tokenFor(userId), body: { userId, email: vouched } })).status,
    ).toBe(403);
    expect((await call('GET', `/v1/users/${userId}`, { token: tokenFor(userId) })).status).toBe(404);
  });

  it('keeps email addresses unique, case-insensitively', async () => {
    const first = await signUp();
    const userId = randomUUID();
    const response = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: first.email.toUpperCase() }),
      body: { userId, email: first.email.toUpperCase() },
    });
    expect(response.status).toBe(409);
    expect((await call('GET', `/v1/users/${userId}`, { token: tokenFor(userId) })).status).toBe(404);
  });
});

describe('GET /v1/users/:id', () => {
  it("returns 404 for a caller without a record and 403 for someone else's id", async () => {
    const nobody = randomUUID();
    expect((await call('GET', `/v1/users/${nobody}`, { token: tokenFor(nobody) })).status).toBe(404);
    const me = await signUp();
    const other = await signUp();
    expect((await call('GET', `/v1/users/${other.userId}`, { token: me.token })).status).toBe(403);
  });

  it('rejects a path id that is not a UUID with 400', async () => {
    const me = await signUp();
    const response = await call('GET', '/v1/users/not-a-uuid', { token: me.token });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('id');
  });
});

describe('PATCH /v1/users/:id', () => {
  it('changes only the fields sent and returns the whole record', async () => {
    const me = await signUp('Before');
    const response = await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { jobRole: 'Analyst' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ name: 'Before', jobRole: 'Analyst', email: me.email });
    const cleared = await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { jobRole: null } });
    expect(cleared.body.data.jobRole).toBeNull();
  });

  it('enforces name 1-255 on update', async () => {
    const me = await signUp();
    expect((await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { name: '' } })).status).toBe(400);
    expect(
      (await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { name: 'x'.repeat(256) } })).status,
    ).toBe(400);
    expect(
      (await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { name: 'x'.repeat(255) } })).status,
    ).toBe(200);
  });

  it('changes no email at once: a code goes to the new address, the same way whether or not it is taken', async () => {
    const me = await signUp();
    const other = await signUp();
    const free = `moved-${randomUUID()}@example.com`;
    for (const email of [other.email, free]) {
      const response = await call('PATCH', `/v1/users/${me.userId}`, {
        token: me.token,
        body: { email, name: 'Renamed' },
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ email: me.email, name: 'Renamed' });
      expect((await listOutbox()).filter((e) => e.to === email && e.kind === 'email_change')).toHaveLength(1);
    }
    // The current address, in any case, is no change: nothing is sent.
    const before = (await listOutbox()).length;
    expect(
      (await call('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { email: me.email.toUpperCase() } }))
        .status,
    ).toBe(200);
    expect((await listOutbox()).length).toBe(before);
    // The address stays claimed by its account until a confirmed change moves it.
    const late = randomUUID();
    const reuse = await call('POST', '/v1/users', {
      token: tokenFor(late, { email: me.email }),
      body: { userId: late, email: me.email },
    });
    expect(reuse.status).toBe(409);
  });

  it('rejects a repeated path id with a different value, and accepts it when equal', async () => {
    const me = await signUp();
    const other = randomUUID();
    const differing = await call('PATCH', `/v1/users/${me.userId}`, {
      token: me.token,
      body: { user_id: other, name: 'X' },
    });
    expect(differing.status).toBe(400);
    expect(differing.body.errors[0].path).toBe('userId');
    const equal = await call('PATCH', `/v1/users/${me.userId}`, {
      token: me.token,
      body: { user_id: me.userId, name: 'X' },
    });
    expect(equal.status).toBe(200);
  });

  it('returns 404 when the caller has no record', async () => {
    const nobody = randomUUID();
    const response = await call('PATCH', `/v1/users/${nobody}`, { token: tokenFor(nobody), body: { name: 'Ghost' } });
    expect(response.status).toBe(404);
  });
});
