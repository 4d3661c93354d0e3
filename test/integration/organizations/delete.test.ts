/**
 * DELETE /v1/organizations/:id and the cascade behind it (shared/db/tenancy/tenant-deletion.ts), against
 * DynamoDB Local and the local S3 emulator: every item of the tenant's partition is gone and the
 * files-bucket objects they name are released (the object sweep deletes them), other tenants are
 * untouched, and an interrupted deletion completes when called again.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { deleteReleasedObjects, releasedObjects } from '../../../shared/db/storage/index.ts';
import { pendingInvitationsFor } from '../../../shared/db/tenancy/invitations.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { addMembership, membershipsOfUser } from '../../../shared/db/tenancy/memberships.ts';
import { deleteTenantCascade, finishInterruptedDeletions } from '../../../shared/db/tenancy/tenant-deletion.ts';
import { NotFoundError } from '../../../shared/domain/errors.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { s3Endpoint, useS3 } from '../../support/s3.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, newOrganization, organizationsOf } from './helpers.ts';

useS3();

afterEach(() => {
  vi.restoreAllMocks();
});

const objectUrl = (key: string) => `${s3Endpoint()}/files/${key}`;

async function putObject(key: string): Promise<void> {
  const res = await fetch(objectUrl(key), {
    method: 'PUT',
    body: `content of ${key}`,
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.status).toBe(200);
  expect((await fetch(objectUrl(key))).status).toBe(200);
}

const objectStatus = async (key: string) => (await fetch(objectUrl(key))).status;

/** Whether a files-bucket object is released and not deleted yet. */
const isReleased = async (key: string) =>
  (await releasedObjects()).some((o) => o.bucket === 'files' && o.objectKey === key);

/** Runs the object sweep once; nothing may fail. */
async function sweep(): Promise<void> {
  expect(await deleteReleasedObjects()).toMatchObject({ failed: 0 });
}

/**
 * Items as the other groups keep them: in the tenant's partition, some naming a files-bucket
 * object, each record with the pointer that finds it by id (shared/db/table/records.ts).
 */
async function putTenantRecords(tenantId: string, records: Record<string, unknown>[]): Promise<void> {
  const items = records.flatMap((record) => {
    const item = { ...keys.tenantPartition(tenantId), ...record };
    if (typeof record.id !== 'string') return [item];
    return [item, { ...keys.recordPointer(record.id), kind: 'note', tenantId, recordPk: item.pk, recordSk: record.sk }];
  });
  for (let i = 0; i < items.length; i += 25) {
    const chunk = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: chunk } }));
    expect(out.UnprocessedItems?.[tableName()] ?? []).toEqual([]);
  }
}

/** Every item of a tenant's partition (sort keys), read consistently. */
async function partition(tenantId: string): Promise<string[]> {
  const sks: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenantId).pk },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    sks.push(...(page.Items ?? []).map((item) => item.sk as string));
    start = page.LastEvaluatedKey;
  } while (start);
  return sks;
}

/**
 * A tenant with sample records of every kind the spec names (`count` notes among them), one file,
 * and the ids of its records (each has a pointer).
 */
async function tenantWithRecords(owner: TestUser, count = 10) {
  const orgId = await newOrganization(owner, 'Doomed');
  const fileKey = `tenants/${orgId}/files/${randomUUID()}.txt`;
  await putObject(fileKey);
  const records = [
    { sk: 'CREATOR#', name: 'Creator' },
    { sk: 'ACTIVITY#', title: 'Post' },
    { sk: 'CAMPAIGN#', name: 'Launch' },
    { sk: 'COST#', amount: 10 },
    { sk: 'OUTCOME#', value: 3 },
    { sk: 'FILE#', s3Key: fileKey, name: 'brief.txt' },
    ...Array.from({ length: count }, () => ({ sk: 'NOTE#', body: 'n' })),
  ].map((record) => {
    const id = randomUUID();
    return { ...record, id, sk: `${record.sk}${id}` };
  });
  await putTenantRecords(orgId, records);
  return { orgId, fileKey, recordIds: records.map((r) => r.id) };
}

