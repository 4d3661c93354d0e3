/**
 * `authorize`: agent tokens on `agent: false` routes, tenant membership and role, 403 when the
 * tenant is named in the query or body and 404 when it is named in the path or found through a
 * record (existence never leaked). Uses the real GET /v1/users and handlers defined here with
 * `defineHandler` for real route keys whose access the built routes do not cover.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { putMembership } from '../../support/memberships.ts';
import type { Role } from '../../../shared/domain/roles.ts';
import { defineHandler } from '../../../shared/http/handler.ts';
import { routeByKey } from '../../../functions/routes.ts';
import { deleted, ok } from '../../../shared/http/result.ts';
import { Uuid } from '../../../shared/schemas/common.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { expectProblem, invoke, newUser } from './helpers.ts';

// DELETE /v1/workspaces/:id: access owner, agent: false, tenant from the path.
const deleteWorkspace = defineHandler({
  route: routeByKey('DELETE /v1/workspaces/:id'),
  input: z.strictObject({ workspaceId: Uuid }),
  run: async ({ input }) => deleted(input.workspaceId),
});

// GET /v1/organizations/:id: access viewer, tenant from the path.
const getOrganization = defineHandler({
  route: routeByKey('GET /v1/organizations/:id'),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ tenant }) => ok(tenant),
});

// PATCH /v1/organizations/:id: access owner, tenant from the path.
const patchOrganization = defineHandler({
  route: routeByKey('PATCH /v1/organizations/:id'),
  input: z.strictObject({ organizationId: Uuid, name: z.string().optional() }),
  run: async ({ tenant }) => ok(tenant),
});

// POST /v1/billing/checkout-session: access owner, Form B, tenant named in the body.
const checkout = defineHandler({
  route: routeByKey('POST /v1/billing/checkout-session'),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ tenant }) => ok(tenant),
});

// GET /v1/notes/:id: access viewer, tenant found through the record (`tenantOf`).
const notes = new Map<string, { tenantId: string }>();
const getNote = defineHandler({
  route: routeByKey('GET /v1/notes/:id'),
  input: z.strictObject({ noteId: Uuid }),
  tenantOf: async (input) => notes.get(input.noteId),
  run: async ({ input, tenant }) => ok({ id: input.noteId, tenant }),
});

// GET /v1/campaigns: access viewer; accepts both scope spellings (Form A workspaceId, Form B organizationId).
const listCampaigns = defineHandler({
  route: routeByKey('GET /v1/campaigns'),
  input: z.strictObject({ organizationId: z.optional(Uuid), workspaceId: z.optional(Uuid) }),
  run: async ({ input, tenant }) => ok({ scope: input.workspaceId ?? input.organizationId, tenant }),
});

let caller: { userId: string; token: string };

/** A fresh tenant id in which the caller has the given role (or no membership when role is undefined). */
async function tenantWith(role?: Role, status: 'active' | 'pending' = 'active'): Promise<string> {
  const tenantId = randomUUID();
  if (role) await putMembership({ tenantId, userId: caller.userId, role, status });
  return tenantId;
}

beforeAll(async () => {
  caller = await newUser('Caller');
});

