/**
 * GET and PATCH /v1/workspaces/:id: read by any member; renamed or given an avatar by members and
 * owners, its currency and timezone changed by owners only (docs/decisions.md: they change every report).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, createWorkspace, newMember, ZERO_METRICS } from './helpers.ts';

let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let workspaceId: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  workspaceId = (await createWorkspace(owner, { name: 'Studio', currency: 'GBP' })).id;
  member = await newMember(workspaceId, owner, 'member');
  viewer = await newMember(workspaceId, owner, 'viewer');
});

const patch = (body: Record<string, unknown>, token = member.token) =>
  call('PATCH', `/v1/workspaces/${workspaceId}`, { token, body });

describe('GET /v1/workspaces/:id', () => {
  it("returns the workspace with the caller's role and its stored metrics to any member", async () => {
    const res = await call('GET', `/v1/workspaces/${workspaceId}`, { token: viewer.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: workspaceId,
      name: 'Studio',
      currency: 'GBP',
      organizationId: null,
      role: 'viewer',
      membershipStatus: 'active',
      metrics: ZERO_METRICS,
    });
    expect(res.body._meta.requestId).toBeTypeOf('string');
  });

  it('answers 404 to a non-member and to a pending member, and for an unknown id (existence not leaked)', async () => {
    const outsider = await signUp('Outsider');
    expectProblem(await call('GET', `/v1/workspaces/${workspaceId}`, { token: outsider.token }), 404, 'not_found');
    const pending = await signUp('Pending');
    await addMember(workspaceId, owner, pending, 'member', false);
    expectProblem(await call('GET', `/v1/workspaces/${workspaceId}`, { token: pending.token }), 404, 'not_found');
    expectProblem(await call('GET', `/v1/workspaces/${randomUUID()}`, { token: owner.token }), 404, 'not_found');
  });

  it('accepts the path id repeated as workspace_id, and rejects a different one or a malformed id', async () => {
    expect(
      (await call('GET', `/v1/workspaces/${workspaceId}?workspace_id=${workspaceId}`, { token: owner.token })).status,
    ).toBe(200);
    expectProblem(
      await call('GET', `/v1/workspaces/${workspaceId}?workspace_id=${randomUUID()}`, { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(await call('GET', '/v1/workspaces/not-a-uuid', { token: owner.token }), 400, 'invalid_input', 'any');
  });
});

describe('PATCH /v1/workspaces/:id', () => {
  it('lets the owner change name, timezone and currency; answers the whole record, and the change is stored', async () => {
    const res = await patch({ name: 'Studio Two', ianaTimezone: 'Asia/Tokyo', currency: 'JPY' }, owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: workspaceId,
      name: 'Studio Two',
      ianaTimezone: 'Asia/Tokyo',
      currency: 'JPY',
      createdBy: owner.userId,
      role: 'owner',
      membershipStatus: 'active',
      metrics: ZERO_METRICS,
    });
    expect(res.body.data.updatedAt > res.body.data.createdAt).toBe(true);
    const read = await call('GET', `/v1/workspaces/${workspaceId}`, { token: member.token });
    expect(read.body.data).toMatchObject({ name: 'Studio Two', ianaTimezone: 'Asia/Tokyo', currency: 'JPY' });
  });

  it('lets a member rename the workspace and change its avatar', async () => {
    const avatarKey = `tenants/${workspaceId}/avatar/${randomUUID()}.png`;
    const res = await patch({ name: 'Studio by member', avatarKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Studio by member', avatarKey, role: 'member' });
    expect((await patch({ name: 'Studio Two', avatarKey: null })).status).toBe(200);
  });

  it("refuses a member's change of currency or timezone, even sent with a name: 403, nothing written", async () => {
    const before = (await call('GET', `/v1/workspaces/${workspaceId}`, { token: owner.token })).body.data;
    for (const body of [
      { currency: 'EUR' },
      { ianaTimezone: 'Europe/Paris' },
      { ianaTimezone: null },
      { name: 'Renamed with currency', currency: 'EUR' },
      { name: 'Renamed with timezone', avatarKey: null, ianaTimezone: 'UTC' },
      { iana_timezone: 'UTC' },
    ]) {
      expectProblem(await patch(body), 403, 'forbidden');
    }
    const after = (await call('GET', `/v1/workspaces/${workspaceId}`, { token: owner.token })).body.data;
    expect(after).toEqual(before);
  });

  it("refuses a member's change of currency or timezone on the organization route too (owner-only there)", async () => {
    expectProblem(
      await call('PATCH', `/v1/organizations/${workspaceId}`, { token: member.token, body: { currency: 'EUR' } }),
      403,
      'forbidden',
    );
    expectProblem(
      await call('PATCH', `/v1/organizations/${workspaceId}`, { token: member.token, body: { name: 'X' } }),
      403,
      'forbidden',
    );
  });

  it('changes only the fields sent; null clears the timezone', async () => {
    await patch({ ianaTimezone: 'UTC' }, owner.token);
    const res = await patch({ ianaTimezone: null }, owner.token);
    expect(res.body.data).toMatchObject({ ianaTimezone: null, currency: 'JPY', name: 'Studio Two' });
  });

  it('accepts name at 255 characters and rejects 256 and empty', async () => {
    expect((await patch({ name: 'w'.repeat(255) })).body.data.name).toBe('w'.repeat(255));
    expectProblem(await patch({ name: 'w'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ name: '' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ name: null }), 400, 'invalid_input', 'any');
  });

  it('sets an avatarKey of this workspace and removes it with null; rejects keys of other workspaces or users', async () => {
    const key = `tenants/${workspaceId}/avatar/${randomUUID()}.png`;
    expect((await patch({ avatar_key: key })).body.data.avatarKey).toBe(key);
    expect((await patch({ avatarKey: null })).body.data.avatarKey).toBeNull();
    const invalid = [
      `tenants/${randomUUID()}/avatar/${randomUUID()}.png`,
      `avatars/${member.userId}/${randomUUID()}.png`,
      `tenants/${workspaceId}/avatar/${randomUUID()}.exe`,
      `tenants/${workspaceId}/avatar/../../x.png`,
    ];
    for (const avatarKey of invalid) {
      expectProblem(await patch({ avatarKey }), 400, 'invalid_input', [
        { path: 'avatarKey', message: 'Not an avatar key of this workspace.' },
      ]);
    }
  });

  it('validates enum values and rejects fields a caller may not set', async () => {
    expectProblem(await patch({ currency: 'usd' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ currency: null }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ ianaTimezone: 'Europe/Madrid' }), 400, 'invalid_input', 'any');
    for (const field of ['organizationId', 'createdBy', 'id', 'isDemo']) {
      expectProblem(await patch({ [field]: randomUUID() }), 400, 'invalid_input', 'any');
    }
    expect((await patch({ currency: 'SGD' }, owner.token)).body.data.currency).toBe('SGD');
  });

  it('answers 403 to a viewer and 404 to a non-member; nothing changes', async () => {
    const before = (await call('GET', `/v1/workspaces/${workspaceId}`, { token: owner.token })).body.data;
    expectProblem(await patch({ name: 'By viewer' }, viewer.token), 403, 'forbidden');
    const outsider = await signUp('Outsider');
    expectProblem(await patch({ name: 'By outsider' }, outsider.token), 404, 'not_found');
    const after = (await call('GET', `/v1/workspaces/${workspaceId}`, { token: owner.token })).body.data;
    expect(after).toEqual(before);
  });
});
