/**
 * POST /v1/files: the content is stored in the files bucket and the record names who added it;
 * inputs, roles and tenants are checked, and a refused create leaves no object behind.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember } from '../organizations/helpers.ts';
import { errorPaths, newFile, objectKeys, postFile, storedObject } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';
import { useS3 } from '../../support/s3.ts';

useS3();

let org: OrgWithRecords;
let viewer: TestUser;

beforeAll(async () => {
  org = await newOrgWithRecords('Fiona Files');
  viewer = await signUp('Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
});

const MiB = 1024 * 1024;

describe('POST /v1/files', () => {
  it("stores a markdown file on an activity in the caller's name and returns the record (201)", async () => {
    const content = '# Brief\n\n| a | b |\n|---|---|\n';
    const res = await postFile(org, { content, description: 'Launch brief' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org.organizationId,
      workspaceId: org.organizationId,
      ownerType: 'activity',
      ownerId: org.activityId,
      fileName: 'brief.md',
      contentType: 'text/markdown',
      description: 'Launch brief',
      sizeBytes: Buffer.byteLength(content),
      createdBy: org.owner.userId,
      createdByName: 'Fiona Files',
      createdByType: 'person',
      createdAt: expect.any(String),
      updatedAt: res.body.data.createdAt,
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    const object = await storedObject(org.organizationId, res.body.data.id);
    expect(object).toEqual({ status: 200, body: content, contentType: 'text/markdown; charset=utf-8' });
  });

  it('stores plain text and CSV on a creator; sizeBytes counts UTF-8 bytes; description defaults to null', async () => {
    const text = await newFile(org, {
      ownerType: 'creator',
      ownerId: org.creatorId,
      fileName: 'grüße.txt',
      contentType: 'text/plain',
      content: 'Grüße',
    });
    expect(text).toMatchObject({
      ownerType: 'creator',
      ownerId: org.creatorId,
      fileName: 'grüße.txt',
      contentType: 'text/plain',
      sizeBytes: 7,
      description: null,
    });
    expect(await storedObject(org.organizationId, text.id)).toEqual({
      status: 200,
      body: 'Grüße',
      contentType: 'text/plain; charset=utf-8',
    });
    const csv = await newFile(org, {
      ownerType: 'creator',
      ownerId: org.creatorId,
      fileName: 'costs.csv',
      contentType: 'text/csv',
      content: 'a,b\n1,2\n',
    });
    expect(csv).toMatchObject({ contentType: 'text/csv', sizeBytes: 8 });
    expect((await storedObject(org.organizationId, csv.id)).contentType).toBe('text/csv; charset=utf-8');
  });

  it('takes the tenant from the owner when organizationId is absent, and accepts snake_case inputs', async () => {
    const res = await call('POST', '/v1/files', {
      token: org.owner.token,
      body: {
        owner_type: 'activity',
        owner_id: org.activityId,
        file_name: 'notes.txt',
        content_type: 'text/plain',
        content: 'hello',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      organizationId: org.organizationId,
      ownerId: org.activityId,
      fileName: 'notes.txt',
    });
  });

  it("marks a file written with an agent token as ai_assistant, in the user's name", async () => {
    const agent = tokenFor(org.owner.userId, { agent: true, name: 'Fiona Files' });
    const file = await newFile(org, { fileName: 'summary.md' }, agent);
    expect(file).toMatchObject({
      createdBy: org.owner.userId,
      createdByName: 'Fiona Files',
      createdByType: 'ai_assistant',
    });
  });

  it('accepts exactly 1 MiB of UTF-8 content, even though its JSON body is larger than 1 MiB', async () => {
    const content = 'ü'.repeat(MiB / 2); // 2 bytes each; the JSON body adds the other fields
    const file = await newFile(org, { fileName: 'big.txt', contentType: 'text/plain', content });
    expect(file.sizeBytes).toBe(MiB);
    const object = await storedObject(org.organizationId, file.id);
    expect(object.status).toBe(200);
    expect(object.body === content).toBe(true);
  });

  it('refuses content above 1 MiB of UTF-8 (400 on content), counted in bytes, not characters', async () => {
    for (const content of ['a'.repeat(MiB + 1), 'ü'.repeat(MiB / 2 + 1), '']) {
      const res = await postFile(org, { content });
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res)).toEqual(['content']);
    }
  });

  it("answers 413 to a body above the route's 4 MiB limit", async () => {
    const res = await postFile(org, { content: 'a'.repeat(4 * MiB) });
    expectProblem(res, 413, 'payload_too_large');
  });

  it('refuses a content type other than text/markdown, text/plain or text/csv (400)', async () => {
    for (const contentType of ['text/html', 'application/json', 'text/markdown; charset=utf-8', 'TEXT/CSV']) {
      const res = await postFile(org, { contentType });
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res), contentType).toEqual(['contentType']);
    }
  });

  it('refuses a file name that is empty, longer than 255, a path, or holds control characters (400)', async () => {
    for (const fileName of [
      '',
      '   ',
      'n'.repeat(256),
      'a/b.md',
      '..',
      'a\\b.md',
      'a\u0000b.md',
      'line\nbreak.md',
      '\u007f.md',
    ]) {
      const res = await postFile(org, { fileName });
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res), JSON.stringify(fileName)).toEqual(['fileName']);
    }
    expect((await newFile(org, { fileName: `${'n'.repeat(252)}.md` })).fileName).toHaveLength(255);
    expect((await newFile(org, { fileName: '  spaced name.md ' })).fileName).toBe('spaced name.md');
  });

  it('refuses a file name whose extension does not match its content type (400 on fileName), in any letter case', async () => {
    for (const [fileName, contentType] of [
      ['brief.txt', 'text/markdown'],
      ['brief', 'text/markdown'],
      ['notes.md', 'text/plain'],
      ['table.csv', 'text/plain'],
      ['table.txt', 'text/csv'],
      ['page.html', 'text/markdown'],
      ['md', 'text/markdown'],
    ]) {
      const res = await postFile(org, { fileName, contentType });
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res), `${fileName} as ${contentType}`).toEqual(['fileName']);
    }
    expect((await newFile(org, { fileName: 'LOUD.MD', contentType: 'text/markdown' })).fileName).toBe('LOUD.MD');
    expect((await newFile(org, { fileName: 'a.b.Csv', contentType: 'text/csv', content: 'a\n' })).fileName).toBe(
      'a.b.Csv',
    );
  });

  it('refuses a file name holding Unicode bidirectional controls (400), which could disguise its extension', async () => {
    for (const fileName of ['invoice\u202Edm.txt', 'a\u202Ab.md', 'a\u2066b\u2069.md', 'a\u200Fb.md', 'a\u061Cb.md']) {
      const res = await postFile(org, { fileName });
      expectProblem(res, 400, 'invalid_input', 'any');
      expect(errorPaths(res), JSON.stringify(fileName)).toEqual(['fileName']);
    }
  });

  it('refuses unknown fields, an unknown owner type, a long description and missing inputs (400)', async () => {
    expect(errorPaths(await postFile(org, { s3Key: 'files/x' }))).toEqual(['s3Key']);
    expect(errorPaths(await postFile(org, { createdByType: 'person' }))).toEqual(['createdByType']);
    expect(errorPaths(await postFile(org, { ownerType: 'cost' }))).toEqual(['ownerType']);
    expect(errorPaths(await postFile(org, { description: 'd'.repeat(1001) }))).toEqual(['description']);
    const res = await call('POST', '/v1/files', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, content: 'x' },
    });
    expectProblem(res, 400, 'invalid_input', 'any');
    expect(errorPaths(res).sort()).toEqual(['contentType', 'fileName', 'ownerId', 'ownerType']);
  });

  it('answers 401 without a valid token', async () => {
    expectProblem(await postFile(org, {}, 'not-a-token'), 401, 'unauthenticated');
    const res = await call('POST', '/v1/files', { body: { ownerType: 'activity', ownerId: org.activityId } });
    expectProblem(res, 401, 'unauthenticated');
  });

  it('is refused to a viewer (403) and to a non-member naming the organization (403)', async () => {
    expectProblem(await postFile(org, {}, viewer.token), 403, 'forbidden');
    const stranger = await signUp('Stranger');
    expectProblem(await postFile(org, {}, stranger.token), 403, 'forbidden');
  });

  it('answers 404 for an owner the caller cannot see when no organization is named', async () => {
    const stranger = await signUp('Stranger');
    const res = await postFile(org, { organizationId: undefined }, stranger.token);
    expectProblem(res, 404, 'not_found');
    const missing = await postFile(org, { organizationId: undefined, ownerId: randomUUID() });
    expectProblem(missing, 404, 'not_found');
  });

  it('answers 404 for an owner that is not in the named organization, and leaves no object behind', async () => {
    const other = await newOrgWithRecords('Other Owner');
    await addMember(other.organizationId, other.owner, org.owner, 'member');
    const kept = await newFile(org);
    const before = await objectKeys(`files/${org.organizationId}/`);
    expect(before).toContain(`files/${org.organizationId}/${kept.id}`);
    for (const body of [
      { ownerType: 'activity', ownerId: other.activityId },
      { ownerType: 'creator', ownerId: other.creatorId },
      { ownerType: 'creator', ownerId: randomUUID() },
      { ownerType: 'campaign', ownerId: randomUUID() },
      { ownerType: 'creator', ownerId: org.activityId },
    ]) {
      const res = await postFile(org, body);
      expectProblem(res, 404, 'not_found');
      expect(res.body.detail).toBe(`The ${body.ownerType} was not found.`);
    }
    // The objects written before the refused transactions were deleted again.
    expect(await objectKeys(`files/${org.organizationId}/`)).toEqual(before);
    expect(await objectKeys(`files/${other.organizationId}/`)).toEqual([]);
  });
});