describe('authorize: agent tokens', () => {
  it('answers 403 to an agent token on DELETE /v1/workspaces/:id (agent: false), even for the owner', async () => {
    const tenantId = await tenantWith('owner');
    const res = await invoke(deleteWorkspace, 'DELETE', `/v1/workspaces/${tenantId}`, {
      token: tokenFor(caller.userId, { agent: true }),
    });
    expectProblem(res, 403, 'forbidden');
  });

  it('lets the same owner delete with a non-agent token (control)', async () => {
    const tenantId = await tenantWith('owner');
    const res = await invoke(deleteWorkspace, 'DELETE', `/v1/workspaces/${tenantId}`, { token: caller.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: tenantId, deleted: true });
  });

  it('lets an agent token do what its user may do on a route that allows agents', async () => {
    const res = await call('GET', `/v1/users/${caller.userId}`, { token: tokenFor(caller.userId, { agent: true }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('authorize: tenant named in the query or body -> 403', () => {
  it('answers 403 to a non-member listing the users of an organization (GET /v1/users)', async () => {
    const tenantId = await tenantWith();
    expectProblem(
      await call('GET', `/v1/users?organization_id=${tenantId}&page_index=0&page_size=10`, { token: caller.token }),
      403,
      'forbidden',
    );
  });

  it('treats a pending membership as no membership (403)', async () => {
    const tenantId = await tenantWith('owner', 'pending');
    expectProblem(
      await call('GET', `/v1/users?organizationId=${tenantId}&pageIndex=0&pageSize=10`, { token: caller.token }),
      403,
      'forbidden',
    );
  });

  it('lets a viewer list the users of its organization (control), with role facets', async () => {
    const tenantId = await tenantWith('viewer');
    const res = await call('GET', `/v1/users?organization_id=${tenantId}&page_index=0&page_size=10`, {
      token: caller.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.facets).toEqual({ role: { viewer: 1 } });
  });

  it('answers 403 to a viewer on an owner route with the tenant in the body', async () => {
    const tenantId = await tenantWith('viewer');
    expectProblem(
      await invoke(checkout, 'POST', '/v1/billing/checkout-session', {
        token: caller.token,
        body: { organizationId: tenantId },
      }),
      403,
      'forbidden',
    );
  });

  it('answers 403 to a member on an owner route with the tenant in the body', async () => {
    const tenantId = await tenantWith('member');
    expectProblem(
      await invoke(checkout, 'POST', '/v1/billing/checkout-session', {
        token: caller.token,
        body: { organization_id: tenantId },
      }),
      403,
      'forbidden',
    );
  });

  it('answers 403 to a non-member on an owner route with the tenant in the body', async () => {
    const tenantId = await tenantWith();
    expectProblem(
      await invoke(checkout, 'POST', '/v1/billing/checkout-session', {
        token: caller.token,
        body: { organizationId: tenantId },
      }),
      403,
      'forbidden',
    );
  });

  it('lets the owner through, passing the tenant scope to the handler (Form B: no _meta)', async () => {
    const tenantId = await tenantWith('owner');
    const res = await invoke(checkout, 'POST', '/v1/billing/checkout-session', {
      token: caller.token,
      body: { organizationId: tenantId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { tenantId, role: 'owner', details: expect.objectContaining({ id: tenantId }) } });
  });

  // Both scope spellings are accepted on routes of both forms (docs/decisions.md), so each one named
  // must be checked: otherwise a handler reading workspaceId acts in a tenant nobody authorized.
  it('checks every named scope: workspace_id naming a foreign tenant is 403 even beside an organization_id the caller owns', async () => {
    const mine = await tenantWith('owner');
    const theirs = await tenantWith();
    const res = await invoke(listCampaigns, 'GET', `/v1/campaigns?organization_id=${mine}&workspace_id=${theirs}`, {
      token: caller.token,
    });
    expectProblem(res, 403, 'forbidden');
  });

  it('checks every named scope: organization_id naming a foreign tenant is 403 even beside a workspace_id the caller owns', async () => {
    const mine = await tenantWith('owner');
    const theirs = await tenantWith();
    const res = await invoke(listCampaigns, 'GET', `/v1/campaigns?workspace_id=${mine}&organization_id=${theirs}`, {
      token: caller.token,
    });
    expectProblem(res, 403, 'forbidden');
  });

  it('accepts workspace_id alone as the scope (control)', async () => {
    const mine = await tenantWith('viewer');
    const res = await invoke(listCampaigns, 'GET', `/v1/campaigns?workspace_id=${mine}`, { token: caller.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      scope: mine,
      tenant: { tenantId: mine, role: 'viewer', details: expect.objectContaining({ id: mine }) },
    });
  });
});

describe('authorize: tenant named in the path -> 404 for non-members', () => {
  it('answers 404 (not 403) to a non-member of the organization in the path', async () => {
    const tenantId = await tenantWith();
    expectProblem(
      await invoke(getOrganization, 'GET', `/v1/organizations/${tenantId}`, { token: caller.token }),
      404,
      'not_found',
    );
  });

  it('answers 404 to a pending member of the organization in the path', async () => {
    const tenantId = await tenantWith('viewer', 'pending');
    expectProblem(
      await invoke(getOrganization, 'GET', `/v1/organizations/${tenantId}`, { token: caller.token }),
      404,
      'not_found',
    );
  });

  it('answers 404 to a non-member deleting the workspace in the path', async () => {
    const tenantId = await tenantWith();
    expectProblem(
      await invoke(deleteWorkspace, 'DELETE', `/v1/workspaces/${tenantId}`, { token: caller.token }),
      404,
      'not_found',
    );
  });

  it('lets a viewer read the organization in the path (control; Form A/both: _meta)', async () => {
    const tenantId = await tenantWith('viewer');
    const res = await invoke(getOrganization, 'GET', `/v1/organizations/${tenantId}`, { token: caller.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ tenantId, role: 'viewer', details: expect.objectContaining({ id: tenantId }) });
    expect(res.body._meta.requestId).toBeTypeOf('string');
  });

  it('answers 403 (the member knows it exists) to a viewer on an owner route with the tenant in the path', async () => {
    const tenantId = await tenantWith('viewer');
    expectProblem(
      await invoke(patchOrganization, 'PATCH', `/v1/organizations/${tenantId}`, {
        token: caller.token,
        body: { name: 'x' },
      }),
      403,
      'forbidden',
    );
  });

  it('answers 403 to a member (not owner) deleting the workspace in the path', async () => {
    const tenantId = await tenantWith('member');
    expectProblem(
      await invoke(deleteWorkspace, 'DELETE', `/v1/workspaces/${tenantId}`, { token: caller.token }),
      403,
      'forbidden',
    );
  });

  it('lets the owner update the organization in the path (control)', async () => {
    const tenantId = await tenantWith('owner');
    const res = await invoke(patchOrganization, 'PATCH', `/v1/organizations/${tenantId}`, {
      token: caller.token,
      body: { name: 'x' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('answers 400 when the body repeats the path tenant id with a different value', async () => {
    const tenantId = await tenantWith('owner');
    const res = await invoke(patchOrganization, 'PATCH', `/v1/organizations/${tenantId}`, {
      token: caller.token,
      body: { organization_id: await tenantWith('owner') },
    });
    expectProblem(res, 400, 'invalid_input', [
      { path: 'organizationId', message: expect.stringContaining('different value') },
    ]);
  });
});

describe('authorize: tenant found through a record (tenantOf) -> 404 for non-members', () => {
  it('answers 404 when the record does not exist', async () => {
    expectProblem(await invoke(getNote, 'GET', `/v1/notes/${randomUUID()}`, { token: caller.token }), 404, 'not_found');
  });

  it('answers 404 (not 403) when the record is in a tenant the caller is not in', async () => {
    const noteId = randomUUID();
    notes.set(noteId, { tenantId: await tenantWith() });
    expectProblem(await invoke(getNote, 'GET', `/v1/notes/${noteId}`, { token: caller.token }), 404, 'not_found');
  });

  it("answers 404 when the caller is only a pending member of the record's tenant", async () => {
    const noteId = randomUUID();
    notes.set(noteId, { tenantId: await tenantWith('owner', 'pending') });
    expectProblem(await invoke(getNote, 'GET', `/v1/notes/${noteId}`, { token: caller.token }), 404, 'not_found');
  });

  it("lets a viewer of the record's tenant read it (control)", async () => {
    const noteId = randomUUID();
    const tenantId = await tenantWith('viewer');
    notes.set(noteId, { tenantId });
    const res = await invoke(getNote, 'GET', `/v1/notes/${noteId}`, { token: caller.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      id: noteId,
      tenant: { tenantId, role: 'viewer', details: expect.objectContaining({ id: tenantId }) },
    });
  });
});
