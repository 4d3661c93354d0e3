/** POST /v1/creators/own-brand: one record per workspace, created on the first call, also under concurrency. */
import { beforeAll, describe, expect, it } from 'vitest';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, newMember } from '../workspaces/helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

const ownBrand = (workspaceId: string, token = owner.token) =>
  call('POST', '/v1/creators/own-brand', { token, body: { workspaceId } });

describe('POST /v1/creators/own-brand', () => {
  it('creates the record named after the workspace (201), then returns the same one (200)', async () => {
    const ws = (await createWorkspace(owner, { name: 'Acme' })).id;
    const first = await ownBrand(ws);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      workspaceId: ws,
      name: 'Acme',
      isOwnBrand: true,
      role: null,
      socialAccounts: [],
    });
    const again = await ownBrand(ws);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect((await getTenantAggregate(ws)).creatorsCount).toBe(1);
    const read = await call('GET', `/v1/creators/${first.body.data.id}`, { token: owner.token });
    expect(read.body.data.isOwnBrand).toBe(true);
  });

  it('gives simultaneous first calls the same record and stores exactly one', async () => {
    const ws = (await createWorkspace(owner, { name: 'Race' })).id;
    const results = await Promise.all(Array.from({ length: 5 }, () => ownBrand(ws)));
    const ids = new Set(results.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await getTenantAggregate(ws)).creatorsCount).toBe(1);
    const listed = await call('GET', `/v1/creators?workspaceId=${ws}&pageIndex=0&pageSize=10&role=own_brand`, {
      token: owner.token,
    });
    expect(listed.body.totalCount).toBe(1);
  });

  it('is created again after the own-brand record was deleted (the claim goes with it)', async () => {
    const ws = (await createWorkspace(owner)).id;
    const first = (await ownBrand(ws)).body.data;
    expect((await call('DELETE', `/v1/creators/${first.id}`, { token: owner.token })).status).toBe(200);
    const second = await ownBrand(ws);
    expect(second.status).toBe(201);
    expect(second.body.data.id).not.toBe(first.id);
  });

  it('needs the member role in that workspace: viewer 403, outsider 403, unknown field 400', async () => {
    const ws = (await createWorkspace(owner)).id;
    const viewer = await newMember(ws, owner, 'viewer');
    const outsider = await signUp('Outsider');
    expectProblem(await ownBrand(ws, viewer.token), 403, 'forbidden');
    expectProblem(await ownBrand(ws, outsider.token), 403, 'forbidden');
    expectProblem(
      await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws, name: 'X' } }),
      400,
      'invalid_input',
      'any',
    );
    expect((await getTenantAggregate(ws)).creatorsCount).toBe(0);
  });
});
