/** The member routes of /v1/organizations/:id/users against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTenantCounts } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, newOrganization, organizationsOf } from './helpers.ts';

const members = (orgId: string, query: string, token: string) =>
  call('GET', `/v1/organizations/${orgId}/users?${query}`, { token });
const changeRole = (orgId: string, userId: string, role: unknown, token: string) =>
  call('PATCH', `/v1/organizations/${orgId}/users/${userId}`, { token, body: { role } });
const remove = (orgId: string, userId: string, token: string) =>
  call('DELETE', `/v1/organizations/${orgId}/users/${userId}`, { token });

describe('GET /v1/organizations/:id/users', () => {
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: string;

  beforeAll(async () => {
    owner = await signUp('Zoe Owner');
    orgId = await newOrganization(owner);
    for (const name of ['Alma', 'Bert', 'Cleo']) await addMember(orgId, owner, await signUp(name), 'member');
    viewer = await signUp('Dana Viewer');
    await addMember(orgId, owner, viewer, 'viewer');
    // A user of another organization never shows up.
    await newOrganization(await signUp('Alma Elsewhere'));
  });

  it('pages the members with an exact totalCount, roles and role facets (snake_case paging)', async () => {
    const first = await members(orgId, 'page_index=0&page_size=3&sort_by=name&sort_direction=asc', viewer.token);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(5);
    expect(first.body.items.map((u: { name: string }) => u.name)).toEqual(['Alma', 'Bert', 'Cleo']);
    const second = await members(orgId, 'page_index=1&page_size=3&sort_by=name&sort_direction=asc', viewer.token);
    expect(second.body.items.map((u: { name: string; role: string }) => [u.name, u.role])).toEqual([
      ['Dana Viewer', 'viewer'],
      ['Zoe Owner', 'owner'],
    ]);
    expect(first.body.facets).toEqual({ role: { owner: 1, member: 3, viewer: 1 } });
    expect(first.body.items[0]).toMatchObject({ membershipStatus: 'active', email: expect.any(String) });
    expect(first.body._meta.requestId).toBeTypeOf('string');
  });

  it('searches by name, case-insensitively, counting only matches', async () => {
    const res = await members(orgId, 'pageIndex=0&pageSize=10&searchTerm=ALM', owner.token);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.items.map((u: { name: string }) => u.name)).toEqual(['Alma']);
  });

  it('validates paging and search, and answers 404 to non-members', async () => {
    expectProblem(await members(orgId, 'pageIndex=0&pageSize=101', owner.token), 400, 'invalid_input', 'any');
    expectProblem(
      await members(orgId, `pageIndex=0&pageSize=10&searchTerm=${'a'.repeat(201)}`, owner.token),
      400,
      'invalid_input',
      'any',
    );
    expect((await members(orgId, `pageIndex=0&pageSize=10&searchTerm=${'a'.repeat(200)}`, owner.token)).status).toBe(
      200,
    );
    expectProblem(await members(orgId, 'pageIndex=0&pageSize=10', (await signUp()).token), 404, 'not_found');
  });
});

describe('POST /v1/organizations/:id/users', () => {
  it('adds an existing user, active at once (201, the membership record)', async () => {
    const owner = await signUp();
    const user = await signUp();
    const orgId = await newOrganization(owner);
    const res = await call('POST', `/v1/organizations/${orgId}/users`, {
      token: owner.token,
      body: { user_id: user.userId, role: 'member', organization_id: orgId },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      organizationId: orgId,
      userId: user.userId,
      role: 'member',
      status: 'active',
      membershipStatus: 'active',
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await organizationsOf(user)).map((o) => [o.id, o.role, o.membershipStatus])).toEqual([
      [orgId, 'member', 'active'],
    ]);
    expect((await call('GET', `/v1/organizations/${orgId}`, { token: user.token })).status).toBe(200);
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 2, ownerCount: 1 });
  });

  it('answers 404 for a user that does not exist, 409 for an existing member, 400 for a bad role', async () => {
    const owner = await signUp();
    const user = await signUp();
    const orgId = await newOrganization(owner);
    const add = (body: Record<string, unknown>) =>
      call('POST', `/v1/organizations/${orgId}/users`, { token: owner.token, body });
    const missing = await add({ userId: randomUUID(), role: 'member' });
    expectProblem(missing, 404, 'not_found');
    // The same words as the workspace route's (workspaces/members.test.ts).
    expect(missing.body.detail).toBe('The user was not found.');
    expect((await add({ userId: user.userId, role: 'viewer' })).status).toBe(201);
    expectProblem(await add({ userId: user.userId, role: 'owner' }), 409, 'conflict');
    expectProblem(await add({ userId: owner.userId, role: 'member' }), 409, 'conflict');
    expectProblem(await add({ userId: user.userId, role: 'admin' }), 400, 'invalid_input', 'any');
    expectProblem(await add({ userId: user.userId }), 400, 'invalid_input', 'any');
  });

  it('is owner only: 403 for members and viewers, 404 for non-members', async () => {
    const owner = await signUp();
    const member = await signUp();
    const viewer = await signUp();
    const target = await signUp();
    const orgId = await newOrganization(owner);
    await addMember(orgId, owner, member, 'member');
    await addMember(orgId, owner, viewer, 'viewer');
    const add = (token: string) =>
      call('POST', `/v1/organizations/${orgId}/users`, { token, body: { userId: target.userId, role: 'owner' } });
    expectProblem(await add(member.token), 403, 'forbidden');
    expectProblem(await add(viewer.token), 403, 'forbidden');
    expectProblem(await add(target.token), 404, 'not_found');
    expect(await organizationsOf(target)).toEqual([]);
  });
});

describe('PATCH and DELETE /v1/organizations/:id/users/:userId', () => {
  it("changes a member's role (200, the membership) and removes a member (200 {id: userId, deleted: true})", async () => {
    const owner = await signUp();
    const user = await signUp();
    const orgId = await newOrganization(owner);
    await addMember(orgId, owner, user, 'viewer');
    const changed = await changeRole(orgId, user.userId, 'member', owner.token);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      organizationId: orgId,
      userId: user.userId,
      role: 'member',
      status: 'active',
    });
    expect((await organizationsOf(user))[0]).toMatchObject({ id: orgId, role: 'member' });
    const removed = await remove(orgId, user.userId, owner.token);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: user.userId, deleted: true });
    expect(await organizationsOf(user)).toEqual([]);
    expectProblem(await call('GET', `/v1/organizations/${orgId}`, { token: user.token }), 404, 'not_found');
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 1, ownerCount: 1 });
    // The account is kept: the user can be added again.
    await addMember(orgId, owner, user, 'viewer');
  });

  it('answers 404 for a user who is not a member, and 400 for a bad role', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const orgId = await newOrganization(owner);
    expectProblem(await changeRole(orgId, stranger.userId, 'member', owner.token), 404, 'not_found');
    expectProblem(await remove(orgId, stranger.userId, owner.token), 404, 'not_found');
    expectProblem(await changeRole(orgId, stranger.userId, 'superuser', owner.token), 400, 'invalid_input', 'any');
  });

  it('forbids an owner to change their own role or remove themselves (403), even with another owner', async () => {
    const owner = await signUp();
    const second = await signUp();
    const orgId = await newOrganization(owner);
    await addMember(orgId, owner, second, 'owner');
    expectProblem(await changeRole(orgId, owner.userId, 'member', owner.token), 403, 'forbidden');
    expectProblem(await remove(orgId, owner.userId, owner.token), 403, 'forbidden');
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 2, ownerCount: 2 });
  });

  it('lets an owner demote or remove the other owner while two exist; the one left is then the last owner', async () => {
    const a = await signUp();
    const b = await signUp();
    const c = await signUp();
    const orgId = await newOrganization(a);
    await addMember(orgId, a, b, 'owner');
    await addMember(orgId, a, c, 'owner');
    expect((await changeRole(orgId, b.userId, 'member', a.token)).status).toBe(200);
    expect((await remove(orgId, c.userId, a.token)).status).toBe(200);
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 2, ownerCount: 1 });
    // B is no longer an owner, so cannot touch A; A cannot demote or remove themselves.
    expectProblem(await changeRole(orgId, a.userId, 'member', b.token), 403, 'forbidden');
    expectProblem(await remove(orgId, a.userId, b.token), 403, 'forbidden');
    expectProblem(await changeRole(orgId, a.userId, 'viewer', a.token), 403, 'forbidden');
    const listed = await members(orgId, 'pageIndex=0&pageSize=10', a.token);
    expect(listed.body.facets).toEqual({ role: { owner: 1, member: 1 } });
  });

  it('keeps an owner when two owners demote and remove each other at once: never both succeed', async () => {
    const a = await signUp();
    const b = await signUp();
    const orgId = await newOrganization(a);
    await addMember(orgId, a, b, 'owner');
    const results = await Promise.all([
      changeRole(orgId, b.userId, 'member', a.token),
      remove(orgId, a.userId, b.token),
    ]);
    // The loser is refused by the owner counter (409), or, when the winner finished before its
    // authorization ran, as a non-member (404, A removed) or a non-owner (403, B demoted).
    const [won, lost] = [...results].sort((x, y) => x.status - y.status);
    expect(won!.status).toBe(200);
    expect([403, 404, 409]).toContain(lost!.status);
    expect((await getTenantCounts([orgId])).get(orgId)?.ownerCount).toBe(1);
  });

  it('is owner only: 403 for members and viewers, 404 for non-members', async () => {
    const owner = await signUp();
    const member = await signUp();
    const viewer = await signUp();
    const outsider = await signUp();
    const orgId = await newOrganization(owner);
    await addMember(orgId, owner, member, 'member');
    await addMember(orgId, owner, viewer, 'viewer');
    for (const caller of [member, viewer]) {
      expectProblem(
        await changeRole(orgId, viewer.userId === caller.userId ? member.userId : viewer.userId, 'owner', caller.token),
        403,
        'forbidden',
      );
      expectProblem(await remove(orgId, owner.userId, caller.token), 403, 'forbidden');
    }
    expectProblem(await changeRole(orgId, member.userId, 'owner', outsider.token), 404, 'not_found');
    expectProblem(await remove(orgId, member.userId, outsider.token), 404, 'not_found');
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 3, ownerCount: 1 });
  });
});
