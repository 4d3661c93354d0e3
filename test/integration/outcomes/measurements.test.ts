/** Outcome measurements: create with its first claim, list per campaign, update with supersession, soft delete; inputs, roles and tenants. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import {
  listDefinitions,
  listMeasurements,
  newDefinition,
  newMeasurement,
  newOrgWithCampaign,
  patchMeasurement,
  paths,
  postMeasurement,
  type Org,
} from './helpers.ts';

let org: Org;
let viewer: TestUser;
let member: TestUser;
let signups: Record<string, any>;

beforeAll(async () => {
  org = await newOrgWithCampaign('Mia Measures');
  viewer = await signUp('Viewer');
  member = await signUp('Member');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  await addMember(org.organizationId, org.owner, member, 'member');
  signups = await newDefinition(org, { name: 'Signups', valueKind: 'count', unitLabel: 'signups' });
});

const definitionSummary = (d: Record<string, any>) => ({
  id: d.id,
  name: d.name,
  valueKind: d.valueKind,
  unitLabel: d.unitLabel,
  defaultCurrency: d.defaultCurrency,
});

const countOf = async (target: Org, definitionId: string) =>
  (await listDefinitions(target)).body.items.find((d: { id: string }) => d.id === definitionId)
    ?.activeMeasurementsCount;

describe('POST /v1/outcomes/measurements', () => {
  it('creates a measurement with its first active claim, the definition joined, with _meta', async () => {
    const res = await postMeasurement(org, signups.id, {
      value: 1520.5,
      baselineValue: 900,
      market: 'DE',
      sourceMethod: 'document_reported',
      confidence: 0.8,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
    });
    expect(res.status).toBe(201);
    const data = res.body.data;
    const claim = {
      id: data.activeClaimId,
      outcomeDefinitionId: signups.id,
      value: 1520.5,
      baselineValue: 900,
      market: 'DE',
      sourceMethod: 'document_reported',
      confidence: 0.8,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      status: 'active',
      supersededAt: null,
      createdAt: data.createdAt,
      createdBy: org.owner.userId,
    };
    expect(data).toEqual({
      id: expect.any(String),
      organizationId: org.organizationId,
      workspaceId: org.organizationId,
      campaignId: org.campaignId,
      outcomeDefinitionId: signups.id,
      value: 1520.5,
      baselineValue: 900,
      market: 'DE',
      sourceMethod: 'document_reported',
      confidence: 0.8,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      unitLabel: 'signups',
      definition: definitionSummary(signups),
      activeClaimId: expect.any(String),
      claims: [claim],
      createdAt: expect.any(String),
      updatedAt: data.createdAt,
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('defaults the optional fields to null, accepts confidence 0 and 1, negative values, a one-day period, and counts it in the definition', async () => {
    const definition = await newDefinition(org, { name: 'Counted' });
    const minimal = await newMeasurement(org, definition.id, { value: -3 });
    expect(minimal).toMatchObject({
      value: -3,
      baselineValue: null,
      market: null,
      confidence: null,
      periodStart: null,
      periodEnd: null,
      unitLabel: null,
    });
    await newMeasurement(org, definition.id, { confidence: 0, periodStart: '2024-02-29', periodEnd: '2024-02-29' });
    const res = await postMeasurement(org, definition.id, { confidence: 1, sourceMethod: 'csv' }, member);
    expect(res.status).toBe(201);
    expect(await countOf(org, definition.id)).toBe(3);
  });

  it('rejects a bad sourceMethod, confidence 1.01 and -0.1, impossible or malformed dates, start after end, bad numbers, unknown fields (400)', async () => {
    for (const [body, path] of [
      [{ sourceMethod: 'survey' }, 'sourceMethod'],
      [{ confidence: 1.01 }, 'confidence'],
      [{ confidence: -0.1 }, 'confidence'],
      [{ periodStart: '2026-02-30' }, 'periodStart'],
      [{ periodEnd: '2026-13-01' }, 'periodEnd'],
      [{ periodStart: '2026-1-5' }, 'periodStart'],
      [{ periodStart: '2026-01-05T00:00:00Z' }, 'periodStart'],
      [{ periodStart: '2026-03-02', periodEnd: '2026-03-01' }, 'periodEnd'],
      [{ value: '12' }, 'value'],
      [{ value: null }, 'value'],
      [{ value: 1e200 }, 'value'],
      [{ baselineValue: 1e-200 }, 'baselineValue'],
      [{ market: 'm'.repeat(101) }, 'market'],
      [{ market: '  ' }, 'market'],
      [{ outcomeDefinitionId: 'not-a-uuid' }, 'outcomeDefinitionId'],
      [{ status: 'active' }, 'status'],
    ] as const) {
      const res = await postMeasurement(org, signups.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
      expect(paths(res), JSON.stringify(body)).toEqual([path]);
    }
    const missing = await call('POST', '/v1/outcomes/measurements', {
      token: org.owner.token,
      body: { organizationId: org.organizationId },
    });
    expect(paths(missing).sort()).toEqual(['campaignId', 'outcomeDefinitionId', 'sourceMethod', 'value']);
  });

  it('answers 404 for a campaign or definition that is not in the tenant, and writes nothing', async () => {
    const other = await newOrgWithCampaign('Other Owner');
    const theirDefinition = await newDefinition(other, { name: 'Theirs' });
    for (const [body, what] of [
      [{ campaignId: other.campaignId }, 'campaign'],
      [{ campaignId: randomUUID() }, 'campaign'],
      [{ outcomeDefinitionId: theirDefinition.id }, 'outcome definition'],
      [{ outcomeDefinitionId: randomUUID() }, 'outcome definition'],
    ] as const) {
      const res = await postMeasurement(org, signups.id, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect(res.body.detail).toContain(what);
    }
    expect((await listMeasurements(other)).body.totalCount).toBe(0);
    expect(await countOf(other, theirDefinition.id)).toBe(0);
  });

  it('answers 401 without a token, 403 to a viewer and to a non-member naming the organization', async () => {
    const body = {
      organizationId: org.organizationId,
      campaignId: org.campaignId,
      outcomeDefinitionId: signups.id,
      value: 1,
      sourceMethod: 'api',
    };
    expect((await call('POST', '/v1/outcomes/measurements', { body })).status).toBe(401);
    const res = await postMeasurement(org, signups.id, {}, viewer);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await postMeasurement(org, signups.id, {}, await signUp('Stranger'))).status).toBe(403);
  });
});

describe('GET /v1/outcomes/measurements', () => {
  it("lists the campaign's live measurements newest first, with history and facets, to a viewer; other campaigns stay out", async () => {
    const fresh = await newOrgWithCampaign();
    const definition = await newDefinition(fresh, { name: 'Reach', valueKind: 'count', unitLabel: 'people' });
    const first = await newMeasurement(fresh, definition.id, { value: 1, sourceMethod: 'manual' });
    const second = await newMeasurement(fresh, definition.id, { value: 2, sourceMethod: 'csv' });
    const third = await newMeasurement(fresh, definition.id, { value: 3, sourceMethod: 'csv' });
    const deleted = await newMeasurement(fresh, definition.id, { value: 4, sourceMethod: 'api' });
    expect((await call('DELETE', `/v1/outcomes/measurements/${deleted.id}`, { token: fresh.owner.token })).status).toBe(
      200,
    );
    const patched = await patchMeasurement(second.id, { value: 22 }, fresh.owner);
    expect(patched.status).toBe(200);
    const elsewhere = await createCampaign(fresh.organizationId, { name: 'Elsewhere' });
    await newMeasurement({ ...fresh, campaignId: elsewhere.id }, definition.id, { value: 99 });
    const freshViewer = await signUp('Fresh Viewer');
    await addMember(fresh.organizationId, fresh.owner, freshViewer, 'viewer');

    const res = await listMeasurements(fresh, freshViewer);
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { value: number }) => m.value)).toEqual([3, 22, 1]);
    expect(res.body.items[0]).toEqual(third);
    expect(res.body.items[1]).toEqual(patched.body.data);
    expect(res.body.items[1].claims.map((c: { value: number; status: string }) => [c.value, c.status])).toEqual([
      [22, 'active'],
      [2, 'superseded'],
    ]);
    expect(res.body.items[2]).toEqual(first);
    expect(res.body.items[2]).toMatchObject({ unitLabel: 'people', definition: definitionSummary(definition) });
    expect(res.body).toMatchObject({ totalCount: 3, facets: { sourceMethod: { manual: 1, csv: 2 } } });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    expect(
      (await listMeasurements(fresh, fresh.owner, elsewhere.id)).body.items.map((m: { value: number }) => m.value),
    ).toEqual([99]);
  });

  it("shows a definition change at once in every measurement's join", async () => {
    const fresh = await newOrgWithCampaign();
    const definition = await newDefinition(fresh, { name: 'Old name', unitLabel: 'u' });
    await newMeasurement(fresh, definition.id);
    const renamed = await call('PATCH', `/v1/outcomes/definitions/${definition.id}`, {
      token: fresh.owner.token,
      body: { name: 'New name', unitLabel: 'units' },
    });
    expect(renamed.status).toBe(200);
    const [item] = (await listMeasurements(fresh)).body.items;
    expect(item).toMatchObject({
      unitLabel: 'units',
      definition: { id: definition.id, name: 'New name', unitLabel: 'units' },
    });
  });

  it('answers 404 for a campaign not in the tenant, 400 without campaignId, 403 to a non-member, 401 without a token', async () => {
    const other = await newOrgWithCampaign('Other Lister');
    const foreign = await listMeasurements(org, org.owner, other.campaignId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await listMeasurements(org, org.owner, randomUUID())).status).toBe(404);
    const noCampaign = await call('GET', `/v1/outcomes/measurements?organizationId=${org.organizationId}`, {
      token: org.owner.token,
    });
    expect(noCampaign.status).toBe(400);
    expect(paths(noCampaign)).toEqual(['campaignId']);
    expect((await listMeasurements(org, other.owner)).status).toBe(403);
    expect(
      (await call('GET', `/v1/outcomes/measurements?organizationId=${org.organizationId}&campaignId=${org.campaignId}`))
        .status,
    ).toBe(401);
  });

  it('accepts snake_case query names', async () => {
    const res = await call(
      'GET',
      `/v1/outcomes/measurements?organization_id=${org.organizationId}&campaign_id=${org.campaignId}`,
      {
        token: org.owner.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBeGreaterThan(0);
  });
});

describe('PATCH /v1/outcomes/measurements/:id', () => {
  it('a changed value appends an active claim and supersedes the prior one; the history is kept newest first', async () => {
    const measurement = await newMeasurement(org, signups.id, { value: 10, confidence: 0.5 });
    const first = await patchMeasurement(measurement.id, { value: 11 }, member);
    expect(first.status).toBe(200);
    const second = await patchMeasurement(measurement.id, { value: 12, confidence: 0.9, market: 'FR' }, org.owner);
    expect(second.status).toBe(200);
    const data = second.body.data;
    expect(data).toMatchObject({
      id: measurement.id,
      value: 12,
      confidence: 0.9,
      market: 'FR',
      createdAt: measurement.createdAt,
    });
    expect(data.claims.map((c: Record<string, unknown>) => [c.value, c.confidence, c.market, c.status])).toEqual([
      [12, 0.9, 'FR', 'active'],
      [11, 0.5, null, 'superseded'],
      [10, 0.5, null, 'superseded'],
    ]);
    expect(data.activeClaimId).toBe(data.claims[0].id);
    expect(data.claims[0]).toMatchObject({ supersededAt: null, createdBy: org.owner.userId });
    expect(data.claims[1]).toMatchObject({ supersededAt: data.claims[0].createdAt, createdBy: member.userId });
    expect(data.claims[2].id).toBe(measurement.activeClaimId);
    expect(new Set(data.claims.map((c: { id: string }) => c.id)).size).toBe(3);
  });

  it('a change that changes nothing appends no claim and returns the record as it is', async () => {
    const measurement = await newMeasurement(org, signups.id, { value: 5, market: 'US' });
    const res = await patchMeasurement(measurement.id, { value: 5, market: 'US' }, org.owner);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(measurement);
    const empty = await patchMeasurement(measurement.id, {}, org.owner);
    expect(empty.body.data).toEqual(measurement);
  });

  it('null clears an optional field (a new claim); the period is checked against the stored other end', async () => {
    const measurement = await newMeasurement(org, signups.id, {
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      baselineValue: 4,
    });
    const cleared = await patchMeasurement(measurement.id, { baselineValue: null }, org.owner);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      baselineValue: null,
      claims: [{ baselineValue: null }, { baselineValue: 4 }],
    });
    const late = await patchMeasurement(measurement.id, { periodStart: '2026-04-01' }, org.owner);
    expect(late.status).toBe(400);
    expect(paths(late)).toEqual(['periodStart']);
    const early = await patchMeasurement(measurement.id, { periodEnd: '2026-02-28' }, org.owner);
    expect(early.status).toBe(400);
    expect(paths(early)).toEqual(['periodEnd']);
    const open = await patchMeasurement(measurement.id, { periodEnd: null, periodStart: '2026-04-01' }, org.owner);
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ periodStart: '2026-04-01', periodEnd: null });
    expect(open.body.data.claims).toHaveLength(3);
  });

  it('moves the measurement to another live definition, moving the counts in the same write', async () => {
    const from = await newDefinition(org, { name: 'From' });
    const to = await newDefinition(org, { name: 'To', unitLabel: 'pts' });
    const measurement = await newMeasurement(org, from.id);
    const res = await patchMeasurement(measurement.id, { outcomeDefinitionId: to.id }, org.owner);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      outcomeDefinitionId: to.id,
      unitLabel: 'pts',
      definition: { id: to.id, name: 'To' },
    });
    expect(res.body.data.claims.map((c: { outcomeDefinitionId: string }) => c.outcomeDefinitionId)).toEqual([
      to.id,
      from.id,
    ]);
    expect(await countOf(org, from.id)).toBe(0);
    expect(await countOf(org, to.id)).toBe(1);
    expect((await call('DELETE', `/v1/outcomes/definitions/${from.id}`, { token: org.owner.token })).status).toBe(200);
  });

  it("refuses a move onto a deleted or another tenant's definition (404), changing nothing", async () => {
    const measurement = await newMeasurement(org, signups.id, { value: 7 });
    const retired = await newDefinition(org, { name: 'Retired' });
    expect((await call('DELETE', `/v1/outcomes/definitions/${retired.id}`, { token: org.owner.token })).status).toBe(
      200,
    );
    const other = await newOrgWithCampaign('Other Definer');
    const theirs = await newDefinition(other, { name: 'Theirs' });
    for (const target of [retired.id, theirs.id, randomUUID()]) {
      const res = await patchMeasurement(measurement.id, { outcomeDefinitionId: target, value: 8 }, org.owner);
      expect(res.status).toBe(404);
      expect(res.body.detail).toContain('outcome definition');
    }
    const [listed] = (await listMeasurements(org)).body.items.filter((m: { id: string }) => m.id === measurement.id);
    expect(listed).toEqual(measurement);
    expect(await countOf(other, theirs.id)).toBe(0);
  });

  it('validates the fields sent: sourceMethod, confidence, dates, unknown or immutable fields (400)', async () => {
    const measurement = await newMeasurement(org, signups.id);
    for (const [body, path] of [
      [{ sourceMethod: 'email' }, 'sourceMethod'],
      [{ confidence: 1.01 }, 'confidence'],
      [{ periodEnd: '2026-02-30' }, 'periodEnd'],
      [{ value: null }, 'value'],
      [{ campaignId: org.campaignId }, 'campaignId'],
      [{ organizationId: org.organizationId }, 'organizationId'],
      [{ claims: [] }, 'claims'],
    ] as const) {
      const res = await patchMeasurement(measurement.id, body, org.owner);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(paths(res)).toEqual([path]);
    }
    expect((await patchMeasurement(measurement.id, { value: 1, measurement_id: randomUUID() }, org.owner)).status).toBe(
      400,
    );
  });

  it("is 403 to a viewer, 404 to another tenant's owner, for an unknown id and for a deleted measurement", async () => {
    const measurement = await newMeasurement(org, signups.id, { value: 50 });
    expect((await patchMeasurement(measurement.id, { value: 51 }, viewer)).status).toBe(403);
    const other = await newOrgWithCampaign('Outsider');
    const hidden = await patchMeasurement(measurement.id, { value: 52 }, other.owner);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('not_found');
    expect((await patchMeasurement(randomUUID(), { value: 53 }, org.owner)).status).toBe(404);
    expect((await call('PATCH', `/v1/outcomes/measurements/${measurement.id}`, { body: { value: 54 } })).status).toBe(
      401,
    );
    expect(
      (await call('DELETE', `/v1/outcomes/measurements/${measurement.id}`, { token: org.owner.token })).status,
    ).toBe(200);
    expect((await patchMeasurement(measurement.id, { value: 55 }, org.owner)).status).toBe(404);
  });
});

describe('DELETE /v1/outcomes/measurements/:id', () => {
  it('soft-deletes: 200 {id, deleted}, gone from the list, claims still stored, definition count down; a repeat is 404', async () => {
    const fresh = await newOrgWithCampaign();
    const definition = await newDefinition(fresh);
    const measurement = await newMeasurement(fresh, definition.id, { value: 1 });
    await patchMeasurement(measurement.id, { value: 2 }, fresh.owner);
    const res = await call('DELETE', `/v1/outcomes/measurements/${measurement.id}`, { token: fresh.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: measurement.id, deleted: true });
    expect((await listMeasurements(fresh)).body).toMatchObject({ items: [], totalCount: 0 });
    expect(await countOf(fresh, definition.id)).toBe(0);
    // The evidence stays in storage: the measurement (marked deleted) and both claims, one still active.
    const stored = await queryItems(collections.outcomeMeasurementsOfCampaign(fresh.organizationId, fresh.campaignId));
    expect(stored).toHaveLength(3);
    expect(stored.find((i) => i.id === measurement.id)?.deletedAt).toEqual(expect.any(String));
    expect(stored.filter((i) => i.status === 'active').map((i) => i.value)).toEqual([2]);
    expect(
      (await call('DELETE', `/v1/outcomes/measurements/${measurement.id}`, { token: fresh.owner.token })).status,
    ).toBe(404);
  });

  it("is 403 to a viewer, 404 to another tenant's owner and for an unknown id, 401 without a token", async () => {
    const measurement = await newMeasurement(org, signups.id);
    const del = (user?: TestUser, id = measurement.id) =>
      call('DELETE', `/v1/outcomes/measurements/${id}`, { token: user?.token });
    expect((await del(viewer)).status).toBe(403);
    const other = await newOrgWithCampaign('Other Deleter');
    expect((await del(other.owner)).status).toBe(404);
    expect((await del(org.owner, randomUUID())).status).toBe(404);
    expect((await del()).status).toBe(401);
    expect((await listMeasurements(org)).body.items.map((m: { id: string }) => m.id)).toContain(measurement.id);
    expect((await del(member)).status).toBe(200);
  });
});
