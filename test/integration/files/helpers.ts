/**
 * Shared setup of the Files tests: the local S3 emulator (the functions write and presign against
 * it), an organization with an activity and a creator, and files made through the API.
 */
import { expect } from 'vitest';
import { fileObjectKey } from '../../../shared/db/evidence/files.ts';
import { call } from '../../support/call.ts';
import { s3Endpoint } from '../../support/s3.ts';
import type { OrgWithRecords } from '../../support/organizations.ts';

/** GET of a files-bucket object straight from the emulator: status, body and content type. */
export async function storedObject(tenantId: string, fileId: string) {
  const res = await fetch(`${s3Endpoint()}/files/${fileObjectKey(tenantId, fileId)}`);
  return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') };
}

/** The object keys stored under a prefix of the files bucket (ListObjects on the emulator). */
export async function objectKeys(prefix: string): Promise<string[]> {
  const res = await fetch(`${s3Endpoint()}/files?prefix=${encodeURIComponent(prefix)}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
}

type Org = OrgWithRecords;

/** POST /v1/files as `user` (the owner by default): a markdown file on the activity unless `body` says otherwise. */
export const postFile = (org: Org, body: Record<string, unknown> = {}, token: string = org.owner.token) =>
  call('POST', '/v1/files', {
    token,
    body: {
      organizationId: org.organizationId,
      ownerType: 'activity',
      ownerId: org.activityId,
      fileName: 'brief.md',
      contentType: 'text/markdown',
      content: '# Brief\n',
      ...body,
    },
  });

/** POST /v1/files that must succeed; returns the created record. */
export async function newFile(
  org: Org,
  body: Record<string, unknown> = {},
  token: string = org.owner.token,
): Promise<Record<string, any>> {
  const res = await postFile(org, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** GET /v1/files with a query string (no organizationId unless the query names it). */
export const listFiles = (query: string, token: string) => call('GET', `/v1/files?${query}`, { token });

/** The paths of a 400's field errors. */
export const errorPaths = (res: { body: { errors?: { path: string }[] } }) =>
  (res.body.errors ?? []).map((e) => e.path);
