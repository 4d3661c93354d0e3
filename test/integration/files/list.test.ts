/** GET /v1/files: an owner's files newest first, who added each and how; roles and tenants. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember } from '../organizations/helpers.ts';
import { errorPaths, listFiles, newFile } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';
import { useS3 } from '../../support/s3.ts';

useS3();

let org: OrgWithRecords;
let viewer: TestUser;
let files: Record<string, any>[];

beforeAll(async () => {
  org = await newOrgWithRecords('Lena Lister');
  viewer = await signUp('Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  const agent = tokenFor(org.owner.userId, { agent: true });
  files = [];
  files.push(await newFile(org, { fileName: 'first.md' }));
  files.push(await newFile(org, { fileName: 'second.csv', contentType: 'text/csv', content: 'a,b\n' }, agent));
  files.push(
    await newFile(org, { fileName: 'third.txt', contentType: 'text/plain', content: 'x', description: 'Third' }),
  );
  // Another owner's file, which no list of the activity shows.
  await newFile(org, { ownerType: 'creator', ownerId: org.creatorId, fileName: 'creator.md' });
});

const activityQuery = () => `ownerType=activity&ownerId=${org.activityId}`;

describe('GET /v1/files', () => {
  it("lists the owner's files newest first, with who added each and whether a person or an AI assistant did", async () => {
    const res = await listFiles(`organizationId=${org.organizationId}&${activityQuery()}`, org.owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.facets).toEqual({});
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    expect(res.body.items).toEqual([...files].reverse());
    expect(res.body.items.map((f: any) => [f.fileName, f.createdBy, f.createdByName, f.createdByType])).toEqual([
      ['third.txt', org.owner.userId, 'Lena Lister', 'person'],
      ['second.csv', org.owner.userId, 'Lena Lister', 'ai_assistant'],
      ['first.md', org.owner.userId, 'Lena Lister', 'person'],
    ]);
    // Neither the content nor where it is stored.
    for (const item of res.body.items) {
      expect(item).not.toHaveProperty('content');
      expect(item).not.toHaveProperty('s3Key');
    }
  });

  it('finds the tenant through the owner when organizationId is absent; snake_case works', async () => {
    const res = await listFiles(`owner_type=creator&owner_id=${org.creatorId}`, viewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((f: any) => f.fileName)).toEqual(['creator.md']);
    expect(res.body.totalCount).toBe(1);
  });

  it('answers an empty list for an owner without files', async () => {
    const other = await newOrgWithRecords();
    const res = await listFiles(`ownerType=creator&ownerId=${other.creatorId}`, other.owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], totalCount: 0, facets: {} });
  });

  it('answers 404 for an owner that does not exist or is not in the named organization', async () => {
    const other = await newOrgWithRecords('Other Owner');
    await addMember(other.organizationId, other.owner, org.owner, 'member');
    for (const query of [
      `organizationId=${org.organizationId}&ownerType=activity&ownerId=${other.activityId}`,
      `organizationId=${org.organizationId}&ownerType=creator&ownerId=${randomUUID()}`,
      `organizationId=${org.organizationId}&ownerType=creator&ownerId=${org.activityId}`,
      `ownerType=campaign&ownerId=${randomUUID()}`,
      `ownerType=creator&ownerId=${org.activityId}`,
    ]) {
      const res = await listFiles(query, org.owner.token);
      expectProblem(res, 404, 'not_found');
    }
  });

  it('is open to a viewer; a non-member gets 403 naming the organization and 404 without it', async () => {
    expect((await listFiles(activityQuery(), viewer.token)).body.totalCount).toBe(3);
    const stranger = await signUp('Stranger');
    expectProblem(
      await listFiles(`organizationId=${org.organizationId}&${activityQuery()}`, stranger.token),
      403,
      'forbidden',
    );
    expectProblem(await listFiles(activityQuery(), stranger.token), 404, 'not_found');
  });

  it('requires ownerType and ownerId, refuses unknown parameters (400), and a token (401)', async () => {
    const missing = await listFiles(`organizationId=${org.organizationId}`, org.owner.token);
    expectProblem(missing, 400, 'invalid_input', 'any');
    expect(errorPaths(missing).sort()).toEqual(['ownerId', 'ownerType']);
    expect(errorPaths(await listFiles(`${activityQuery()}&pageSize=10`, org.owner.token))).toEqual(['pageSize']);
    expect(errorPaths(await listFiles(`ownerType=cost&ownerId=${org.activityId}`, org.owner.token))).toEqual([
      'ownerType',
    ]);
    expectProblem(await call('GET', `/v1/files?${activityQuery()}`), 401, 'unauthenticated');
  });
});
