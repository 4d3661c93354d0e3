/**
 * Role matrix of the workspace routes: a viewer reads, a member also updates the workspace, only an
 * owner deletes it and manages members and invitations; a pending member and a non-member get 404
 * from every route that names the workspace in its path. Each case gets a fresh workspace.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember, createWorkspace, newMember } from './helpers.ts';

type Caller = 'viewer' | 'member' | 'owner' | 'pending' | 'outsider';
type Request = { method: string; url: string; body?: Record<string, unknown> };

/** Each route's request, given the workspace and its owner (targets of member routes are made fresh). */
const requests: Record<string, (id: string, owner: TestUser) => Promise<Request>> = {
  'GET /v1/workspaces/:id': async (id) => ({ method: 'GET', url: `/v1/workspaces/${id}` }),
  'PATCH /v1/workspaces/:id': async (id) => ({
    method: 'PATCH',
    url: `/v1/workspaces/${id}`,
    body: { name: 'Renamed' },
  }),
  'DELETE /v1/workspaces/:id': async (id) => ({ method: 'DELETE', url: `/v1/workspaces/${id}` }),
  'GET /v1/workspaces/:id/users': async (id) => ({
    method: 'GET',
    url: `/v1/workspaces/${id}/users?pageIndex=0&pageSize=10`,
  }),
  'POST /v1/workspaces/:id/users': async (id) => ({
    method: 'POST',
    url: `/v1/workspaces/${id}/users`,
    body: { userId: (await signUp('Target')).userId, role: 'viewer' },
  }),
  'PATCH /v1/workspaces/:id/users/:userId': async (id, owner) => ({
    method: 'PATCH',
    url: `/v1/workspaces/${id}/users/${(await newMember(id, owner, 'viewer', 'Target')).userId}`,
    body: { role: 'member' },
  }),
  'DELETE /v1/workspaces/:id/users/:userId': async (id, owner) => ({
    method: 'DELETE',
    url: `/v1/workspaces/${id}/users/${(await newMember(id, owner, 'viewer', 'Target')).userId}`,
  }),
  'POST /v1/workspaces/:id/invites': async (id) => ({
    method: 'POST',
    url: `/v1/workspaces/${id}/invites`,
    body: { email: `${randomUUID()}@example.com`, role: 'viewer' },
  }),
};

const expected: Record<string, Record<Caller, number>> = {
  'GET /v1/workspaces/:id': { viewer: 200, member: 200, owner: 200, pending: 404, outsider: 404 },
  'PATCH /v1/workspaces/:id': { viewer: 403, member: 200, owner: 200, pending: 404, outsider: 404 },
  'DELETE /v1/workspaces/:id': { viewer: 403, member: 403, owner: 200, pending: 404, outsider: 404 },
  'GET /v1/workspaces/:id/users': { viewer: 200, member: 200, owner: 200, pending: 404, outsider: 404 },
  'POST /v1/workspaces/:id/users': { viewer: 403, member: 403, owner: 201, pending: 404, outsider: 404 },
  'PATCH /v1/workspaces/:id/users/:userId': { viewer: 403, member: 403, owner: 200, pending: 404, outsider: 404 },
  'DELETE /v1/workspaces/:id/users/:userId': { viewer: 403, member: 403, owner: 200, pending: 404, outsider: 404 },
  'POST /v1/workspaces/:id/invites': { viewer: 403, member: 403, owner: 201, pending: 404, outsider: 404 },
};

async function callerOf(kind: Caller, workspaceId: string, owner: TestUser): Promise<TestUser> {
  if (kind === 'owner') return owner;
  if (kind === 'viewer' || kind === 'member') return newMember(workspaceId, owner, kind);
  const user = await signUp(kind);
  if (kind === 'pending') await addMember(workspaceId, owner, user, 'owner', false);
  return user;
}

const cases = Object.entries(expected).flatMap(([route, byCaller]) =>
  Object.entries(byCaller).map(([caller, status]) => ({ route, caller: caller as Caller, status })),
);

describe('workspace role matrix', () => {
  it.each(cases)('$route as $caller answers $status', async ({ route, caller, status }) => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner);
    const who = await callerOf(caller, id, owner);
    const request = await requests[route]!(id, owner);
    const res = await call(request.method, request.url, { token: who.token, body: request.body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status >= 400) expect(res.body.code).toBe({ 403: 'forbidden', 404: 'not_found' }[status]);
    else expect(res.body.data ?? res.body.items).toBeDefined();
  });

  it('covers every tenant-scoped workspace route', () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(expected).sort());
    expect(Object.keys(expected)).toHaveLength(8);
  });
});
