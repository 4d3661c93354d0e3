/**
 * DELETE /v1/campaigns/:id: unlinks every activity (their spend leaves with them), retires the
 * campaign's reported outcomes, removes its notes and files (their objects released for the object
 * sweep), answers a receipt, and
 * finishes an interrupted delete when repeated.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { deleteReleasedObjects, releasedObjects } from '../../../shared/db/storage/index.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { objectKeys } from '../files/helpers.ts';
import { useS3 } from '../../support/s3.ts';
import { addMember } from '../organizations/helpers.ts';
import { activityItem, campaignItem, link, newActivity, newCampaign, newCost, storedItem } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

useS3();

let org: Org;
let viewer: TestUser;

beforeAll(async () => {
  org = await newOrg('Deleter');
  viewer = await signUp('Delete Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
});

const remove = (campaignId: string, user: TestUser = org.owner) =>
  call('DELETE', `/v1/campaigns/${campaignId}`, { token: user.token });

async function measurement(campaignId: string) {
  const definition = await call('POST', '/v1/outcomes/definitions', {
    token: org.owner.token,
    body: { organizationId: org.organizationId, name: `Signups ${campaignId.slice(0, 4)}`, valueKind: 'count' },
  });
  const res = await call('POST', '/v1/outcomes/measurements', {
    token: org.owner.token,
    body: {
      organizationId: org.organizationId,
      campaignId,
      outcomeDefinitionId: definition.body.data.id,
      value: 12,
      sourceMethod: 'manual',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { definitionId: definition.body.data.id as string, measurementId: res.body.data.id as string };
}

async function attachments(campaignId: string) {
  const note = await call('POST', '/v1/notes', {
    token: org.owner.token,
    body: {
      organizationId: org.organizationId,
      entityType: 'campaign',
      entityId: campaignId,
      content: 'Kickoff notes',
    },
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  const file = await call('POST', '/v1/files', {
    token: org.owner.token,
    body: {
      organizationId: org.organizationId,
      ownerType: 'campaign',
      ownerId: campaignId,
      fileName: 'brief.md',
      contentType: 'text/markdown',
      content: '# Brief',
    },
  });
  expect(file.status, JSON.stringify(file.body)).toBe(201);
  return { noteId: note.body.data.id as string, fileId: file.body.data.id as string };
}

describe('DELETE /v1/campaigns/:id', () => {
  it('unlinks the activities, retires outcomes, removes notes and files, and answers a deletion receipt', async () => {
    const campaign = await newCampaign(org);
    const [a, b] = [await newActivity(org, 'A'), await newActivity(org, 'B')];
    await link(org, campaign.id, a.id);
    await link(org, campaign.id, b.id);
    await newCost(org, a.id, 30);
    const { definitionId } = await measurement(campaign.id);
    const { noteId, fileId } = await attachments(campaign.id);
    const tenantBefore = await storedItem(keys.tenantAggregate(org.organizationId));

    const res = await remove(campaign.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: campaign.id, deleted: true });
    expect(res.body.mutation).toEqual({
      operation: 'delete',
      campaignId: campaign.id,
      changedFields: ['deleted', 'activities'],
      at: expect.any(String),
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));

    expect(await campaignItem(org, campaign.id)).toBeUndefined();
    expect(await storedItem(keys.recordPointer(campaign.id))).toBeUndefined();
    expect(await activityItem(org, a.id)).toMatchObject({ campaignId: null, costsCount: 1, spend: { USD: 30 } });
    expect(await activityItem(org, b.id)).toMatchObject({ campaignId: null });
    expect(await storedItem(keys.recordPointer(noteId))).toBeUndefined();
    expect(await storedItem(keys.recordPointer(fileId))).toBeUndefined();
    // The object is released with the file, and the object sweep deletes it.
    expect((await releasedObjects()).map((o) => o.objectKey)).toContain(`files/${org.organizationId}/${fileId}`);
    expect(await deleteReleasedObjects()).toMatchObject({ failed: 0 });
    expect(await objectKeys(`files/${org.organizationId}/${fileId}`)).toEqual([]);
    expect((await storedItem(keys.tenantAggregate(org.organizationId)))!.campaignsCount).toBe(
      tenantBefore!.campaignsCount - 1,
    );
    // The retired measurement no longer blocks its definition.
    expect((await call('DELETE', `/v1/outcomes/definitions/${definitionId}`, { token: org.owner.token })).status).toBe(
      200,
    );

    expect((await call('GET', `/v1/campaigns/${campaign.id}`, { token: org.owner.token })).status).toBe(404);
    expect((await remove(campaign.id)).status).toBe(404);
    // A cost on a formerly linked activity counts in no campaign now.
    const cost = await newCost(org, a.id, 5);
    expect(cost.campaignId).toBeNull();
  });

  it('is 403 for a viewer and 404 for another organization, deleting nothing', async () => {
    const campaign = await newCampaign(org);
    const outsider = await newOrg('Outsider');
    expect((await remove(campaign.id, viewer)).status).toBe(403);
    expect((await remove(campaign.id, outsider.owner)).status).toBe(404);
    expect(await campaignItem(org, campaign.id)).toBeDefined();
  });

  it('finishes a delete interrupted after its first step, which already hid the campaign', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    await link(org, campaign.id, activity.id);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaign(org.organizationId, campaign.id),
        UpdateExpression: 'SET deletingAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    expect((await call('GET', `/v1/campaigns/${campaign.id}`, { token: org.owner.token })).status).toBe(404);
    expect((await link(org, campaign.id, (await newActivity(org)).id)).status).toBe(404);
    const list = await call('GET', `/v1/campaigns?organizationId=${org.organizationId}&pageIndex=0&pageSize=100`, {
      token: org.owner.token,
    });
    expect(list.body.items.map((c: { id: string }) => c.id)).not.toContain(campaign.id);

    expect((await remove(campaign.id)).status).toBe(200);
    expect(await campaignItem(org, campaign.id)).toBeUndefined();
    expect(await activityItem(org, activity.id)).toMatchObject({ campaignId: null });
  });

  it('is cascaded by organization delete, links and their pointers included', async () => {
    const other = await newOrg('Cascade Owner');
    const campaign = await newCampaign(other);
    const activity = await newActivity(other);
    const linkId = (await link(other, campaign.id, activity.id)).body.data.campaignActivityId;
    expect(
      (await call('DELETE', `/v1/organizations/${other.organizationId}`, { token: other.owner.token })).status,
    ).toBe(200);
    for (const id of [campaign.id, activity.id, linkId])
      expect(await storedItem(keys.recordPointer(id))).toBeUndefined();
    expect(await campaignItem(other, campaign.id)).toBeUndefined();
  });
});
