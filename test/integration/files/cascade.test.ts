/**
 * Files of campaigns, and the removal of files with their owner: deleting a creator or an activity
 * (or calling deleteFilesOf, as campaign delete does) removes the items and pointers of that
 * owner's files and nobody else's, and releases their objects, which the object sweep deletes;
 * organization delete releases the objects too.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { deleteFilesOf } from '../../../shared/db/evidence/files.ts';
import { deleteReleasedObjects, releasedObjects } from '../../../shared/db/storage/index.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { locate } from '../../../shared/db/table/records.ts';
import { call } from '../../support/call.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { listFiles, newFile, objectKeys, postFile, storedObject } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';
import { useS3 } from '../../support/s3.ts';

useS3();

/** The ids of every FILE# item of the organization's partition. */
async function fileItemIds(org: OrgWithRecords): Promise<string[]> {
  const items = await queryItems(
    {
      index: 'table',
      pk: keys.tenantPartition(org.organizationId).pk,
      sk: { beginsWith: 'FILE#' },
      entities: ['file'],
    },
    { consistent: true },
  );
  return items.map((item) => item.id as string).sort();
}

/** The files-bucket keys released and not deleted yet. */
async function releasedFileKeys(): Promise<string[]> {
  return (await releasedObjects())
    .filter((o) => o.bucket === 'files')
    .map((o) => o.objectKey)
    .sort();
}

/** Runs the object sweep once; every released object must be deleted. */
async function sweep(): Promise<void> {
  expect(await deleteReleasedObjects()).toMatchObject({ failed: 0 });
  expect(await releasedObjects()).toEqual([]);
}

/** Asserts that a file is gone from the API: item (by id) and pointer deleted, its object released for the sweep. */
async function expectGone(org: OrgWithRecords, fileId: string): Promise<void> {
  expect(await releasedFileKeys()).toContain(`files/${org.organizationId}/${fileId}`);
  expect(await fileItemIds(org)).not.toContain(fileId);
  expect(await locate('file', fileId)).toBeUndefined();
  expectProblem(await call('GET', `/v1/files/${fileId}/download`, { token: org.owner.token }), 404, 'not_found');
}

describe('files cascade', () => {
  it("deleting a creator removes its files (objects, items, pointers); the activity's file stays", async () => {
    const org = await newOrgWithRecords();
    const gone = [
      await newFile(org, { ownerType: 'creator', ownerId: org.creatorId, fileName: 'a.md' }),
      await newFile(org, {
        ownerType: 'creator',
        ownerId: org.creatorId,
        fileName: 'b.csv',
        contentType: 'text/csv',
        content: 'x,y',
      }),
    ];
    const kept = await newFile(org);
    expect((await storedObject(org.organizationId, gone[0]!.id)).status).toBe(200);
    const res = await call('DELETE', `/v1/creators/${org.creatorId}`, { token: org.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const file of gone) await expectGone(org, file.id);
    expect(await fileItemIds(org)).toEqual([kept.id]);
    // Released, not deleted yet: the sweep deletes them, and nothing else.
    expect((await storedObject(org.organizationId, gone[0]!.id)).status).toBe(200);
    expect(await releasedFileKeys()).toEqual(gone.map((file) => `files/${org.organizationId}/${file.id}`).sort());
    await sweep();
    for (const file of gone) expect((await storedObject(org.organizationId, file.id)).status).toBe(404);
    expect(await storedObject(org.organizationId, kept.id)).toMatchObject({ status: 200, body: '# Brief\n' });
    expect(await objectKeys(`files/${org.organizationId}/`)).toEqual([`files/${org.organizationId}/${kept.id}`]);
    // The creator is gone: no file can be added to it any more.
    expectProblem(await postFile(org, { ownerType: 'creator', ownerId: org.creatorId }), 404, 'not_found');
  });

  it("deleting an activity removes its files; the creator's file stays", async () => {
    const org = await newOrgWithRecords();
    const gone = await newFile(org);
    const kept = await newFile(org, { ownerType: 'creator', ownerId: org.creatorId });
    const res = await call('DELETE', `/v1/activities/${org.activityId}`, { token: org.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectGone(org, gone.id);
    expect(await fileItemIds(org)).toEqual([kept.id]);
    await sweep();
    expect((await storedObject(org.organizationId, gone.id)).status).toBe(404);
    expect((await storedObject(org.organizationId, kept.id)).status).toBe(200);
  });

  it('stores files on a campaign; deleteFilesOf removes more than one batch holds, and a repeat does nothing', async () => {
    const org = await newOrgWithRecords();
    const campaign = await createCampaign(org.organizationId, { name: 'Launch' });
    const files = [];
    for (let i = 0; i < 14; i++)
      files.push(await newFile(org, { ownerType: 'campaign', ownerId: campaign.id, fileName: `f${i}.md` }));
    const kept = await newFile(org);
    // Listed through the campaign's own tenant (no organizationId).
    const listed = await listFiles(`ownerType=campaign&ownerId=${campaign.id}`, org.owner.token);
    expect(listed.body.totalCount).toBe(14);
    // 14 items + 14 pointers: two BatchWrite chunks.
    await deleteFilesOf(org.organizationId, 'campaign', campaign.id);
    expect(await fileItemIds(org)).toEqual([kept.id]);
    expect(await releasedFileKeys()).toEqual(files.map((file) => `files/${org.organizationId}/${file.id}`).sort());
    for (const file of files) expect(await locate('file', file.id)).toBeUndefined();
    await deleteFilesOf(org.organizationId, 'campaign', campaign.id);
    expect(await fileItemIds(org)).toEqual([kept.id]);
    expect(await releasedFileKeys()).toHaveLength(14);
    // 14 objects: more than the sweep deletes at once.
    await sweep();
    expect(await objectKeys(`files/${org.organizationId}/`)).toEqual([`files/${org.organizationId}/${kept.id}`]);
    expect((await listFiles(`ownerType=campaign&ownerId=${campaign.id}`, org.owner.token)).body.totalCount).toBe(0);
  });

  it('adds no file to a campaign that is being deleted (404)', async () => {
    const org = await newOrgWithRecords();
    const campaign = await createCampaign(org.organizationId, { name: 'Doomed' });
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaign(org.organizationId, campaign.id),
        UpdateExpression: 'SET deletingAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    const res = await postFile(org, { ownerType: 'campaign', ownerId: campaign.id });
    expectProblem(res, 404, 'not_found');
    expect(res.body.detail).toBe('The campaign was not found.');
    expect(await objectKeys(`files/${org.organizationId}/`)).toEqual([]);
  });

  it('deleting the organization releases its file objects, which the sweep deletes', async () => {
    const org = await newOrgWithRecords();
    const files = [await newFile(org), await newFile(org, { ownerType: 'creator', ownerId: org.creatorId })];
    const res = await call('DELETE', `/v1/organizations/${org.organizationId}`, { token: org.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await releasedFileKeys()).toEqual(files.map((file) => `files/${org.organizationId}/${file.id}`).sort());
    await sweep();
    for (const file of files) {
      expect((await storedObject(org.organizationId, file.id)).status).toBe(404);
      expect(await locate('file', file.id)).toBeUndefined();
    }
    expect(await objectKeys(`files/${org.organizationId}/`)).toEqual([]);
  });
});
