/**
 * Exports against DynamoDB Local and the S3 emulator: the routes (202, validation, access), the
 * worker (functions/exports/run.ts) writing the file through the list route's own reads, the
 * download through the presigned URL, and a redelivered message doing nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../functions/exports/run.ts';
import { claimExport } from '../../../shared/db/exports/exports.ts';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { call } from '../../support/call.ts';
import { csvObjects } from '../../support/csv.ts';
import { putMembership } from '../../support/memberships.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { s3Endpoint, useS3 } from '../../support/s3.ts';
import { signUp } from '../../support/users.ts';
import { newCost } from '../costs/helpers.ts';

useS3();

const activityInput = (name: string) => ({ channel: 'youtube', activity: 'youtube_video', name });

async function startExport(org: Org, body: Record<string, unknown>, token = org.owner.token) {
  return call('POST', '/v1/exports', { token, body: { organizationId: org.organizationId, ...body } });
}

/** Starts an export, runs the worker on its message, and answers its GET and its file. */
async function exported(org: Org, body: Record<string, unknown>) {
  const res = await startExport(org, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.data).toMatchObject({ status: 'queued', rowCount: null, completedAt: null });
  const exportId = res.body.data.id as string;
  expect(await runExport({ tenantId: org.organizationId, exportId })).toBe('succeeded');
  const got = await call('GET', `/v1/exports/${exportId}`, { token: org.owner.token });
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  const download = await fetch(got.body.data.downloadUrl);
  expect(download.status).toBe(200);
  return { exportId, record: got.body.data, download, text: await download.text() };
}

/** Every item of a paged list route, page by page (what the export is compared with). */
async function listed(org: Org, path: string, query: Record<string, string> = {}) {
  const items: Record<string, any>[] = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const params = new URLSearchParams({ ...query, pageIndex: String(pageIndex), pageSize: '100' });
    const res = await call('GET', `${path}?${params}`, { token: org.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    if (items.length >= res.body.totalCount || !res.body.items.length) return items;
  }
}

/** The object keys under a prefix of the exports bucket. */
async function objectKeys(prefix: string): Promise<string[]> {
  const res = await fetch(`${s3Endpoint()}/exports?prefix=${encodeURIComponent(prefix)}`);
  return [...(await res.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
}

const CONVERSION = ['conversion.amount', 'conversion.currency', 'conversion.source', 'conversion.rateDate'];
const pick = (row: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, row[n]]));

describe('an export of costs as CSV', () => {
  it('writes every cost as the list shows it: money in its currency digits beside its currency, headers and a clean attachment name', async () => {
    const org = await newOrg();
    const activity = await createActivity(org.organizationId, activityInput('Launch, "final" cut'));
    await newCost(org.owner, { activityId: activity.id, amount: 1200, currency: 'JPY', description: '=cmd|calc' });
    await newCost(org.owner, { activityId: activity.id, amount: 12.5, currency: 'USD' });
    await newCost(org.owner, {
      activityId: activity.id,
      amount: 1.25,
      currency: 'KWD',
      description: 'line one\nline two',
    });

    const { record, download, text } = await exported(org, { kind: 'costs', format: 'csv' });
    expect(record).toMatchObject({
      kind: 'costs',
      format: 'csv',
      status: 'succeeded',
      rowCount: 3,
      filters: {},
      error: null,
    });
    expect(Date.parse(record.expiresAt) - Date.parse(record.completedAt)).toBe(7 * 86_400_000);
    expect(Date.parse(record.downloadUrlExpiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''costs-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/,
    );

    const rows = csvObjects(text);
    const costs = await listed(org, '/v1/costs', { organizationId: org.organizationId });
    expect(rows.map((r) => r.id)).toEqual(costs.map((c) => c.id));
    const byCurrency = Object.fromEntries(rows.map((r) => [r.currency, r]));
    expect(byCurrency.JPY!.amount).toBe('1200');
    expect(byCurrency.USD!.amount).toBe('12.50');
    expect(byCurrency.KWD!.amount).toBe('1.250');
    expect(byCurrency.JPY!.description).toBe("'=cmd|calc");
    expect(byCurrency.KWD!.description).toBe('line one\nline two');
    expect(byCurrency.USD!.activityName).toBe('Launch, "final" cut');
    // A nested object is flattened to named columns.
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['creator.id', 'creator.name', 'createdAt']));
    // The converted amount, in its currency's digits beside it: the organization's currency is USD, and 1,200 JPY at the
    // stand-in's last ECB rates (2017-03-03: 120.83 JPY and 1.0565 USD per EUR) is 1200 x 1.0565 / 120.83 = 10.49 USD.
    // The ECB publishes no KWD rate: its conversion cells are empty; a cost in USD needs none.
    expect(pick(byCurrency.JPY!, CONVERSION)).toEqual({
      'conversion.amount': '10.49',
      'conversion.currency': 'USD',
      'conversion.source': 'ecb',
      'conversion.rateDate': '2017-03-03',
    });
    expect(Number(byCurrency.JPY!['conversion.rate'])).toBeCloseTo(1.0565 / 120.83, 12);
    expect(pick(byCurrency.KWD!, CONVERSION)).toEqual({
      'conversion.amount': '',
      'conversion.currency': '',
      'conversion.source': '',
      'conversion.rateDate': '',
    });
    expect(pick(byCurrency.USD!, CONVERSION)).toEqual({
      'conversion.amount': '',
      'conversion.currency': '',
      'conversion.source': '',
      'conversion.rateDate': '',
    });
  });

  it('does nothing again on a redelivered message: one file, the same count', async () => {
    const org = await newOrg();
    const activity = await createActivity(org.organizationId, activityInput('Video'));
    await newCost(org.owner, { activityId: activity.id, amount: 5 });
    const { exportId, record } = await exported(org, { kind: 'costs', format: 'csv' });
    expect(await runExport({ tenantId: org.organizationId, exportId })).toBe('skipped');
    const again = await call('GET', `/v1/exports/${exportId}`, { token: org.owner.token });
    expect(again.body.data).toMatchObject({ rowCount: 1, completedAt: record.completedAt });
    expect(await objectKeys(`exports/${org.organizationId}/${exportId}/`)).toHaveLength(1);
  });
});

