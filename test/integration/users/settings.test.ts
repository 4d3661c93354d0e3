/** GET and PATCH /v1/users/:id/settings against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { putMembership } from '../../support/memberships.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';

describe('user settings', () => {
  it('returns defaults before anything is saved, with _meta (both forms)', async () => {
    const me = await signUp();
    const response = await call('GET', `/v1/users/${me.userId}/settings`, { token: me.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: me.userId,
      userId: me.userId,
      activeOrganizationId: null,
      preferences: {},
    });
    expect(response.body._meta.requestId).toBeTypeOf('string');
  });

  it('shallow-merges preferences: nested objects are replaced, other keys kept', async () => {
    const me = await signUp();
    await call('PATCH', `/v1/users/${me.userId}/settings`, {
      token: me.token,
      body: { preferences: { table: { cols: ['a'] }, theme: 'dark' } },
    });
    const second = await call('PATCH', `/v1/users/${me.userId}/settings`, {
      token: me.token,
      body: { preferences: { table: { rows: 5 } } },
    });
    expect(second.body.data.preferences).toEqual({ table: { rows: 5 }, theme: 'dark' });
    const read = await call('GET', `/v1/users/${me.userId}/settings`, { token: me.token });
    expect(read.body.data.preferences).toEqual({ table: { rows: 5 }, theme: 'dark' });
  });

  it('loses no update when two PATCHes race', async () => {
    const me = await signUp();
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((key) =>
        call('PATCH', `/v1/users/${me.userId}/settings`, { token: me.token, body: { preferences: { [key]: true } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const read = await call('GET', `/v1/users/${me.userId}/settings`, { token: me.token });
    expect(read.body.data.preferences).toEqual({ a: true, b: true, c: true, d: true });
  });

  it('sets the active organization only to one the caller is an active member of', async () => {
    const me = await signUp();
    const mine = randomUUID();
    const pending = randomUUID();
    await putMembership({ tenantId: mine, userId: me.userId, role: 'viewer' });
    await putMembership({ tenantId: pending, userId: me.userId, role: 'member', status: 'pending' });
    expect(
      (
        await call('PATCH', `/v1/users/${me.userId}/settings`, {
          token: me.token,
          body: { activeOrganizationId: randomUUID() },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('PATCH', `/v1/users/${me.userId}/settings`, {
          token: me.token,
          body: { activeOrganizationId: pending },
        })
      ).status,
    ).toBe(403);
    const ok = await call('PATCH', `/v1/users/${me.userId}/settings`, {
      token: me.token,
      body: { activeOrganizationId: mine },
    });
    expect(ok.body.data.activeOrganizationId).toBe(mine);
    const cleared = await call('PATCH', `/v1/users/${me.userId}/settings`, {
      token: me.token,
      body: { activeOrganizationId: null },
    });
    expect(cleared.body.data.activeOrganizationId).toBeNull();
  });

  it("rejects preferences that are not an object or exceed 32 KiB, and other users' settings", async () => {
    const me = await signUp();
    const other = await signUp();
    expect(
      (await call('PATCH', `/v1/users/${me.userId}/settings`, { token: me.token, body: { preferences: ['x'] } }))
        .status,
    ).toBe(400);
    const big = { blob: 'x'.repeat(33 * 1024) };
    expect(
      (await call('PATCH', `/v1/users/${me.userId}/settings`, { token: me.token, body: { preferences: big } })).status,
    ).toBe(400);
    expect((await call('GET', `/v1/users/${other.userId}/settings`, { token: me.token })).status).toBe(403);
    expect(
      (await call('PATCH', `/v1/users/${other.userId}/settings`, { token: me.token, body: { preferences: {} } }))
        .status,
    ).toBe(403);
  });
});
