/**
 * GET /v1/files/:id/download: a short-lived presigned GET that the S3 emulator answers with the
 * stored content, named by Content-Disposition; only members of the file's tenant get one.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember } from '../organizations/helpers.ts';
import { newFile } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';
import { useS3 } from '../../support/s3.ts';

useS3();

let org: OrgWithRecords;
let viewer: TestUser;

beforeAll(async () => {
  org = await newOrgWithRecords('Dora Download');
  viewer = await signUp('Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
});

const download = (fileId: string, token: string) => call('GET', `/v1/files/${fileId}/download`, { token });

/** Follows a download answer's URL: status, body, content type and content disposition. */
async function fetchDownload(data: { url: string; method: string }) {
  const res = await fetch(data.url, { method: data.method });
  return {
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
  };
}

describe('GET /v1/files/:id/download', () => {
  it('gives a viewer a five-minute presigned GET that serves exactly the stored content, named by Content-Disposition', async () => {
    const content = '# Plan\n\nWeek 1: "teaser" & launch\r\nWeek 2: ✓\n';
    const file = await newFile(org, { fileName: 'plan.md', content });
    const before = Date.now();
    const res = await download(file.id, viewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      url: expect.any(String),
      method: 'GET',
      expiresAt: expect.any(String),
      fileName: 'plan.md',
      contentType: 'text/markdown',
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    const expiresIn = Date.parse(res.body.data.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(301_000);
    const url = new URL(res.body.data.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.pathname).toBe(`/files/files/${org.organizationId}/${file.id}`);
    expect(await fetchDownload(res.body.data)).toEqual({
      status: 200,
      body: content,
      contentType: 'text/markdown; charset=utf-8',
      disposition: "attachment; filename*=UTF-8''plan.md",
    });
  });

  it('names a file with a non-ASCII name in UTF-8 (RFC 5987) and serves its content unchanged', async () => {
    const content = 'Spalte;Wert\nÜbersicht;1\n';
    const file = await newFile(org, { fileName: 'Übersicht März.csv', contentType: 'text/csv', content });
    const res = await download(file.id, org.owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.fileName).toBe('Übersicht März.csv');
    const got = await fetchDownload(res.body.data);
    expect(got).toMatchObject({ status: 200, body: content, contentType: 'text/csv; charset=utf-8' });
    expect(got.disposition).toBe("attachment; filename*=UTF-8''%C3%9Cbersicht%20M%C3%A4rz.csv");
    const [, encoded] = /filename\*=UTF-8''(.+)$/.exec(got.disposition!)!;
    expect(decodeURIComponent(encoded!)).toBe('Übersicht März.csv');
  });

  it('names a file whose name holds quotes, apostrophes, parentheses and semicolons in one strict RFC 8187 parameter', async () => {
    const fileName = `it's "final"; filename=evil (v2) *draft*.md`;
    const file = await newFile(org, { fileName });
    const res = await download(file.id, org.owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await fetchDownload(res.body.data);
    expect(got.status).toBe(200);
    // One parameter whose value is attr-chars and %XX escapes only: nothing in the name can end it or add another.
    expect(got.disposition).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/);
    expect(got.disposition).toBe(
      "attachment; filename*=UTF-8''it%27s%20%22final%22%3B%20filename%3Devil%20%28v2%29%20%2Adraft%2A.md",
    );
    const [, encoded] = /filename\*=UTF-8''(.+)$/.exec(got.disposition!)!;
    expect(decodeURIComponent(encoded!)).toBe(fileName);
  });

  it('names the file by its current name after a rename', async () => {
    const file = await newFile(org, { fileName: 'draft.txt', contentType: 'text/plain', content: 'v1' });
    const renamed = await call('PATCH', `/v1/files/${file.id}`, {
      token: org.owner.token,
      body: { fileName: 'final.txt' },
    });
    expect(renamed.status).toBe(200);
    const res = await download(file.id, org.owner.token);
    expect(res.body.data.fileName).toBe('final.txt');
    expect(await fetchDownload(res.body.data)).toMatchObject({
      body: 'v1',
      disposition: "attachment; filename*=UTF-8''final.txt",
    });
  });

  it('answers 404 to a non-member, for an unknown id and for the id of another kind of record', async () => {
    const file = await newFile(org);
    const stranger = await signUp('Stranger');
    expectProblem(await download(file.id, stranger.token), 404, 'not_found');
    expectProblem(await download(randomUUID(), org.owner.token), 404, 'not_found');
    expectProblem(await download(org.activityId, org.owner.token), 404, 'not_found');
  });

  it('answers 400 for an id that is not a uuid, an unknown parameter, and 401 without a token', async () => {
    const file = await newFile(org);
    expectProblem(await download('nope', org.owner.token), 400, 'invalid_input', [
      { path: 'id', message: 'Must be a UUID.' },
    ]);
    const extra = await call('GET', `/v1/files/${file.id}/download?inline=true`, { token: org.owner.token });
    expectProblem(extra, 400, 'invalid_input', 'any');
    expectProblem(await call('GET', `/v1/files/${file.id}/download`), 401, 'unauthenticated');
  });
});
