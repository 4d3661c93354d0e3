/** The workspace member routes: list, add (pending), change role, remove. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, createWorkspace, newMember } from './helpers.ts';

let owner: TestUser;
let workspaceId: string;
const names = ['Alma', 'Bert', 'Cleo'];

beforeAll(async () => {
  owner = await signUp('Zoe Owner');
  workspaceId = (await createWorkspace(owner)).id;
  for (const name of names) await newMember(workspaceId, owner, name === 'Cleo' ? 'viewer' : 'member', name);
  await addMember(workspaceId, owner, await signUp('Pia Pending'), 'member', false);
});

const membersUrl = (query: string, id = workspaceId) => `/v1/workspaces/${id}/users?${query}`;
const add = (body: Record<string, unknown>, token = owner.token) =>
  call('POST', `/v1/workspaces/${workspaceId}/users`, { token, body });
const setRole = (userId: string, role: unknown, token = owner.token) =>
  call('PATCH', `/v1/workspaces/${workspaceId}/users/${userId}`, { token, body: { role } });
const remove = (userId: string, token = owner.token) =>
  call('DELETE', `/v1/workspaces/${workspaceId}/users/${userId}`, { token });

describe('GET /v1/workspaces/:id/users', () => {
  it('lists members with role and membershipStatus (pending included), role facets, sorted and paged', async () => {
    const res = await call('GET', membersUrl('pageIndex=0&pageSize=2&sortBy=name&sortDirection=asc'), {
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(5);
    expect(res.body.items.map((u: { name: string }) => u.name)).toEqual(['Alma', 'Bert']);
    expect(res.body.facets).toEqual({ role: { owner: 1, member: 3, viewer: 1 } });
    const all = await call('GET', membersUrl('page_index=0&page_size=100&search_term=pia'), { token: owner.token });
    expect(all.body.items).toEqual([
      expect.objectContaining({ name: 'Pia Pending', role: 'member', membershipStatus: 'pending' }),
    ]);
    expect(res.body._meta.requestId).toBeTypeOf('string');
  });

  it('validates paging and search', async () => {
    expectProblem(
      await call('GET', membersUrl('pageIndex=0&pageSize=0'), { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(
      await call('GET', membersUrl('pageIndex=0&pageSize=101'), { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
    expect((await call('GET', membersUrl('pageIndex=0&pageSize=100'), { token: owner.token })).body.items).toHaveLength(
      5,
    );
    expect((await call('GET', membersUrl('pageIndex=0&pageSize=1'), { token: owner.token })).body.items).toHaveLength(
      1,
    );
    expectProblem(
      await call('GET', membersUrl('pageIndex=0&pageSize=10&sortBy=role'), { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(
      await call('GET', membersUrl(`pageIndex=0&pageSize=10&searchTerm=${'a'.repeat(201)}`), { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
  });

  it('answers 404 to a non-member naming the workspace, and for an unknown workspace', async () => {
    const outsider = await signUp('Outsider');
    expectProblem(
      await call('GET', membersUrl('pageIndex=0&pageSize=10'), { token: outsider.token }),
      404,
      'not_found',
    );
    expectProblem(
      await call('GET', membersUrl('pageIndex=0&pageSize=10', randomUUID()), { token: owner.token }),
      404,
      'not_found',
    );
  });
});

describe('POST /v1/workspaces/:id/users', () => {
  it('adds an existing user as a pending member (201), sending no email', async () => {
    const user = await signUp('New');
    const outboxBefore = (await listOutbox()).length;
    const res = await add({ user_id: user.userId, role: 'viewer', workspace_id: workspaceId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      workspaceId,
      tenantId: workspaceId,
      userId: user.userId,
      role: 'viewer',
      membershipStatus: 'pending',
      status: 'pending',
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.createdAt).toBeTypeOf('string');
    expect((await listOutbox()).length).toBe(outboxBefore);
  });

  it('answers 404 for a user who has no account, 409 for someone already a member (pending or active)', async () => {
    const missing = await add({ userId: randomUUID(), role: 'member' });
    expectProblem(missing, 404, 'not_found');
    // The same words as the organization route's (organizations/members.test.ts).
    expect(missing.body.detail).toBe('The user was not found.');
    const user = await signUp('Twice');
    expect((await add({ userId: user.userId, role: 'member' })).status).toBe(201);
    expectProblem(await add({ userId: user.userId, role: 'viewer' }), 409, 'conflict');
    expectProblem(await add({ userId: owner.userId, role: 'viewer' }), 409, 'conflict');
  });

  it('validates role and userId', async () => {
    const user = await signUp('Validated');
    for (const role of ['admin', 'OWNER', '', null, undefined]) {
      expectProblem(await add({ userId: user.userId, role }), 400, 'invalid_input', 'any');
    }
    expectProblem(await add({ userId: 'nobody', role: 'viewer' }), 400, 'invalid_input', 'any');
    expectProblem(await add({ role: 'viewer' }), 400, 'invalid_input', 'any');
    expectProblem(await add({ userId: user.userId, role: 'viewer', status: 'active' }), 400, 'invalid_input', [
      { path: 'status', message: 'Unknown field.' },
    ]);
    for (const role of ['owner', 'member'] as const) {
      const u = await signUp(role);
      expect((await add({ userId: u.userId, role })).body.data.role).toBe(role);
    }
  });
});

describe('PATCH /v1/workspaces/:id/users/:userId', () => {
  it("changes a member's role (200, the whole membership) and keeps its status", async () => {
    const user = await newMember(workspaceId, owner, 'viewer', 'Promoted');
    const res = await setRole(user.userId, 'member');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      workspaceId,
      userId: user.userId,
      role: 'member',
      membershipStatus: 'active',
    });
    expect(res.body._meta.requestId).toBeTypeOf('string');
  });

  it('answers 403 to an owner changing their own role, and 404 for a user who is not a member', async () => {
    expectProblem(await setRole(owner.userId, 'viewer'), 403, 'forbidden');
    const stranger = await signUp('Stranger');
    expectProblem(await setRole(stranger.userId, 'viewer'), 404, 'not_found');
    expectProblem(await setRole(randomUUID(), 'viewer'), 404, 'not_found');
  });

  it('validates role', async () => {
    const user = await newMember(workspaceId, owner, 'viewer', 'Roled');
    expectProblem(await setRole(user.userId, 'superuser'), 400, 'invalid_input', 'any');
    expectProblem(await setRole(user.userId, undefined), 400, 'invalid_input', 'any');
  });

  it('lets a second owner demote and then remove the first (the way an owner leaves)', async () => {
    const first = await signUp('First owner');
    const { id } = await createWorkspace(first);
    const second = await newMember(id, first, 'member', 'Second');
    expect(
      (
        await call('PATCH', `/v1/workspaces/${id}/users/${second.userId}`, {
          token: first.token,
          body: { role: 'owner' },
        })
      ).status,
    ).toBe(200);
    const demoted = await call('PATCH', `/v1/workspaces/${id}/users/${first.userId}`, {
      token: second.token,
      body: { role: 'member' },
    });
    expect(demoted.body.data.role).toBe('member');
    expect((await call('DELETE', `/v1/workspaces/${id}/users/${first.userId}`, { token: second.token })).status).toBe(
      200,
    );
    expectProblem(await call('GET', `/v1/workspaces/${id}`, { token: first.token }), 404, 'not_found');
  });
});

describe('DELETE /v1/workspaces/:id/users/:userId', () => {
  it('removes a member (200 {id: userId, deleted: true}); removing again is 404', async () => {
    const user = await newMember(workspaceId, owner, 'member', 'Removed');
    const res = await remove(user.userId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: user.userId, deleted: true });
    expectProblem(await remove(user.userId), 404, 'not_found');
  });

  it('answers 403 to an owner removing themselves, and 404 for a non-member', async () => {
    expectProblem(await remove(owner.userId), 403, 'forbidden');
    expect((await call('GET', `/v1/workspaces/${workspaceId}`, { token: owner.token })).body.data.role).toBe('owner');
    expectProblem(await remove(randomUUID()), 404, 'not_found');
  });

  it('lets a removed user be added again, pending', async () => {
    const user = await newMember(workspaceId, owner, 'member', 'Returning');
    expect((await remove(user.userId)).status).toBe(200);
    const again = await add({ userId: user.userId, role: 'viewer' });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ role: 'viewer', membershipStatus: 'pending' });
  });
});
