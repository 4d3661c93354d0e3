/** Campaigns: create, read, update and duplicate with both forms' fields, receipts, validation and roles. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { link, newActivity, newCampaign, postCampaign } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let org: Org;
let viewer: TestUser;
let member: TestUser;
let outsider: Org;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  org = await newOrg('Cam Paign');
  outsider = await newOrg('Out Sider');
  viewer = await signUp('Viewer');
  member = await signUp('Member');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  await addMember(org.organizationId, org.owner, member, 'member');
});

const paths = (res: { body: { errors?: { path: string }[] } }) => (res.body.errors ?? []).map((e) => e.path);

const brief = {
  summary: 'Launch the spring range',
  objective: 'Awareness',
  audience: 'Runners 25-40',
  keyMessage: 'Light and fast',
  desiredOutcomes: 'Reach and saves, observed only',
  channels: ['instagram', 'YouTube', 'instagram', 'Instagram'],
  tags: ['spring', 'launch'],
};

describe('POST /v1/campaigns', () => {
  it('creates a campaign with every field, its derived status and a receipt naming the fields set', async () => {
    const startAt = inDays(-1);
    const res = await postCampaign(org, {
      ...brief,
      startAt,
      endAt: inDays(10),
      budget: 2500.5,
      ownerUserId: member.userId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org.organizationId,
      workspaceId: org.organizationId,
      name: 'Spring launch',
      startAt,
      endAt: expect.any(String),
      budget: 2500.5,
      ...brief,
      channels: ['instagram', 'YouTube'],
      ownerUserId: member.userId,
      status: 'active',
      activitiesCount: 0,
      costsCount: 0,
      impressions: 0,
      engagement: 0,
      spend: {},
      createdAt: expect.any(String),
      updatedAt: res.body.data.createdAt,
    });
    expect(res.body.mutation).toEqual({
      operation: 'create',
      campaignId: res.body.data.id,
      changedFields: expect.arrayContaining([
        'name',
        'startAt',
        'endAt',
        'budget',
        'summary',
        'channels',
        'ownerUserId',
        'tags',
      ]),
      at: expect.any(String),
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('creates a draft from a name alone, with empty planning fields', async () => {
    const res = await postCampaign(org, { name: '  Draft idea  ' }, member);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Draft idea',
      status: 'draft',
      startAt: null,
      budget: null,
      channels: [],
      tags: [],
      ownerUserId: null,
    });
    expect(res.body.mutation.changedFields).toEqual(['name']);
  });

  it('accepts budgets of 0 and 1,000,000,000 and refuses -0.01 and 1,000,000,000.01', async () => {
    for (const budget of [0, 1_000_000_000]) expect((await postCampaign(org, { budget })).status).toBe(201);
    for (const budget of [-0.01, 1_000_000_000.01, '100']) {
      const res = await postCampaign(org, { budget });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['budget']);
    }
  });

  it('refuses a missing or blank name, a bad date, an unknown field, and an end before the start', async () => {
    expect(paths(await postCampaign(org, { name: undefined }))).toEqual(['name']);
    expect(paths(await postCampaign(org, { name: '   ' }))).toEqual(['name']);
    expect(paths(await postCampaign(org, { startAt: '2026-13-01' }))).toEqual(['startAt']);
    expect(paths(await postCampaign(org, { status: 'active' }))).toEqual(['status']);
    const reversed = await postCampaign(org, { startAt: inDays(5), endAt: inDays(1) });
    expect(reversed.status).toBe(400);
    expect(paths(reversed)).toEqual(['endAt']);
  });

  it('requires the owner user to be an active member of the organization', async () => {
    const res = await postCampaign(org, { ownerUserId: outsider.owner.userId });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['ownerUserId']);
  });

  it('lets a viewer not create (403), nor anyone in another organization (403), nor a caller without a token (401)', async () => {
    expect((await postCampaign(org, {}, viewer)).status).toBe(403);
    expect((await postCampaign(org, {}, outsider.owner)).status).toBe(403);
    expect(
      (await call('POST', '/v1/campaigns', { body: { organizationId: org.organizationId, name: 'x' } })).status,
    ).toBe(401);
  });
});

describe('GET /v1/campaigns/:id', () => {
  it('reads a campaign for a viewer and hides it from other organizations (404)', async () => {
    const campaign = await newCampaign(org, { startAt: inDays(3) });
    const res = await call('GET', `/v1/campaigns/${campaign.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...campaign, status: 'scheduled' });
    expect((await call('GET', `/v1/campaigns/${campaign.id}`, { token: outsider.owner.token })).status).toBe(404);
    expect((await call('GET', `/v1/campaigns/${randomUUID()}`, { token: org.owner.token })).status).toBe(404);
  });

  it('answers 400 for a malformed id, naming the path parameter as the OpenAPI document does (docs/decisions.md "Inputs")', async () => {
    const res = await call('GET', '/v1/campaigns/not-a-uuid', { token: org.owner.token });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['id']);
  });
});

describe('PATCH /v1/campaigns/:id', () => {
  it('changes the fields given and names only those whose value changed', async () => {
    const campaign = await newCampaign(org, { budget: 100, tags: ['a'] });
    const res = await call('PATCH', `/v1/campaigns/${campaign.id}`, {
      token: member.token,
      body: { name: 'Spring launch', budget: 250, tags: ['a'], objective: 'Consideration', campaign_id: campaign.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: campaign.id,
      name: 'Spring launch',
      budget: 250,
      tags: ['a'],
      objective: 'Consideration',
    });
    expect(res.body.data.updatedAt > campaign.updatedAt).toBe(true);
    expect(res.body.mutation).toEqual({
      operation: 'update',
      campaignId: campaign.id,
      changedFields: ['budget', 'objective'],
      at: expect.any(String),
    });
  });

  it('clears fields with null, and a no-op update changes nothing', async () => {
    const campaign = await newCampaign(org, { budget: 100, startAt: inDays(-2) });
    const cleared = await call('PATCH', `/v1/campaigns/${campaign.id}`, {
      token: org.owner.token,
      body: { budget: null, startAt: null },
    });
    expect(cleared.body.data).toMatchObject({ budget: null, startAt: null, status: 'draft' });
    const same = await call('PATCH', `/v1/campaigns/${campaign.id}`, {
      token: org.owner.token,
      body: { budget: null },
    });
    expect(same.status).toBe(200);
    expect(same.body.mutation.changedFields).toEqual([]);
    expect(same.body.data.updatedAt).toBe(cleared.body.data.updatedAt);
  });

  it('refuses an end before the stored start, a name of 256 characters, a non-member owner; viewer 403, outsider 404', async () => {
    const campaign = await newCampaign(org, { startAt: inDays(5) });
    const patch = (body: Record<string, unknown>, user = org.owner) =>
      call('PATCH', `/v1/campaigns/${campaign.id}`, { token: user.token, body });
    expect(paths(await patch({ endAt: inDays(1) }))).toEqual(['endAt']);
    expect(paths(await patch({ name: 'x'.repeat(256) }))).toEqual(['name']);
    expect(paths(await patch({ ownerUserId: outsider.owner.userId }))).toEqual(['ownerUserId']);
    expect((await patch({ name: 'Viewer edit' }, viewer)).status).toBe(403);
    expect((await patch({ name: 'Outsider edit' }, outsider.owner)).status).toBe(404);
    expect((await call('GET', `/v1/campaigns/${campaign.id}`, { token: org.owner.token })).body.data.name).toBe(
      'Spring launch',
    );
  });
});

describe('POST /v1/campaigns/:id/duplicate', () => {
  it('copies the planning brief and budget into a draft, without dates, activities or spend', async () => {
    const source = await newCampaign(org, {
      ...brief,
      budget: 900,
      startAt: inDays(-3),
      endAt: inDays(3),
      ownerUserId: member.userId,
    });
    const activity = await newActivity(org);
    expect((await link(org, source.id, activity.id)).status).toBe(201);
    const res = await call('POST', `/v1/campaigns/${source.id}/duplicate`, { token: member.token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Spring launch (copy)',
      ...brief,
      channels: ['instagram', 'YouTube'],
      budget: 900,
      ownerUserId: member.userId,
      startAt: null,
      endAt: null,
      status: 'draft',
      activitiesCount: 0,
      spend: {},
    });
    expect(res.body.data.id).not.toBe(source.id);
    expect(res.body.mutation).toEqual({
      operation: 'duplicate',
      campaignId: res.body.data.id,
      changedFields: expect.any(Array),
      at: expect.any(String),
    });
    expect(res.body.mutation.changedFields).toEqual(expect.arrayContaining(['name', 'summary', 'budget', 'tags']));
    expect(res.body.mutation.changedFields).not.toContain('startAt');
  });

  it('takes a name and dates, deriving the status from them', async () => {
    const source = await newCampaign(org);
    const res = await call('POST', `/v1/campaigns/${source.id}/duplicate`, {
      token: org.owner.token,
      body: { name: 'Autumn', startAt: inDays(30), endAt: inDays(40) },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Autumn', status: 'scheduled' });
  });

  it("is 404 for another organization's campaign and 403 for a viewer", async () => {
    const source = await newCampaign(org);
    expect(
      (await call('POST', `/v1/campaigns/${source.id}/duplicate`, { token: outsider.owner.token, body: {} })).status,
    ).toBe(404);
    expect((await call('POST', `/v1/campaigns/${source.id}/duplicate`, { token: viewer.token, body: {} })).status).toBe(
      403,
    );
  });
});
