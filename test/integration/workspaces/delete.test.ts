/** DELETE /v1/workspaces/:id: owner only, never an agent token; marks deleted and keeps the records. */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, createWorkspace, newMember } from './helpers.ts';

const listIds = async (user: { userId: string; token: string }) => {
  const res = await call('GET', `/v1/workspaces?userId=${user.userId}&pageIndex=0&pageSize=100`, { token: user.token });
  return res.body.items.map((w: { id: string }) => w.id);
};

const stored = async (key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

describe('DELETE /v1/workspaces/:id', () => {
  it('lets the owner delete (200 {id, deleted}); afterwards every route naming it is 404 and no list shows it', async () => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner);
    const member = await newMember(id, owner, 'member');
    const pending = await signUp('Pending');
    await addMember(id, owner, pending, 'viewer', false);
    expect(await listIds(pending)).toContain(id);

    const res = await call('DELETE', `/v1/workspaces/${id}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id, deleted: true });
    expect(res.body._meta.requestId).toBeTypeOf('string');

    const t = owner.token;
    expectProblem(await call('GET', `/v1/workspaces/${id}`, { token: t }), 404, 'not_found');
    expectProblem(await call('PATCH', `/v1/workspaces/${id}`, { token: t, body: { name: 'Back' } }), 404, 'not_found');
    expectProblem(
      await call('GET', `/v1/workspaces/${id}/users?pageIndex=0&pageSize=10`, { token: t }),
      404,
      'not_found',
    );
    expectProblem(
      await call('POST', `/v1/workspaces/${id}/users`, { token: t, body: { userId: member.userId, role: 'viewer' } }),
      404,
      'not_found',
    );
    expectProblem(
      await call('PATCH', `/v1/workspaces/${id}/users/${member.userId}`, { token: t, body: { role: 'viewer' } }),
      404,
      'not_found',
    );
    expectProblem(await call('DELETE', `/v1/workspaces/${id}/users/${member.userId}`, { token: t }), 404, 'not_found');
    expectProblem(
      await call('POST', `/v1/workspaces/${id}/invites`, {
        token: t,
        body: { email: 'x@example.com', role: 'viewer' },
      }),
      404,
      'not_found',
    );
    expectProblem(await call('GET', `/v1/workspaces/${id}`, { token: member.token }), 404, 'not_found');
    for (const user of [owner, member, pending]) expect(await listIds(user)).not.toContain(id);
  });

  it('keeps the records: the tenant item is marked deletedAt and memberships remain', async () => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner);
    const member = await newMember(id, owner, 'member');
    expect((await call('DELETE', `/v1/workspaces/${id}`, { token: owner.token })).status).toBe(200);
    const tenant = await stored(keys.tenant(id));
    expect(tenant).toMatchObject({ id, name: 'Workspace' });
    expect(tenant?.deletedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await stored(keys.tenantAggregate(id))).toBeDefined();
    expect(await stored(keys.membership(id, member.userId))).toMatchObject({ role: 'member', status: 'active' });
    expect((await stored(keys.membership(id, member.userId)))?.deletedAt).toBeUndefined();
  });

  it('answers 404 the second time', async () => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner);
    expect((await call('DELETE', `/v1/workspaces/${id}`, { token: owner.token })).status).toBe(200);
    expectProblem(await call('DELETE', `/v1/workspaces/${id}`, { token: owner.token }), 404, 'not_found');
  });

  it('answers 403 to a member and a viewer, 404 to a non-member or pending member, and keeps the workspace', async () => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner);
    for (const role of ['member', 'viewer'] as const) {
      const user = await newMember(id, owner, role);
      expectProblem(await call('DELETE', `/v1/workspaces/${id}`, { token: user.token }), 403, 'forbidden');
    }
    const outsider = await signUp('Outsider');
    expectProblem(await call('DELETE', `/v1/workspaces/${id}`, { token: outsider.token }), 404, 'not_found');
    const pendingOwner = await signUp('Pending owner');
    await addMember(id, owner, pendingOwner, 'owner', false);
    expectProblem(await call('DELETE', `/v1/workspaces/${id}`, { token: pendingOwner.token }), 404, 'not_found');
    expect((await call('GET', `/v1/workspaces/${id}`, { token: owner.token })).status).toBe(200);
  });

  it("answers 403 to the owner's agent token, which may still update the workspace", async () => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner);
    const agent = tokenFor(owner.userId, { agent: true });
    expectProblem(await call('DELETE', `/v1/workspaces/${id}`, { token: agent }), 403, 'forbidden');
    expect(
      (await call('PATCH', `/v1/workspaces/${id}`, { token: agent, body: { name: 'Agent renamed' } })).body.data.name,
    ).toBe('Agent renamed');
    expect((await call('GET', `/v1/workspaces/${id}`, { token: owner.token })).status).toBe(200);
  });

  it('no longer accepts a deleted workspace as a parent, nor picks it as the default parent', async () => {
    const owner = await signUp('Owner');
    const { id } = await createWorkspace(owner, { name: 'Gone' });
    expect((await call('DELETE', `/v1/workspaces/${id}`, { token: owner.token })).status).toBe(200);
    const named = await call('POST', '/v1/workspaces', {
      token: owner.token,
      body: { userId: owner.userId, name: 'X', organizationId: id },
    });
    expectProblem(named, 403, 'forbidden');
    expect((await createWorkspace(owner, { name: 'Defaulted' })).organizationId).toBeNull();
  });

  it('rejects a malformed id (400) and an unknown one (404)', async () => {
    const owner = await signUp('Owner');
    expectProblem(await call('DELETE', '/v1/workspaces/123', { token: owner.token }), 400, 'invalid_input', 'any');
    expectProblem(await call('DELETE', `/v1/workspaces/${randomUUID()}`, { token: owner.token }), 404, 'not_found');
  });
});