describe('a delivery meeting another', () => {
  it('leaves an export another delivery holds alone, and takes over one whose holder died (lease run out): still one file, counted once', async () => {
    const org = await newOrg();
    const activity = await createActivity(org.organizationId, activityInput('Video'));
    await newCost(org.owner, { activityId: activity.id, amount: 5 });
    const res = await startExport(org, { kind: 'costs', format: 'csv' });
    const exportId = res.body.data.id as string;
    const message = { tenantId: org.organizationId, exportId };
    // Another delivery is at it: its lease runs.
    expect(await claimExport(org.organizationId, exportId, 'other', new Date(), 60_000)).toMatchObject({
      claimed: true,
    });
    expect(await runExport(message)).toBe('skipped');
    // That delivery died: a minute later its lease has run out.
    expect(await runExport(message, { now: () => new Date(Date.now() + 61_000) })).toBe('succeeded');
    expect(await runExport(message)).toBe('skipped');
    const got = await call('GET', `/v1/exports/${exportId}`, { token: org.owner.token });
    expect(got.body.data).toMatchObject({ status: 'succeeded', rowCount: 1 });
    expect(await objectKeys(`exports/${org.organizationId}/${exportId}/`)).toHaveLength(1);
  });
});

describe('an export of a paged list', () => {
  it('reads every page of activities (more than one page) in the list order, each once, as JSON exactly as the list answers', async () => {
    const org = await newOrg();
    for (let n = 0; n < 230; n++) await createActivity(org.organizationId, activityInput(`Activity ${n}`));
    const { record, download, text } = await exported(org, {
      kind: 'activities',
      format: 'json',
      filters: { sortBy: 'name' },
    });
    expect(download.headers.get('content-type')).toBe('application/json');
    const items = JSON.parse(text) as Record<string, unknown>[];
    expect(record.rowCount).toBe(230);
    expect(items).toEqual(await listed(org, '/v1/activities', { organizationId: org.organizationId, sortBy: 'name' }));
  });

  it('applies the list filters: creators by role, spend split into the organization currency and the others', async () => {
    const org = await newOrg();
    await createCreator(org.organizationId, { name: '@handle', role: 'person' });
    await createCreator(org.organizationId, { name: 'Other', role: 'community' });
    const { text } = await exported(org, { kind: 'creators', format: 'csv', filters: { role: 'person' } });
    const rows = csvObjects(text);
    expect(rows.map((r) => r.name)).toEqual(["'@handle"]);
    expect(rows[0]).toMatchObject({ spend: expect.stringMatching(/^0(\.0+)?$/), spendOtherCurrencies: '' });
    expect(rows[0]!.currency).toMatch(/^[A-Z]{3}$/);
  });
});

