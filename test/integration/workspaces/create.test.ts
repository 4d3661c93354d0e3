/** POST /v1/workspaces: the caller becomes owner; the parent organization is one the caller owns. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getMembership } from '../../../shared/db/tenancy/memberships.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, createWorkspace, newMember, ZERO_METRICS } from './helpers.ts';

const create = (user: TestUser, body: Record<string, unknown>) =>
  call('POST', '/v1/workspaces', { token: user.token, body: { userId: user.userId, ...body } });

describe('POST /v1/workspaces', () => {
  it('creates a workspace (201) whose creator is its active owner', async () => {
    const me = await signUp();
    const res = await create(me, { name: '  Launch  ', ianaTimezone: 'Europe/Berlin', currency: 'EUR' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Launch',
      organizationId: null,
      ianaTimezone: 'Europe/Berlin',
      currency: 'EUR',
      avatarKey: null,
      createdBy: me.userId,
      role: 'owner',
      membershipStatus: 'active',
      metrics: ZERO_METRICS,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.createdAt).toBe(res.body.data.updatedAt);
    expect(res.body._meta.requestId).toBeTypeOf('string');
    expect(await getMembership(res.body.data.id, me.userId)).toMatchObject({ role: 'owner', status: 'active' });
    const read = await call('GET', `/v1/workspaces/${res.body.data.id}`, { token: me.token });
    expect(read.body.data).toMatchObject({ id: res.body.data.id, name: 'Launch', role: 'owner' });
  });

  it('defaults timezone to null and currency to USD', async () => {
    const me = await signUp();
    expect((await create(me, { name: 'Plain' })).body.data).toMatchObject({ ianaTimezone: null, currency: 'USD' });
  });

  it('files the workspace under the organization named, when the caller owns it', async () => {
    const me = await signUp();
    const parent = await createWorkspace(me, { name: 'Parent', organizationId: null });
    const res = await create(me, { name: 'Child', organization_id: parent.id });
    expect(res.status).toBe(201);
    expect(res.body.data.organizationId).toBe(parent.id);
  });

  it('defaults the parent to the first organization the caller owns (oldest membership), skipping non-owned ones and child workspaces', async () => {
    const me = await signUp();
    const stranger = await signUp();
    // Joined first, but as a member: not a candidate.
    const joinedAsMember = await createWorkspace(stranger, { name: 'Stranger org' });
    await addMember(joinedAsMember.id, stranger, me, 'member');
    // Owned first, but it is a workspace inside another organization: not an organization itself.
    const strangersChild = await createWorkspace(stranger, {
      name: 'Child of stranger',
      organizationId: joinedAsMember.id,
    });
    await addMember(strangersChild.id, stranger, me, 'owner');
    const first = await createWorkspace(me, { name: 'First', organizationId: null });
    await createWorkspace(me, { name: 'Second', organizationId: null });
    const res = await create(me, { name: 'Defaulted' });
    expect(res.status).toBe(201);
    expect(res.body.data.organizationId).toBe(first.id);
  });

  it('creates a top-level workspace when the caller owns no organization, or asks for none with null', async () => {
    const me = await signUp();
    const first = await create(me, { name: 'Alone' });
    expect(first.body.data.organizationId).toBeNull();
    const explicit = await create(me, { name: 'Also alone', organizationId: null });
    expect(explicit.body.data.organizationId).toBeNull();
  });

  it("answers 403 for a parent the caller does not own: another's, one where the caller is member or pending, or one that does not exist", async () => {
    const me = await signUp();
    const owner = await signUp();
    const foreign = await createWorkspace(owner, { name: 'Foreign' });
    expectProblem(await create(me, { name: 'X', organizationId: foreign.id }), 403, 'forbidden');
    const asMember = await createWorkspace(owner, { name: 'As member' });
    const member = await newMember(asMember.id, owner, 'member');
    expectProblem(await create(member, { name: 'X', organizationId: asMember.id }), 403, 'forbidden');
    const pendingOwner = await signUp();
    await addMember(asMember.id, owner, pendingOwner, 'owner', false);
    expectProblem(await create(pendingOwner, { name: 'X', organizationId: asMember.id }), 403, 'forbidden');
    expectProblem(await create(me, { name: 'X', organizationId: randomUUID() }), 403, 'forbidden');
  });

  it('answers 403 when creating for another userId', async () => {
    const me = await signUp();
    const other = await signUp();
    expectProblem(
      await call('POST', '/v1/workspaces', { token: me.token, body: { userId: other.userId, name: 'X' } }),
      403,
      'forbidden',
    );
  });

  it('validates name (1-255 after trimming), timezone, currency and unknown fields', async () => {
    const me = await signUp();
    expect((await create(me, { name: 'n'.repeat(255) })).status).toBe(201);
    expectProblem(await create(me, { name: 'n'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: '' }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: '   ' }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, {}), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: 'X', ianaTimezone: 'Mars/Olympus' }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: 'X', currency: 'BTC' }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: 'X', currency: null }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: 'X', organizationId: 'not-a-uuid' }), 400, 'invalid_input', 'any');
    expectProblem(await create(me, { name: 'X', isDemo: true }), 400, 'invalid_input', [
      { path: 'isDemo', message: 'Unknown field.' },
    ]);
    expect((await create(me, { name: 'X', ianaTimezone: null, currency: 'JPY' })).body.data).toMatchObject({
      ianaTimezone: null,
      currency: 'JPY',
    });
  });
});
