/** POST, GET and PATCH of /v1/creators: field limits, partial updates, roles and tenant isolation. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, newMember } from '../workspaces/helpers.ts';
import { createCreator } from './helpers.ts';

let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let workspaceId: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  workspaceId = (await createWorkspace(owner, { name: 'Studio' })).id;
  member = await newMember(workspaceId, owner, 'member');
  viewer = await newMember(workspaceId, owner, 'viewer');
});

const post = (body: Record<string, unknown>, token = member.token) =>
  call('POST', '/v1/creators', { token, body: { workspaceId, name: 'Ada', ...body } });

describe('POST /v1/creators', () => {
  it('creates a creator with every field, answers 201 with the record and counts it in the workspace', async () => {
    const before = (await getTenantAggregate(workspaceId)).creatorsCount;
    const res = await post({
      name: '  Ada Lovelace ',
      email: 'ada@example.com',
      role: 'person',
      country: 'gb',
      notes: 'Met at a fair',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      workspaceId,
      organizationId: workspaceId,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'person',
      country: 'GB',
      notes: 'Met at a fair',
      isOwnBrand: false,
      activitiesCount: 0,
      totalFollowersCount: 0,
      spend: {},
      socialAccounts: [],
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.createdAt).toBe(res.body.data.updatedAt);
    expect(res.body._meta.requestId).toBeTypeOf('string');
    expect((await getTenantAggregate(workspaceId)).creatorsCount).toBe(before + 1);
  });

  it('names the tenant field this route takes when organizationId is sent, in any spelling (docs/decisions.md "Inputs")', async () => {
    const hint = 'Unknown field: this route names the tenant `workspaceId`.';
    expectProblem(await post({ organizationId: workspaceId }), 400, 'invalid_input', [
      { path: 'organizationId', message: hint },
    ]);
    expectProblem(await post({ organization_id: workspaceId }), 400, 'invalid_input', [
      { path: 'organization_id', message: hint },
    ]);
  });

  it('takes name alone, the other fields null', async () => {
    const res = await post({ name: 'Solo' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Solo', email: null, role: null, country: null, notes: null });
  });

  it('accepts name of 1 and 255 characters and rejects empty and 256', async () => {
    expect((await post({ name: 'x' })).status).toBe(201);
    expect((await post({ name: 'n'.repeat(255) })).body.data.name).toHaveLength(255);
    expectProblem(await post({ name: '' }), 400, 'invalid_input', 'any');
    expectProblem(await post({ name: '   ' }), 400, 'invalid_input', 'any');
    expectProblem(await post({ name: 'n'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(
      await call('POST', '/v1/creators', { token: member.token, body: { workspaceId } }),
      400,
      'invalid_input',
      'any',
    );
  });

  it('accepts notes of 2000 characters and rejects 2001', async () => {
    expect((await post({ notes: 'a'.repeat(2000) })).status).toBe(201);
    expectProblem(await post({ notes: 'a'.repeat(2001) }), 400, 'invalid_input', 'any');
  });

  it('accepts a two-letter country in either case and rejects GBR and G1', async () => {
    expect((await post({ country: 'GB' })).body.data.country).toBe('GB');
    expect((await post({ country: 'de' })).body.data.country).toBe('DE');
    expectProblem(await post({ country: 'GBR' }), 400, 'invalid_input', 'any');
    expectProblem(await post({ country: 'G1' }), 400, 'invalid_input', 'any');
    expectProblem(await post({ country: 'G' }), 400, 'invalid_input', 'any');
  });

  it('accepts the three roles and rejects own_brand and unknown roles', async () => {
    for (const role of ['person', 'community', 'brand_partner'])
      expect((await post({ role })).body.data.role).toBe(role);
    expectProblem(await post({ role: 'own_brand' }), 400, 'invalid_input', 'any');
    expectProblem(await post({ role: 'celebrity' }), 400, 'invalid_input', 'any');
  });

  it('rejects an invalid email and unknown fields such as isOwnBrand', async () => {
    expectProblem(await post({ email: 'not-an-email' }), 400, 'invalid_input', 'any');
    expectProblem(await post({ isOwnBrand: true }), 400, 'invalid_input', 'any');
  });

  it('lets members and owners create, not viewers (403), and answers 403 for a workspace the caller is not in', async () => {
    expect((await post({}, owner.token)).status).toBe(201);
    expectProblem(await post({}, viewer.token), 403, 'forbidden');
    const outsider = await signUp('Outsider');
    expectProblem(await post({}, outsider.token), 403, 'forbidden');
  });
});

describe('GET /v1/creators/:id', () => {
  it('returns the creator with its social accounts to any member, viewers included', async () => {
    const creator = await createCreator(member, workspaceId, { name: 'Grace', role: 'community' });
    const res = await call('GET', `/v1/creators/${creator.id}`, { token: viewer.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ...creator, socialAccounts: [] });
  });

  it("answers 404 for an unknown id and for another workspace's creator, and 403 when naming that workspace", async () => {
    const creator = await createCreator(member, workspaceId);
    const stranger = await signUp('Stranger');
    const theirs = (await createWorkspace(stranger, { name: 'Theirs' })).id;
    expectProblem(await call('GET', `/v1/creators/${creator.id}`, { token: stranger.token }), 404, 'not_found');
    expectProblem(await call('GET', `/v1/creators/${randomUUID()}`, { token: member.token }), 404, 'not_found');
    expectProblem(
      await call('PATCH', `/v1/creators/${creator.id}`, { token: stranger.token, body: { name: 'Mine' } }),
      404,
      'not_found',
    );
    expectProblem(await call('DELETE', `/v1/creators/${creator.id}`, { token: stranger.token }), 404, 'not_found');
    expectProblem(
      await call('GET', `/v1/creators?workspaceId=${workspaceId}&pageIndex=0&pageSize=10`, { token: stranger.token }),
      403,
      'forbidden',
    );
    expectProblem(
      await call('POST', '/v1/creators', { token: member.token, body: { workspaceId: theirs, name: 'X' } }),
      403,
      'forbidden',
    );
    expect((await call('GET', `/v1/creators/${creator.id}`, { token: member.token })).body.data.name).toBe('Creator');
  });
});

describe('PATCH /v1/creators/:id', () => {
  it('changes only the fields sent and answers the whole record', async () => {
    const creator = await createCreator(member, workspaceId, {
      name: 'Before',
      email: 'b@example.com',
      role: 'person',
      country: 'FR',
    });
    const res = await call('PATCH', `/v1/creators/${creator.id}`, {
      token: member.token,
      body: { name: 'After', country: 'it', notes: null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: creator.id,
      name: 'After',
      email: 'b@example.com',
      role: 'person',
      country: 'IT',
      notes: null,
      socialAccounts: [],
    });
    expect(res.body.data.updatedAt >= creator.updatedAt).toBe(true);
    expect(res.body.data.createdAt).toBe(creator.createdAt);
    const read = await call('GET', `/v1/creators/${creator.id}`, { token: viewer.token });
    expect(read.body.data).toMatchObject({ name: 'After', country: 'IT' });
  });

  it('clears email, role and country with null', async () => {
    const creator = await createCreator(member, workspaceId, {
      email: 'c@example.com',
      role: 'brand_partner',
      country: 'US',
    });
    const res = await call('PATCH', `/v1/creators/${creator.id}`, {
      token: member.token,
      body: { email: null, role: null, country: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: null, role: null, country: null });
  });

  it('applies the limits of create and rejects fields a caller may not set', async () => {
    const creator = await createCreator(member, workspaceId);
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', `/v1/creators/${creator.id}`, { token: member.token, body });
    expect((await patch({ name: 'n'.repeat(255) })).status).toBe(200);
    expectProblem(await patch({ name: 'n'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ name: '' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ name: null }), 400, 'invalid_input', 'any');
    expect((await patch({ notes: 'a'.repeat(2000) })).status).toBe(200);
    expectProblem(await patch({ notes: 'a'.repeat(2001) }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ country: 'GBR' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ role: 'own_brand' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ workspaceId }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ id: randomUUID() }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ activitiesCount: 5 }), 400, 'invalid_input', 'any');
    expectProblem(
      await call('PATCH', `/v1/creators/${creator.id}`, { token: viewer.token, body: { name: 'V' } }),
      403,
      'forbidden',
    );
  });
});
