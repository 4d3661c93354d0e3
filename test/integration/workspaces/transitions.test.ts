/**
 * The "States and transitions" rows of docs/spec/interface.md for workspace memberships: added -> pending
 * (sees the workspace and its metrics in the list, nothing else), accepted -> access, role change
 * keeps the state, removal marks deleted and revokes access; none of them sends a notification.
 * (The Workspace delete row is in delete.test.ts.)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { activateMembership } from '../../../shared/db/tenancy/memberships.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { NotFoundError } from '../../../shared/domain/errors.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, ZERO_METRICS } from './helpers.ts';

let owner: TestUser;
let recipient: TestUser;
let workspaceId: string;
let outboxBefore: number;

beforeEach(async () => {
  owner = await signUp('Owner');
  recipient = await signUp('Recipient');
  workspaceId = (await createWorkspace(owner, { name: 'Shared', currency: 'AUD' })).id;
  outboxBefore = (await listOutbox()).length;
});

const addRecipient = (role = 'member') =>
  call('POST', `/v1/workspaces/${workspaceId}/users`, { token: owner.token, body: { userId: recipient.userId, role } });

const recipientsListItem = async () => {
  const res = await call('GET', `/v1/workspaces?userId=${recipient.userId}&pageIndex=0&pageSize=100`, {
    token: recipient.token,
  });
  expect(res.status).toBe(200);
  return res.body.items.find((w: { id: string }) => w.id === workspaceId);
};

/** Whether the recipient can read the workspace and its members (both named in the path: 404 when not). */
const recipientReads = async () => [
  (await call('GET', `/v1/workspaces/${workspaceId}`, { token: recipient.token })).status,
  (await call('GET', `/v1/workspaces/${workspaceId}/users?pageIndex=0&pageSize=10`, { token: recipient.token })).status,
];

describe('workspace membership states', () => {
  it('added by the owner: pending; the recipient sees the workspace, zero metrics and membershipStatus pending in the list, and has no other access', async () => {
    expect((await addRecipient()).body.data.membershipStatus).toBe('pending');
    expect(await recipientsListItem()).toMatchObject({
      id: workspaceId,
      name: 'Shared',
      currency: 'AUD',
      role: 'member',
      membershipStatus: 'pending',
      metrics: ZERO_METRICS,
    });
    expect(await recipientReads()).toEqual([404, 404]);
    expectProblem(
      await call('PATCH', `/v1/workspaces/${workspaceId}`, { token: recipient.token, body: { name: 'Mine now' } }),
      404,
      'not_found',
    );
    expect((await listOutbox()).length).toBe(outboxBefore);
  });

  it('a user without an account cannot be added, and none is created', async () => {
    const ghost = randomUUID();
    const res = await call('POST', `/v1/workspaces/${workspaceId}/users`, {
      token: owner.token,
      body: { userId: ghost, role: 'member' },
    });
    expectProblem(res, 404, 'not_found');
    expect(
      (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.user(ghost) }))).Item,
    ).toBeUndefined();
  });

  it('accepted by the recipient: role-based access is granted and the list shows it active', async () => {
    await addRecipient('member');
    await activateMembership(workspaceId, recipient.userId);
    expect(await recipientReads()).toEqual([200, 200]);
    expect(
      (await call('PATCH', `/v1/workspaces/${workspaceId}`, { token: recipient.token, body: { name: 'Renamed' } }))
        .status,
    ).toBe(200);
    expect(await recipientsListItem()).toMatchObject({ role: 'member', membershipStatus: 'active', name: 'Renamed' });
  });

  it('role change on a pending member keeps it pending, without notification', async () => {
    await addRecipient('viewer');
    const res = await call('PATCH', `/v1/workspaces/${workspaceId}/users/${recipient.userId}`, {
      token: owner.token,
      body: { role: 'member' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'member', membershipStatus: 'pending' });
    expect(await recipientsListItem()).toMatchObject({ role: 'member', membershipStatus: 'pending' });
    expect(await recipientReads()).toEqual([404, 404]);
    expect((await listOutbox()).length).toBe(outboxBefore);
  });

  it('role change on an accepted member keeps it active and changes what it may do', async () => {
    await addRecipient('member');
    await activateMembership(workspaceId, recipient.userId);
    await call('PATCH', `/v1/workspaces/${workspaceId}/users/${recipient.userId}`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect(await recipientsListItem()).toMatchObject({ role: 'viewer', membershipStatus: 'active' });
    expectProblem(
      await call('PATCH', `/v1/workspaces/${workspaceId}`, { token: recipient.token, body: { name: 'No' } }),
      403,
      'forbidden',
    );
  });

  it('removal marks the membership deleted, keeps the account, revokes access, without notification', async () => {
    await addRecipient('member');
    await activateMembership(workspaceId, recipient.userId);
    const res = await call('DELETE', `/v1/workspaces/${workspaceId}/users/${recipient.userId}`, { token: owner.token });
    expect(res.body.data).toEqual({ id: recipient.userId, deleted: true });
    const stored = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.membership(workspaceId, recipient.userId) }),
    );
    expect(stored.Item).toMatchObject({ userId: recipient.userId, role: 'member' });
    expect(stored.Item?.deletedAt).toBeTypeOf('string');
    expect((await call('GET', `/v1/users/${recipient.userId}`, { token: recipient.token })).status).toBe(200);
    expect(await recipientReads()).toEqual([404, 404]);
    expect(await recipientsListItem()).toBeUndefined();
    const members = await call('GET', `/v1/workspaces/${workspaceId}/users?pageIndex=0&pageSize=10`, {
      token: owner.token,
    });
    expect(members.body.items.map((u: { id: string }) => u.id)).toEqual([owner.userId]);
    expect((await listOutbox()).length).toBe(outboxBefore);
  });

  it("removal of a pending member withdraws the workspace from the recipient's list; it can no longer be accepted", async () => {
    await addRecipient('viewer');
    expect(
      (await call('DELETE', `/v1/workspaces/${workspaceId}/users/${recipient.userId}`, { token: owner.token })).status,
    ).toBe(200);
    expect(await recipientsListItem()).toBeUndefined();
    await expect(activateMembership(workspaceId, recipient.userId)).rejects.toBeInstanceOf(NotFoundError);
  });
});