describe('POST /v1/exports', () => {
  it('answers 400 naming the field for an unknown kind, a bad filter, paging or an organization in the filters', async () => {
    const org = await newOrg();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'everything', format: 'csv' }, 'kind'],
      [{ kind: 'activities', format: 'xlsx' }, 'format'],
      [{ kind: 'activities', format: 'csv', filters: { channel: 'carrier_pigeon' } }, 'filters.channel'],
      [{ kind: 'activities', format: 'csv', filters: { colour: 'red' } }, 'filters.colour'],
      [{ kind: 'activities', format: 'csv', filters: { pageSize: 5 } }, 'filters.pageSize'],
      [{ kind: 'activities', format: 'csv', filters: { page_size: 5 } }, 'filters.pageSize'],
      [{ kind: 'costs', format: 'csv', filters: { organizationId: org.organizationId } }, 'filters.organizationId'],
      [{ kind: 'outcome_measurements', format: 'csv' }, 'filters.campaignId'],
    ];
    for (const [body, path] of cases) {
      const res = await startExport(org, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    // The list's filters as its query takes them: snake_case too.
    expect(
      (await startExport(org, { kind: 'activities', format: 'csv', filters: { search_term: 'launch' } })).status,
    ).toBe(202);
  });

  it('says in detail how many filters were invalid when more than 50 are listed, like every other 400', async () => {
    const org = await newOrg();
    const filters = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`colour${i}`, 'red']));
    const res = await startExport(org, { kind: 'activities', format: 'csv', filters });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(50);
    expect(res.body.errors[0].path).toBe('filters.colour0');
    expect(res.body.detail).toBe('Invalid input: 120 invalid fields; errors lists the first 50.');
    // Fewer than 51 are named in detail, as before.
    const few = await startExport(org, {
      kind: 'activities',
      format: 'csv',
      filters: { colour: 'red', channel: 'carrier_pigeon' },
    });
    expect(few.body.detail).toBe('Invalid input: filters.channel, filters.colour.');
  });

  it('lets members and viewers export (exports are reads), and hides an export from another organization (404)', async () => {
    const org = await newOrg();
    const member = await signUp('Member');
    const viewer = await signUp('Viewer');
    await putMembership({ tenantId: org.organizationId, userId: member.userId, role: 'member' });
    await putMembership({ tenantId: org.organizationId, userId: viewer.userId, role: 'viewer' });
    const byMember = await startExport(org, { kind: 'campaigns', format: 'csv' }, member.token);
    expect(byMember.status).toBe(202);
    expect((await startExport(org, { kind: 'campaigns', format: 'csv' }, viewer.token)).status).toBe(202);
    expect((await call('GET', `/v1/exports/${byMember.body.data.id}`, { token: viewer.token })).status).toBe(200);
    expect((await call('GET', `/v1/exports/${byMember.body.data.id}`, { token: member.token })).status).toBe(200);
    const stranger = await newOrg('Stranger');
    expect((await call('GET', `/v1/exports/${byMember.body.data.id}`, { token: stranger.owner.token })).status).toBe(
      404,
    );
  });
});

describe('a failed export', () => {
  it('records the problem the list route would answer, and offers no download', async () => {
    const org = await newOrg();
    const res = await startExport(org, {
      kind: 'outcome_measurements',
      format: 'csv',
      filters: { campaignId: '00000000-0000-4000-8000-00000000abcd' },
    });
    expect(res.status).toBe(202);
    const exportId = res.body.data.id;
    expect(await runExport({ tenantId: org.organizationId, exportId })).toBe('failed');
    const got = await call('GET', `/v1/exports/${exportId}`, { token: org.owner.token });
    expect(got.body.data).toMatchObject({
      status: 'failed',
      rowCount: null,
      error: { status: 404, code: 'not_found' },
    });
    expect(got.body.data.downloadUrl).toBeUndefined();
    expect(await objectKeys(`exports/${org.organizationId}/${exportId}/`)).toHaveLength(0);
  });
});