/** How many of these records still have their pointer. */
async function pointersLeft(recordIds: string[]): Promise<number> {
  let left = 0;
  for (const id of recordIds) {
    const out = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.recordPointer(id), ConsistentRead: true }),
    );
    if (out.Item) left++;
  }
  return left;
}

const failure = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('DELETE /v1/organizations/:id', () => {
  it('removes every record of the tenant, its memberships and invitations, and the files it names', async () => {
    const owner = await signUp();
    const member = await signUp();
    const pending = await signUp();
    const { orgId, fileKey, recordIds } = await tenantWithRecords(owner, 60);
    await addMember(orgId, owner, member, 'member');
    await addMembership(orgId, pending.userId, 'viewer', 'pending');
    expect(await pointersLeft(recordIds)).toBe(66);
    const invited = `invited-${randomUUID()}@example.com`;
    expect(
      (
        await call('POST', `/v1/organizations/${orgId}/invites`, {
          token: owner.token,
          body: { email: invited, role: 'member' },
        })
      ).status,
    ).toBe(201);
    // Another tenant's records and files are not touched.
    const other = await tenantWithRecords(member, 3);
    const otherBefore = await partition(other.orgId);
    expect((await partition(orgId)).length).toBeGreaterThan(70);

    const res = await call('DELETE', `/v1/organizations/${orgId}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: orgId, deleted: true });
    expect(res.body._meta.requestId).toBeTypeOf('string');

    expect(await partition(orgId)).toEqual([]);
    expect(await pointersLeft(recordIds)).toBe(0);
    expect(await isReleased(fileKey)).toBe(true);
    await sweep();
    expect(await objectStatus(fileKey)).toBe(404);
    for (const user of [owner, member, pending]) {
      expect((await organizationsOf(user)).map((o) => o.id)).not.toContain(orgId);
      expect((await membershipsOfUser(user.userId)).map((m) => m.tenantId)).not.toContain(orgId);
    }
    expect(await pendingInvitationsFor(invited)).toEqual([]);
    expectProblem(await call('GET', `/v1/organizations/${orgId}`, { token: owner.token }), 404, 'not_found');
    expectProblem(
      await call('GET', `/v1/organizations/${orgId}/users?pageIndex=0&pageSize=10`, { token: member.token }),
      404,
      'not_found',
    );
    expectProblem(await call('DELETE', `/v1/organizations/${orgId}`, { token: owner.token }), 404, 'not_found');

    expect(await partition(other.orgId)).toEqual(otherBefore);
    expect(await pointersLeft(other.recordIds)).toBe(9);
    expect(await objectStatus(other.fileKey)).toBe(200);
    expect((await organizationsOf(member)).map((o) => o.id)).toEqual([other.orgId]);
  });

  it('pages through a partition larger than one query page (1 MB)', async () => {
    const owner = await signUp();
    const orgId = await newOrganization(owner);
    // 40 items of ~40 KB: more than one 1 MB query page.
    await putTenantRecords(
      orgId,
      Array.from({ length: 40 }, (_, i) => ({ sk: `BLOB#${i}`, padding: 'x'.repeat(40_000) })),
    );
    const continued = vi.spyOn(DynamoDBDocumentClient.prototype, 'send');
    expect((await call('DELETE', `/v1/organizations/${orgId}`, { token: owner.token })).status).toBe(200);
    const pages = continued.mock.calls.filter(
      ([command]) => command instanceof QueryCommand && command.input.ExclusiveStartKey !== undefined,
    );
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(await partition(orgId)).toEqual([]);
  });

  it('is owner only: 403 for members and viewers, 404 for non-members, and nothing is deleted', async () => {
    const owner = await signUp();
    const member = await signUp();
    const viewer = await signUp();
    const { orgId, fileKey } = await tenantWithRecords(owner, 2);
    await addMember(orgId, owner, member, 'member');
    await addMember(orgId, owner, viewer, 'viewer');
    const before = await partition(orgId);
    expectProblem(await call('DELETE', `/v1/organizations/${orgId}`, { token: member.token }), 403, 'forbidden');
    expectProblem(await call('DELETE', `/v1/organizations/${orgId}`, { token: viewer.token }), 403, 'forbidden');
    expectProblem(
      await call('DELETE', `/v1/organizations/${orgId}`, { token: (await signUp()).token }),
      404,
      'not_found',
    );
    expect(await partition(orgId)).toEqual(before);
    expect(await objectStatus(fileKey)).toBe(200);
    expect((await call('GET', `/v1/organizations/${orgId}`, { token: viewer.token })).status).toBe(200);
  });

  it("refuses the owner's agent token (403), as workspace delete does, and deletes nothing", async () => {
    const owner = await signUp();
    const { orgId, fileKey } = await tenantWithRecords(owner, 2);
    const before = await partition(orgId);
    const agent = tokenFor(owner.userId, { email: owner.email, agent: true });
    expectProblem(await call('DELETE', `/v1/organizations/${orgId}`, { token: agent }), 403, 'forbidden');
    expectProblem(await call('DELETE', `/v1/workspaces/${orgId}`, { token: agent }), 403, 'forbidden');
    expect(await partition(orgId)).toEqual(before);
    expect(await objectStatus(fileKey)).toBe(200);
  });
});

