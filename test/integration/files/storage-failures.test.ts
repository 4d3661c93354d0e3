/**
 * S3 failing under the functions' own writes (docs/decisions.md "Retries and browsers"): the S3 client retries a throttled
 * or 5xx answer (S3_ATTEMPTS in all), and what still fails is a clean 429 `rate_limited` problem
 * with Retry-After, never a 500 or a stack. Against a stand-in S3 endpoint that answers what a
 * test says (the SDK's own retries run), and with aws-sdk-client-mock on S3Client. The deletes call
 * no S3: they release their objects, and the object sweep deletes them, keeping what S3 refused.
 */
import { DeleteObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { S3_ATTEMPTS } from '../../../shared/integrations/storage-writes/cloud.ts';
import { call } from '../../support/call.ts';
import { s3Endpoint, standInS3, useS3 } from '../../support/s3.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { newFile, objectKeys, postFile } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';
import { deleteReleasedObjects, releaseObjects, releasedObjects } from '../../../shared/db/storage/index.ts';

useS3();

let org: OrgWithRecords;

beforeAll(async () => {
  org = await newOrgWithRecords('Storage Failures');
});

let s3: AwsStub<any, any, any> | undefined;

afterEach(() => {
  s3?.restore();
  s3 = undefined;
});

function expectCleanBusy(res: Awaited<ReturnType<typeof call>>) {
  expectProblem(res, 429, 'rate_limited');
  expect(res.headers['retry-after']).toBe('1');
  expect(JSON.stringify(res.body)).not.toMatch(/stack|SlowDown|InternalError|\bat .*\.ts/);
}

describe('the S3 client retries, then answers a clean problem', () => {
  it('POST /v1/files while S3 says SlowDown (503) every time: retried, then 429 with Retry-After; no file is recorded', async () => {
    const { requests } = await standInS3(() => ({ status: 503, code: 'SlowDown' }));
    const res = await postFile(org, { fileName: 'slow.md' });
    expectCleanBusy(res);
    expect(requests).toHaveLength(S3_ATTEMPTS);
    expect(requests.every((r) => r.startsWith('PUT /files/'))).toBe(true);
    process.env.S3_ENDPOINT = s3Endpoint();
    const list = await call(
      'GET',
      `/v1/files?organizationId=${org.organizationId}&ownerType=activity&ownerId=${org.activityId}`,
      { token: org.owner.token },
    );
    expect(list.body.items.map((f: { fileName: string }) => f.fileName)).not.toContain('slow.md');
  });

  it('POST /v1/files when S3 answers 500 InternalError twice and then stores it: 201', async () => {
    const { requests } = await standInS3((n) =>
      n < S3_ATTEMPTS ? { status: 500, code: 'InternalError' } : { status: 200 },
    );
    const res = await postFile(org, { fileName: 'second-try.md' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(requests).toHaveLength(S3_ATTEMPTS);
  });

  it("DELETE of a campaign's files calls no S3; while S3 is throttled (aws-sdk-client-mock) the object sweep keeps the released objects, and deletes them once S3 answers", async () => {
    const campaign = await call('POST', '/v1/campaigns', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, name: 'Throttled' },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const file = await newFile(org, { ownerType: 'campaign', ownerId: campaign.body.data.id, fileName: 'kept.md' });
    s3 = mockClient(S3Client);
    s3.on(DeleteObjectCommand).rejects(
      new S3ServiceException({
        name: 'SlowDown',
        $fault: 'server',
        message: 'Please reduce your request rate.',
        $metadata: { httpStatusCode: 503, attempts: S3_ATTEMPTS },
      }),
    );
    const res = await call('DELETE', `/v1/campaigns/${campaign.body.data.id}`, { token: org.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    // The scheduled job fails (its alarm) and keeps the object for the next run.
    const { handler: sweep } = await import('../../../functions/jobs/delete-released-objects.ts');
    await expect(sweep()).rejects.toThrow('1 released object(s) not deleted');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
    expect(await releasedObjects()).toEqual([
      expect.objectContaining({ bucket: 'files', objectKey: `files/${org.organizationId}/${file.id}` }),
    ]);
    s3.restore();
    s3 = undefined;
    expect(await objectKeys(`files/${org.organizationId}/`)).toEqual(
      expect.arrayContaining([expect.stringContaining(file.id)]),
    );
    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect(await objectKeys(`files/${org.organizationId}/`)).not.toEqual(
      expect.arrayContaining([expect.stringContaining(file.id)]),
    );
    expect(await releasedObjects()).toEqual([]);
  });

  it('the object sweep deletes what S3 deletes and keeps only the object it refused (aws-sdk-client-mock), which a later run deletes', async () => {
    const [refused, deleted] = [`files/${org.organizationId}/refused`, `files/${org.organizationId}/deleted`];
    await releaseObjects('files', [refused, deleted, refused]);
    expect((await releasedObjects()).map((o) => o.objectKey).sort()).toEqual([deleted, refused]);
    s3 = mockClient(S3Client);
    s3.on(DeleteObjectCommand).resolves({});
    s3.on(DeleteObjectCommand, { Key: refused }).rejects(
      new S3ServiceException({
        name: 'AccessDenied',
        $fault: 'client',
        message: 'Access Denied',
        $metadata: { httpStatusCode: 403 },
      }),
    );
    expect(await deleteReleasedObjects()).toEqual({ deleted: 1, failed: 1 });
    expect(
      s3
        .commandCalls(DeleteObjectCommand)
        .map((call) => call.args[0].input.Key)
        .sort(),
    ).toEqual([deleted, refused]);
    expect((await releasedObjects()).map((o) => o.objectKey)).toEqual([refused]);
    s3.restore();
    s3 = undefined;
    // S3 answers a missing key as deleted.
    expect(await deleteReleasedObjects()).toEqual({ deleted: 1, failed: 0 });
    expect(await releasedObjects()).toEqual([]);
  });

  it('a PutObject rejected as throttled (aws-sdk-client-mock) is the same 429', async () => {
    s3 = mockClient(S3Client);
    s3.on(PutObjectCommand).rejects(
      new S3ServiceException({
        name: 'ServiceUnavailable',
        $fault: 'server',
        message: 'Reduce your request rate.',
        $metadata: { httpStatusCode: 503 },
      }),
    );
    expectCleanBusy(await postFile(org, { fileName: 'mocked.md' }));
  });
});
