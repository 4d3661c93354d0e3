/** POST /v1/campaigns/preview: what each operation would do, with warnings, and never a write. */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { link, newActivity, newCampaign, newCost } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let org: Org;
let viewer: TestUser;
let campaign: Record<string, any>;

beforeAll(async () => {
  org = await newOrg('Previewer');
  viewer = await signUp('Preview Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  campaign = await newCampaign(org, {
    name: 'Summer',
    budget: 100,
    desiredOutcomes: 'Saves',
    summary: 'Beach',
    startAt: inDays(-1),
    endAt: inDays(5),
  });
  const activity = await newActivity(org);
  await link(org, campaign.id, activity.id);
  await newCost(org, activity.id, 80);
});

/** Every item of the table, sorted: the whole state a preview must leave alone. */
async function tableState(): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
}

const preview = (body: Record<string, unknown>, user: TestUser = org.owner) =>
  call('POST', '/v1/campaigns/preview', { token: user.token, body: { organizationId: org.organizationId, ...body } });

describe('POST /v1/campaigns/preview', () => {
  it('previews a create: target none, the fields set, derived status, no warning', async () => {
    const res = await preview({
      operation: 'create',
      name: 'Autumn',
      budget: 500,
      desiredOutcomes: 'Reach',
      startAt: inDays(3),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      operation: 'create',
      target: null,
      name: 'Autumn',
      desiredOutcomes: 'Reach',
      budget: 500,
      changedFields: ['name', 'startAt', 'budget', 'desiredOutcomes'],
      status: 'scheduled',
      warning: null,
      warnings: [],
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('previews an update with warnings for an end before the start and a budget below the recorded spend', async () => {
    const res = await preview({
      operation: 'update',
      id: campaign.id,
      budget: 50,
      endAt: inDays(-3),
      summary: 'Beach',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      target: { id: campaign.id, name: 'Summer', status: 'active' },
      name: 'Summer',
      budget: 50,
      desiredOutcomes: 'Saves',
      changedFields: ['endAt', 'budget'],
      warning: 'endAt is before startAt.',
    });
    expect(res.body.data.warnings).toEqual([
      'endAt is before startAt.',
      'The budget ($50.00) is below the recorded spend ($80.00).',
    ]);
  });

  it('previews a delete (activities it would unlink) and a duplicate (a draft copy of the brief)', async () => {
    const del = await preview({ operation: 'delete', id: campaign.id });
    expect(del.body.data).toMatchObject({
      operation: 'delete',
      changedFields: ['deleted', 'activities'],
      status: 'active',
    });
    expect(del.body.data.warning).toMatch(/unlinks 1 activities/);
    const dup = await preview({ operation: 'duplicate', id: campaign.id });
    expect(dup.body.data).toMatchObject({
      name: 'Summer (copy)',
      budget: 100,
      desiredOutcomes: 'Saves',
      status: 'draft',
      warning: null,
    });
    expect(dup.body.data.changedFields).toEqual(
      expect.arrayContaining(['name', 'budget', 'summary', 'desiredOutcomes']),
    );
  });

  it('writes nothing, whatever the operation', async () => {
    const before = await tableState();
    for (const body of [
      { operation: 'create', name: 'Never stored' },
      { operation: 'update', id: campaign.id, name: 'Renamed?' },
      { operation: 'delete', id: campaign.id },
      { operation: 'duplicate', id: campaign.id, name: 'Copy?' },
    ]) {
      expect((await preview(body)).status).toBe(200);
    }
    expect(await tableState()).toBe(before);
  });

  it('needs an id except for create (400), answers 404 for a campaign of another organization, validates fields', async () => {
    const missing = await preview({ operation: 'update' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'id', message: expect.any(String) }]);
    const other = await newOrg('Other');
    const foreign = await newCampaign(other);
    expect((await preview({ operation: 'delete', id: foreign.id })).status).toBe(404);
    expect((await preview({ operation: 'delete', id: randomUUID() })).status).toBe(404);
    expect((await preview({ operation: 'archive' })).status).toBe(400);
    expect((await preview({ operation: 'create', budget: -1 })).status).toBe(400);
    expect((await preview({ operation: 'create', name: 'x' }, viewer)).status).toBe(403);
  });

  it('warns about a create without a name and an owner who is not a member', async () => {
    const res = await preview({ operation: 'create', ownerUserId: randomUUID() });
    expect(res.body.data.warnings).toEqual([
      'A name is required to create a campaign.',
      'ownerUserId is not an active member of this organization.',
    ]);
  });
});