describe('deleteTenantCascade', () => {
  const realSend = DynamoDBDocumentClient.prototype.send as (
    this: DynamoDBDocumentClient,
    command: unknown,
  ) => Promise<any>;

  it('retries the items a BatchWrite leaves unprocessed, at once and exactly those', async () => {
    const owner = await signUp();
    const { orgId } = await tenantWithRecords(owner, 10);
    const log: string[] = [];
    let unprocessed: unknown[] | undefined;
    let retried = false;
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      command: any,
    ) {
      if (!(command instanceof BatchWriteCommand)) {
        log.push(command.constructor.name);
        return realSend.call(this, command);
      }
      const requests = command.input.RequestItems![tableName()]!;
      // The released objects, written first.
      if (requests[0]!.PutRequest) {
        log.push(`BatchPut(${requests.length})`);
        return realSend.call(this, command);
      }
      log.push(`BatchWrite(${requests.length})`);
      if (unprocessed) {
        if (!retried) expect(requests).toEqual(unprocessed);
        retried = true;
        return realSend.call(this, command);
      }
      // DynamoDB under load: the first batch is only half written.
      const half = Math.floor(requests.length / 2);
      unprocessed = requests.slice(half);
      await realSend.call(this, new BatchWriteCommand({ RequestItems: { [tableName()]: requests.slice(0, half) } }));
      return { UnprocessedItems: { [tableName()]: unprocessed }, $metadata: {} };
    } as never);
    await deleteTenantCascade(orgId);
    // The file's object released; the pointers of 16 records and of the owner's membership in one
    // batch, its unprocessed half retried at once; then the 16 records, the aggregate and the membership.
    expect(log).toEqual([
      'UpdateCommand',
      'QueryCommand',
      'BatchPut(1)',
      'BatchWrite(17)',
      'BatchWrite(9)',
      'BatchWrite(18)',
      'QueryCommand',
      'DeleteCommand',
    ]);
    expect(await partition(orgId)).toEqual([]);
  });

  it('throws after bounded attempts when items stay unprocessed, leaving the tenant marked and in place', async () => {
    const owner = await signUp();
    const { orgId } = await tenantWithRecords(owner, 1);
    let attempts = 0;
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      command: any,
    ) {
      if (!(command instanceof BatchWriteCommand)) return realSend.call(this, command);
      attempts++;
      return { UnprocessedItems: command.input.RequestItems, $metadata: {} };
    } as never);
    const error = await failure(deleteTenantCascade(orgId));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/unprocessed/);
    expect(attempts).toBe(8);
    vi.restoreAllMocks();
    const tenant = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.tenant(orgId), ConsistentRead: true }),
    );
    expect(tenant.Item?.deletingAt).toBeTypeOf('string');
  });

  it('completes when called again after an interruption mid-way; the tenant is gone for every reader meanwhile', async () => {
    const owner = await signUp();
    const member = await signUp();
    const { orgId, fileKey, recordIds } = await tenantWithRecords(owner, 60);
    await addMember(orgId, owner, member, 'viewer');
    const total = (await partition(orgId)).length;
    let itemBatches = 0;
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      command: any,
    ) {
      // The Lambda dies after the pointers and the first batch of items.
      const first = command instanceof BatchWriteCommand ? command.input.RequestItems![tableName()]![0] : undefined;
      if (first?.DeleteRequest?.Key?.pk.startsWith('TENANT#') && ++itemBatches === 2)
        throw new Error('simulated timeout');
      return realSend.call(this, command);
    } as never);
    expect(await failure(deleteTenantCascade(orgId))).toMatchObject({ message: 'simulated timeout' });
    vi.restoreAllMocks();

    const left = await partition(orgId);
    expect(left.length).toBe(total - 25);
    expect(left).toContain('TENANT');
    expect(await isReleased(fileKey)).toBe(true);
    expect((await organizationsOf(owner)).map((o) => o.id)).not.toContain(orgId);
    expectProblem(await call('GET', `/v1/organizations/${orgId}`, { token: member.token }), 404, 'not_found');

    await deleteTenantCascade(orgId);
    expect(await partition(orgId)).toEqual([]);
    expect(await pointersLeft(recordIds)).toBe(0);
    expect(await membershipsOfUser(member.userId)).toEqual([]);
    await sweep();
    expect(await objectStatus(fileKey)).toBe(404);
  });

  it('is finished by the sweeper job once the interruption is old enough, and only then', async () => {
    const owner = await signUp();
    const { orgId, recordIds } = await tenantWithRecords(owner, 30);
    let itemBatches = 0;
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      command: any,
    ) {
      const first = command instanceof BatchWriteCommand ? command.input.RequestItems![tableName()]![0] : undefined;
      if (first?.DeleteRequest?.Key?.pk.startsWith('TENANT#') && ++itemBatches === 1)
        throw new Error('simulated timeout');
      return realSend.call(this, command);
    } as never);
    expect(await failure(deleteTenantCascade(orgId))).toMatchObject({ message: 'simulated timeout' });
    vi.restoreAllMocks();

    // A deletion marked just now may still be running in its request: the sweeper leaves it.
    expect(await finishInterruptedDeletions(60_000)).not.toContain(orgId);
    expect((await partition(orgId)).length).toBeGreaterThan(0);

    const { handler } = await import('../../../functions/jobs/finish-tenant-deletions.ts');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const result = await handler();
    vi.useRealTimers();
    expect(result.finished).toContain(orgId);
    expect(await partition(orgId)).toEqual([]);
    expect(await pointersLeft(recordIds)).toBe(0);
    expect(await finishInterruptedDeletions(0)).not.toContain(orgId);
  });

  it('releases the files before deleting the items naming them, so an interruption loses no reference', async () => {
    const owner = await signUp();
    const { orgId, fileKey } = await tenantWithRecords(owner, 1);
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      command: any,
    ) {
      if (command instanceof BatchWriteCommand && command.input.RequestItems![tableName()]![0]!.PutRequest)
        throw new Error('simulated timeout');
      return realSend.call(this, command);
    } as never);
    expect(await failure(deleteTenantCascade(orgId))).toMatchObject({ message: 'simulated timeout' });
    vi.restoreAllMocks();
    expect(await isReleased(fileKey)).toBe(false);
    expect((await partition(orgId)).some((sk) => sk.startsWith('FILE#'))).toBe(true);

    await deleteTenantCascade(orgId);
    expect(await partition(orgId)).toEqual([]);
    expect(await isReleased(fileKey)).toBe(true);
    expect(await objectStatus(fileKey)).toBe(200);
    await sweep();
    expect(await objectStatus(fileKey)).toBe(404);
    expect(await isReleased(fileKey)).toBe(false);
  });

  it('treats a file that is already gone as deleted, and answers 404 for a tenant that does not exist', async () => {
    const owner = await signUp();
    const orgId = await newOrganization(owner);
    const neverUploaded = `tenants/${orgId}/files/never-uploaded.txt`;
    await putTenantRecords(orgId, [{ sk: `FILE#${randomUUID()}`, s3Key: neverUploaded }]);
    await deleteTenantCascade(orgId);
    expect(await partition(orgId)).toEqual([]);
    expect(await isReleased(neverUploaded)).toBe(true);
    await sweep();
    expect(await isReleased(neverUploaded)).toBe(false);
    const error = await failure(deleteTenantCascade(orgId));
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
