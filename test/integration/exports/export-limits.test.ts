/**
 * Exports are limited per tenant (docs/decisions.md "The service's own routes"): at most 3 queued or
 * running at once and 50 started a day, past either 429 `rate_limited` with Retry-After and
 * nothing written; a finished export (succeeded or failed) gives its place back, as does one the
 * queue never took; a place whose export never finished frees itself in time. Viewers may export.
 * No queue is configured here, so an export stays queued until the test runs it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { runExport } from '../../../functions/exports/run.ts';
import { createExport, EXPORTS_AT_ONCE, releaseExportSlot, SLOT_HELD_MS } from '../../../shared/db/exports/index.ts';
import { RateLimitedError } from '../../../shared/domain/errors.ts';
import { useExportQueue } from '../../../shared/integrations/export-queue/index.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { call } from '../../support/call.ts';
import { putMembership } from '../../support/memberships.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { useS3 } from '../../support/s3.ts';
import { signUp } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';

useS3();
afterEach(() => useExportQueue(undefined));

const CAMPAIGNS = { kind: 'campaigns', format: 'csv' } as const;
const start = (org: Org, token = org.owner.token) =>
  call('POST', '/v1/exports', { token, body: { organizationId: org.organizationId, ...CAMPAIGNS } });

/** The export items the organization's partition holds. */
async function exportItems(org: Org): Promise<Record<string, unknown>[]> {
  const res = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :export)',
      ExpressionAttributeValues: { ':pk': `TENANT#${org.organizationId}`, ':export': 'EXPORT#' },
      ConsistentRead: true,
    }),
  );
  return res.Items ?? [];
}

describe('exports at once', () => {
  it('accepts 3 of 25 concurrent exports and refuses 22 with 429 and Retry-After, writing nothing for them', async () => {
    const org = await newOrg();
    const answers = await Promise.all(Array.from({ length: 25 }, () => start(org)));
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(EXPORTS_AT_ONCE);
    expect(refused).toHaveLength(22);
    for (const answer of refused) {
      expectProblem(answer, 429, 'rate_limited');
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.body.detail).toMatch(/at most 3 exports at once, queued ones included/);
    }
    expect((await exportItems(org)).map((item) => item.id).sort()).toEqual(accepted.map((a) => a.body.data.id).sort());
    // Another organization has its own 3.
    expect((await start(await newOrg('Other'))).status).toBe(202);
  });

  it('gives the place back when an export succeeds or fails, and only then', async () => {
    const org = await newOrg();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await start(org)).body.data.id);
    expectProblem(await start(org), 429, 'rate_limited');

    expect(await runExport({ tenantId: org.organizationId, exportId: ids[0]! })).toBe('succeeded');
    const fourth = await start(org);
    expect(fourth.status).toBe(202);
    expectProblem(await start(org), 429, 'rate_limited');
    // A redelivered message of the finished export gives back nothing more.
    expect(await runExport({ tenantId: org.organizationId, exportId: ids[0]! })).toBe('skipped');
    expectProblem(await start(org), 429, 'rate_limited');

    // A failed export (its campaign does not exist) gives its place back too.
    const failing = await call('POST', '/v1/exports', {
      token: org.owner.token,
      body: {
        organizationId: org.organizationId,
        kind: 'outcome_measurements',
        format: 'csv',
        filters: { campaignId: '00000000-0000-4000-8000-00000000abcd' },
      },
    });
    expectProblem(failing, 429, 'rate_limited');
    expect(await runExport({ tenantId: org.organizationId, exportId: ids[1]! })).toBe('succeeded');
    const measured = await call('POST', '/v1/exports', {
      token: org.owner.token,
      body: {
        organizationId: org.organizationId,
        kind: 'outcome_measurements',
        format: 'csv',
        filters: { campaignId: '00000000-0000-4000-8000-00000000abcd' },
      },
    });
    expect(measured.status).toBe(202);
    expect(await runExport({ tenantId: org.organizationId, exportId: measured.body.data.id })).toBe('failed');
    expect((await start(org)).status).toBe(202);
  });

  it('gives the place back when the queue refuses the message', async () => {
    const org = await newOrg();
    useExportQueue({
      send: async () => {
        throw new Error('queue down');
      },
    });
    for (let i = 0; i < 4; i++) expect((await start(org)).status).toBe(500);
    useExportQueue(undefined);
    for (let i = 0; i < 3; i++) expect((await start(org)).status).toBe(202);
    expectProblem(await start(org), 429, 'rate_limited');
  });

  it('frees a place whose export never finished once its time is up', async () => {
    const org = await newOrg();
    const long = new Date(Date.now() - SLOT_HELD_MS - 60_000);
    for (let i = 0; i < 2; i++) await createExport(org.organizationId, { ...CAMPAIGNS, filters: {} }, long);
    await createExport(org.organizationId, { ...CAMPAIGNS, filters: {} });
    for (let i = 0; i < 2; i++) expect((await start(org)).status).toBe(202);
    expectProblem(await start(org), 429, 'rate_limited');
  });
});

/** Seconds until the UTC day ends: the day's window (rate-limits.ts windows are aligned to the epoch). */
function secondsToMidnight(): number {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
}

describe('exports per day', () => {
  it('starts 50 a day; the 51st is 429 until the day ends, even with places free', async () => {
    const org = await newOrg();
    for (let i = 0; i < 50; i++) {
      await releaseExportSlot(await createExport(org.organizationId, { ...CAMPAIGNS, filters: {} }));
    }
    const refused = await start(org);
    expectProblem(refused, 429, 'rate_limited');
    expect(refused.body.detail).toMatch(/at most 50 exports per day/);
    expect(Math.abs(Number(refused.headers['retry-after']) - secondsToMidnight())).toBeLessThan(120);
    // Tomorrow is a new day.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await createExport(org.organizationId, { ...CAMPAIGNS, filters: {} }, tomorrow)).status).toBe('queued');
  });

  it("refuses with the day's limit and Retry-After when the day is used up and every place is held too", async () => {
    const org = await newOrg();
    const at = new Date();
    for (let i = 0; i < 47; i++)
      await releaseExportSlot(await createExport(org.organizationId, { ...CAMPAIGNS, filters: {} }, at));
    for (let i = 0; i < 3; i++) await createExport(org.organizationId, { ...CAMPAIGNS, filters: {} }, at);
    const error = createExport(org.organizationId, { ...CAMPAIGNS, filters: {} }, at);
    await expect(error).rejects.toBeInstanceOf(RateLimitedError);
    await expect(error).rejects.toMatchObject({ detail: expect.stringMatching(/50 exports per day/) });
    const { retryAfterSeconds } = (await error.catch((e: unknown) => e)) as RateLimitedError;
    expect(Math.abs(retryAfterSeconds - secondsToMidnight())).toBeLessThan(120);
  });
});

describe('who may export', () => {
  it('lets viewers export and read their export (exports are reads)', async () => {
    const org = await newOrg();
    const viewer = await signUp('Viewer');
    await putMembership({ tenantId: org.organizationId, userId: viewer.userId, role: 'viewer' });
    const started = await start(org, viewer.token);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await call('GET', `/v1/exports/${started.body.data.id}`, { token: viewer.token })).status).toBe(200);
  });
});
