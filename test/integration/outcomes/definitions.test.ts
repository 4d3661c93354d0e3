/** Outcome definitions: create, list newest first with valueKind facets, partial update, soft delete blocked by live measurements; roles and tenants. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import {
  listDefinitions,
  newDefinition,
  newMeasurement,
  newOrgWithCampaign,
  paths,
  postDefinition,
  postMeasurement,
  type Org,
} from './helpers.ts';

let org: Org;
let viewer: TestUser;
let member: TestUser;

beforeAll(async () => {
  org = await newOrgWithCampaign('Dana Definitions');
  viewer = await signUp('Viewer');
  member = await signUp('Member');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  await addMember(org.organizationId, org.owner, member, 'member');
});

const patchDefinition = (id: string, body: Record<string, unknown>, user: TestUser = org.owner) =>
  call('PATCH', `/v1/outcomes/definitions/${id}`, { token: user.token, body });
const deleteDefinition = (id: string, user: TestUser = org.owner) =>
  call('DELETE', `/v1/outcomes/definitions/${id}`, { token: user.token });

describe('POST /v1/outcomes/definitions', () => {
  it('creates a definition with every field, trimmed name, currency upper-cased, with _meta', async () => {
    const res = await postDefinition(org, {
      name: '  Revenue  ',
      valueKind: 'currency',
      description: 'Reported by the retailer\n  monthly',
      unitLabel: 'EUR',
      defaultCurrency: 'eur',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org.organizationId,
      workspaceId: org.organizationId,
      name: 'Revenue',
      description: 'Reported by the retailer\n  monthly',
      valueKind: 'currency',
      unitLabel: 'EUR',
      defaultCurrency: 'EUR',
      activeMeasurementsCount: 0,
      createdAt: expect.any(String),
      updatedAt: res.body.data.createdAt,
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('defaults the optional fields to null and lets a member create', async () => {
    const res = await postDefinition(org, { name: 'Store visits' }, member);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Store visits',
      valueKind: 'count',
      description: null,
      unitLabel: null,
      defaultCurrency: null,
    });
  });

  it('rejects a bad valueKind, a blank or 256-character name, long description and unit, a bad currency, unknown fields (400)', async () => {
    for (const [body, path] of [
      [{ valueKind: 'money' }, 'valueKind'],
      [{ name: '   ' }, 'name'],
      [{ name: 'n'.repeat(256) }, 'name'],
      [{ description: 'd'.repeat(2001) }, 'description'],
      [{ unitLabel: 'u'.repeat(51) }, 'unitLabel'],
      [{ defaultCurrency: 'EURO' }, 'defaultCurrency'],
      [{ defaultCurrency: 'ABC' }, 'defaultCurrency'],
      [{ activeMeasurementsCount: 3 }, 'activeMeasurementsCount'],
      [{ id: randomUUID() }, 'id'],
    ] as const) {
      const res = await postDefinition(org, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
      expect(paths(res)).toEqual([path]);
    }
    const missing = await call('POST', '/v1/outcomes/definitions', {
      token: org.owner.token,
      body: { organizationId: org.organizationId },
    });
    expect(paths(missing).sort()).toEqual(['name', 'valueKind']);
  });

  it('accepts the limits: 255-character name, 2000-character description, 50-character unit', async () => {
    const res = await postDefinition(org, {
      name: 'n'.repeat(255),
      description: 'd'.repeat(2000),
      unitLabel: 'u'.repeat(50),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toHaveLength(255);
  });

  it('answers 401 without a token, 403 to a viewer and to a non-member naming the organization', async () => {
    const anonymous = await call('POST', '/v1/outcomes/definitions', {
      body: { organizationId: org.organizationId, name: 'x', valueKind: 'count' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthenticated');
    const res = await postDefinition(org, {}, viewer);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await postDefinition(org, {}, await signUp('Stranger'))).status).toBe(403);
  });
});

describe('GET /v1/outcomes/definitions', () => {
  it('lists the live definitions newest first with valueKind facets, to a viewer too', async () => {
    const fresh = await newOrgWithCampaign();
    const made = [];
    for (const [name, valueKind] of [
      ['A', 'count'],
      ['B', 'ratio'],
      ['C', 'count'],
    ])
      made.push(await newDefinition(fresh, { name, valueKind }));
    const gone = await newDefinition(fresh, { name: 'Gone', valueKind: 'index' });
    expect((await deleteDefinition(gone.id, fresh.owner)).status).toBe(200);
    const freshViewer = await signUp('Fresh Viewer');
    await addMember(fresh.organizationId, fresh.owner, freshViewer, 'viewer');
    const res = await listDefinitions(fresh, freshViewer);
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: { name: string }) => d.name)).toEqual(['C', 'B', 'A']);
    expect(res.body.items[0]).toEqual(made[2]);
    expect(res.body).toMatchObject({ totalCount: 3, facets: { valueKind: { count: 2, ratio: 1 } } });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('shows nothing of another tenant, and is 403 to a non-member, 401 without a token', async () => {
    const other = await newOrgWithCampaign('Other Owner');
    const theirs = await listDefinitions(other);
    expect(theirs.body).toMatchObject({ items: [], totalCount: 0, facets: { valueKind: {} } });
    expect((await listDefinitions(org, other.owner)).status).toBe(403);
    expect((await call('GET', `/v1/outcomes/definitions?organizationId=${org.organizationId}`)).status).toBe(401);
  });

  it('requires organizationId and rejects unknown query parameters (400)', async () => {
    expect(paths(await call('GET', '/v1/outcomes/definitions', { token: org.owner.token }))).toEqual([
      'organizationId',
    ]);
    const res = await call('GET', `/v1/outcomes/definitions?organizationId=${org.organizationId}&pageSize=5`, {
      token: org.owner.token,
    });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['pageSize']);
  });
});

describe('PATCH /v1/outcomes/definitions/:id', () => {
  it('changes only the fields sent and returns the whole record; null clears an optional field', async () => {
    const definition = await newDefinition(org, { name: 'Leads', unitLabel: 'leads', description: 'From the CRM' });
    const res = await patchDefinition(
      definition.id,
      { name: 'Qualified leads', description: null, valueKind: 'ratio' },
      member,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...definition,
      name: 'Qualified leads',
      description: null,
      valueKind: 'ratio',
      updatedAt: expect.any(String),
    });
    expect(res.body.data.updatedAt >= definition.updatedAt).toBe(true);
    const listed = (await listDefinitions(org)).body.items.find((d: { id: string }) => d.id === definition.id);
    expect(listed).toEqual(res.body.data);
  });

  it('validates what is sent, accepts a matching outcome_definition_id, rejects another id (400)', async () => {
    const definition = await newDefinition(org);
    expect(paths(await patchDefinition(definition.id, { valueKind: 'money' }))).toEqual(['valueKind']);
    expect(paths(await patchDefinition(definition.id, { name: '' }))).toEqual(['name']);
    expect(paths(await patchDefinition(definition.id, { organizationId: org.organizationId }))).toEqual([
      'organizationId',
    ]);
    expect(
      (await patchDefinition(definition.id, { name: 'Same id', outcome_definition_id: definition.id })).status,
    ).toBe(200);
    expect(
      (await patchDefinition(definition.id, { name: 'Other id', outcome_definition_id: randomUUID() })).status,
    ).toBe(400);
  });

  it("is 403 to a viewer, 404 to another tenant's owner, for an unknown id and for a deleted definition", async () => {
    const definition = await newDefinition(org, { name: 'Guarded' });
    expect((await patchDefinition(definition.id, { name: 'viewer' }, viewer)).status).toBe(403);
    const other = await newOrgWithCampaign('Outsider');
    const hidden = await patchDefinition(definition.id, { name: 'outsider' }, other.owner);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('not_found');
    expect((await patchDefinition(randomUUID(), { name: 'nobody' })).status).toBe(404);
    expect((await deleteDefinition(definition.id)).status).toBe(200);
    expect((await patchDefinition(definition.id, { name: 'after delete' })).status).toBe(404);
  });
});

describe('DELETE /v1/outcomes/definitions/:id', () => {
  it('soft-deletes an unused definition: 200 {id, deleted}, gone from the list, a repeat is 404', async () => {
    const definition = await newDefinition(org, { name: 'Unused' });
    const res = await deleteDefinition(definition.id, member);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: definition.id, deleted: true });
    expect((await listDefinitions(org)).body.items.map((d: { id: string }) => d.id)).not.toContain(definition.id);
    expect((await deleteDefinition(definition.id)).status).toBe(404);
  });

  it('is blocked with 409 while a live measurement uses it, and allowed once the measurement is deleted', async () => {
    const definition = await newDefinition(org, { name: 'In use' });
    const measurement = await newMeasurement(org, definition.id);
    const blocked = await deleteDefinition(definition.id);
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('conflict');
    expect((await listDefinitions(org)).body.items.find((d: { id: string }) => d.id === definition.id)).toMatchObject({
      activeMeasurementsCount: 1,
    });
    expect(
      (await call('DELETE', `/v1/outcomes/measurements/${measurement.id}`, { token: org.owner.token })).status,
    ).toBe(200);
    expect((await deleteDefinition(definition.id)).status).toBe(200);
  });

  it('leaves a deleted definition unusable for new measurements (404)', async () => {
    const definition = await newDefinition(org, { name: 'Retired' });
    expect((await deleteDefinition(definition.id)).status).toBe(200);
    const res = await postMeasurement(org, definition.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it("is 403 to a viewer and to an agent of a viewer, 404 to another tenant's owner", async () => {
    const definition = await newDefinition(org, { name: 'Kept' });
    expect((await deleteDefinition(definition.id, viewer)).status).toBe(403);
    const agent = await call('DELETE', `/v1/outcomes/definitions/${definition.id}`, {
      token: tokenFor(viewer.userId, { agent: true }),
    });
    expect(agent.status).toBe(403);
    const other = await newOrgWithCampaign('Other Deleter');
    expect((await deleteDefinition(definition.id, other.owner)).status).toBe(404);
    expect((await listDefinitions(org)).body.items.map((d: { id: string }) => d.id)).toContain(definition.id);
  });
});
