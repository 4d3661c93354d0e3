/** PATCH /v1/files/:id: renames a file (members and owners of its tenant); the stored object stays. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember } from '../organizations/helpers.ts';
import { errorPaths, listFiles, newFile, storedObject } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';
import { useS3 } from '../../support/s3.ts';

useS3();

let org: OrgWithRecords;
let viewer: TestUser;
let member: TestUser;

beforeAll(async () => {
  org = await newOrgWithRecords('Rena Rename');
  viewer = await signUp('Viewer');
  member = await signUp('Member');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  await addMember(org.organizationId, org.owner, member, 'member');
});

const rename = (fileId: string, body: Record<string, unknown>, token: string) =>
  call('PATCH', `/v1/files/${fileId}`, { token, body });

describe('PATCH /v1/files/:id', () => {
  it('lets a member rename a file: 200 with the whole record, only the name and updatedAt changed', async () => {
    const file = await newFile(org, { content: 'kept as it was' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await rename(file.id, { fileName: 'Renamed brief.md' }, member.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ...file, fileName: 'Renamed brief.md', updatedAt: expect.any(String) });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThan(Date.parse(file.updatedAt));
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    const listed = await listFiles(`ownerType=activity&ownerId=${org.activityId}`, viewer.token);
    expect(listed.body.items.find((f: any) => f.id === file.id)).toEqual(res.body.data);
    // The object did not move.
    expect(await storedObject(org.organizationId, file.id)).toMatchObject({ status: 200, body: 'kept as it was' });
  });

  it('accepts the id repeated in the body (file_id), and refuses a different one (400)', async () => {
    const file = await newFile(org);
    expect(
      (await rename(file.id, { file_id: file.id, file_name: 'same.md' }, org.owner.token)).body.data.fileName,
    ).toBe('same.md');
    const res = await rename(file.id, { fileId: randomUUID(), fileName: 'other.md' }, org.owner.token);
    expectProblem(res, 400, 'invalid_input', 'any');
  });

  it('refuses a bad or missing name and fields other than the name (400)', async () => {
    const file = await newFile(org);
    for (const fileName of ['', 'n'.repeat(256), 'dir/name.md', 'a\\b', 'tab\there']) {
      const res = await rename(file.id, { fileName }, org.owner.token);
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res), JSON.stringify(fileName)).toEqual(['fileName']);
    }
    expect(errorPaths(await rename(file.id, {}, org.owner.token))).toEqual(['fileName']);
    expect(errorPaths(await rename(file.id, { fileName: 'x.md', contentType: 'text/plain' }, org.owner.token))).toEqual(
      ['contentType'],
    );
    expect(errorPaths(await rename(file.id, { fileName: 'x.md', content: 'new' }, org.owner.token))).toEqual([
      'content',
    ]);
  });

  it('refuses a new name whose extension does not match the stored content type, or that holds bidi controls (400)', async () => {
    const file = await newFile(org, { fileName: 'table.csv', contentType: 'text/csv', content: 'a,b\n' });
    for (const fileName of ['table.md', 'table.txt', 'table', 'table.csv.exe', 'tab\u202Evsc.csv']) {
      const res = await rename(file.id, { fileName }, org.owner.token);
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res), JSON.stringify(fileName)).toEqual(['fileName']);
    }
    expect((await rename(file.id, { fileName: 'Final TABLE.CSV' }, org.owner.token)).body.data.fileName).toBe(
      'Final TABLE.CSV',
    );
  });

  it('is refused to a viewer (403), answers 404 to a non-member and for an unknown file, 401 without a token', async () => {
    const file = await newFile(org, { fileName: 'unchanged.md' });
    expectProblem(await rename(file.id, { fileName: 'viewer.md' }, viewer.token), 403, 'forbidden');
    const stranger = await signUp('Stranger');
    expectProblem(await rename(file.id, { fileName: 'stranger.md' }, stranger.token), 404, 'not_found');
    expectProblem(await rename(randomUUID(), { fileName: 'ghost.md' }, org.owner.token), 404, 'not_found');
    expectProblem(
      await call('PATCH', `/v1/files/${file.id}`, { body: { fileName: 'anon.md' } }),
      401,
      'unauthenticated',
    );
    const listed = await listFiles(`ownerType=activity&ownerId=${org.activityId}`, org.owner.token);
    expect(listed.body.items.find((f: any) => f.id === file.id).fileName).toBe('unchanged.md');
  });
});
