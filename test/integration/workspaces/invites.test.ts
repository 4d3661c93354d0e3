/** POST /v1/workspaces/:id/invites: an email invitation, stored and sent through the outbox. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingInvitationsFor } from '../../../shared/db/tenancy/invitations.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, newMember } from './helpers.ts';

let owner: TestUser;
let workspaceId: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  workspaceId = (await createWorkspace(owner, { name: 'Invite Lab' })).id;
});

const invite = (body: Record<string, unknown>, token = owner.token, id = workspaceId) =>
  call('POST', `/v1/workspaces/${id}/invites`, { token, body });

describe('POST /v1/workspaces/:id/invites', () => {
  it('stores the invitation (201) and emails it, naming the workspace as organizationId', async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const res = await invite({ email, role: 'member', workspace_id: workspaceId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      email,
      role: 'member',
      status: 'pending',
      workspaceId,
      organizationId: workspaceId,
      invitedBy: owner.userId,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body._meta.requestId).toBeTypeOf('string');
    const [sent] = await listOutbox(1);
    expect(sent).toMatchObject({
      to: email,
      kind: 'invitation',
      data: { organizationId: workspaceId, role: 'member' },
    });
    expect(sent!.subject).toBe('You have been invited to join an organization');
    expect(sent!.text).toContain('the organization named "Invite Lab" by ');
    expect(await pendingInvitationsFor(email)).toEqual([
      expect.objectContaining({ organizationId: workspaceId, role: 'member' }),
    ]);
  });

  it('renews a pending invitation with the new role and sends it again', async () => {
    const email = `again-${randomUUID()}@example.com`;
    expect((await invite({ email, role: 'viewer' })).status).toBe(201);
    expect((await invite({ email, role: 'owner' })).body.data.role).toBe('owner');
    expect((await listOutbox()).filter((e) => e.to === email)).toHaveLength(2);
    expect(await pendingInvitationsFor(email)).toEqual([expect.objectContaining({ role: 'owner' })]);
  });

  it('validates email and role', async () => {
    const before = (await listOutbox()).length;
    expectProblem(await invite({ email: 'not-an-email', role: 'member' }), 400, 'invalid_input', 'any');
    expectProblem(await invite({ email: `${'a'.repeat(250)}@x.io`, role: 'member' }), 400, 'invalid_input', 'any');
    expectProblem(await invite({ email: 'ok@example.com', role: 'admin' }), 400, 'invalid_input', 'any');
    expectProblem(await invite({ email: 'ok@example.com' }), 400, 'invalid_input', 'any');
    expectProblem(await invite({ role: 'member' }), 400, 'invalid_input', 'any');
    expect((await listOutbox()).length).toBe(before);
  });

  it('is owner-only: 403 to a member, 404 to a non-member or for an unknown workspace; nothing is sent', async () => {
    const before = (await listOutbox()).length;
    const member = await newMember(workspaceId, owner, 'member');
    expectProblem(await invite({ email: 'm@example.com', role: 'viewer' }, member.token), 403, 'forbidden');
    const outsider = await signUp('Outsider');
    expectProblem(await invite({ email: 'o@example.com', role: 'viewer' }, outsider.token), 404, 'not_found');
    expectProblem(
      await invite({ email: 'o@example.com', role: 'viewer' }, owner.token, randomUUID()),
      404,
      'not_found',
    );
    expect((await listOutbox()).length).toBe(before);
  });
});
