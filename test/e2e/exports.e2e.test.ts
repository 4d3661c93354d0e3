/**
 * Exports over HTTP against the local service: records made through the API, an export
 * of each as CSV and JSON, polled until it succeeded, downloaded through its presigned URL (the
 * local S3), parsed, and compared with the same records read independently through the list
 * routes; a viewer may export too (exports are reads) and another organization's owner cannot see one (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvObjects } from '../support/csv.ts';
import { startWorld, type Identity, type World } from './support/world.ts';

let world: World;
let tenantId: string;
let owner: Identity;

beforeAll(async () => {
  world = await startWorld();
  tenantId = await world.tenantLikeT();
  owner = world.users.owner;
  const http = (path: string, body: unknown) => world.http('POST', path, { token: owner.token, body });
  for (const name of ['Ada', '=Grace', 'Linus, "the" penguin'])
    expect((await http('/v1/creators', { workspaceId: tenantId, name })).status).toBe(201);
  for (let n = 0; n < 3; n++) {
    const activity = await http('/v1/activities', {
      organizationId: tenantId,
      channel: 'youtube',
      activity: 'youtube_video',
      name: `Video ${n}`,
    });
    expect(activity.status, JSON.stringify(activity.body)).toBe(201);
    const cost = await http('/v1/activities/costs', {
      activityId: activity.body.data.id,
      amount: [10.5, 1200, 1.25][n],
      currency: ['USD', 'JPY', 'KWD'][n],
      type: 'creator_fee',
    });
    expect(cost.status, JSON.stringify(cost.body)).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await world?.service.stop();
});

/** POST /v1/exports, then GET it until it has finished; its record and the downloaded file. */
async function exportOf(kind: string, format: 'csv' | 'json', filters?: Record<string, unknown>) {
  const started = await world.http('POST', '/v1/exports', {
    token: owner.token,
    body: { organizationId: tenantId, kind, format, ...(filters ? { filters } : {}) },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  let record = started.body.data;
  for (let polls = 0; record.status === 'queued' || record.status === 'running'; polls++) {
    if (polls > 200) throw new Error(`export still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    record = (await world.http('GET', `/v1/exports/${record.id}`, { token: owner.token })).body.data;
  }
  expect(record, JSON.stringify(record)).toMatchObject({ status: 'succeeded' });
  const download = await fetch(record.downloadUrl);
  expect(download.status).toBe(200);
  return { record, download, text: await download.text() };
}

/** Every item of a list route over HTTP, page by page. */
async function listed(path: string, query: Record<string, string>) {
  const items: Record<string, any>[] = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const res = await world.http(
      'GET',
      `${path}?${new URLSearchParams({ ...query, pageIndex: String(pageIndex), pageSize: '100' })}`,
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    if (items.length >= res.body.totalCount || !res.body.items.length) return items;
  }
}

describe('exports over HTTP', () => {
  it('exports creators as JSON: exactly the records the list route answers', async () => {
    const { record, download, text } = await exportOf('creators', 'json');
    expect(download.headers.get('content-type')).toBe('application/json');
    const items = JSON.parse(text);
    expect(record.rowCount).toBe(3);
    expect(items).toEqual(await listed('/v1/creators', { workspaceId: tenantId }));
  });

  it('exports creators as CSV: RFC 4180, a formula-looking name defused, the same ids in the same order', async () => {
    const { download, text } = await exportOf('creators', 'csv');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''creators-[0-9-]+-[0-9a-f]{8}\.csv$/,
    );
    const rows = csvObjects(text);
    const creators = await listed('/v1/creators', { workspaceId: tenantId });
    expect(rows.map((r) => r.id)).toEqual(creators.map((c) => c.id));
    expect(rows.map((r) => r.name).sort()).toEqual(["'=Grace", 'Ada', 'Linus, "the" penguin']);
  });

  it("exports costs as CSV: amounts with their currency's digits beside the currency, equal to the list's numbers", async () => {
    const { text } = await exportOf('costs', 'csv');
    const rows = csvObjects(text);
    const costs = await listed('/v1/costs', { organizationId: tenantId });
    expect(rows.map((r) => r.id)).toEqual(costs.map((c) => c.id));
    for (const [n, cost] of costs.entries()) {
      expect(rows[n]!.currency).toBe(cost.currency);
      expect(Number(rows[n]!.amount)).toBe(cost.amount);
    }
    expect(Object.fromEntries(rows.map((r) => [r.currency, r.amount]))).toEqual({
      USD: '10.50',
      JPY: '1200',
      KWD: '1.250',
    });
  });

  it("lets a viewer export and read exports (exports are reads) and hides an export from another organization's owner (404)", async () => {
    const viewer = world.users.viewer;
    const byViewer = await world.http('POST', '/v1/exports', {
      token: viewer.token,
      body: { organizationId: tenantId, kind: 'costs', format: 'csv' },
    });
    expect(byViewer.status, JSON.stringify(byViewer.body)).toBe(202);
    const { record } = await exportOf('activities', 'csv');
    expect((await world.http('GET', `/v1/exports/${record.id}`, { token: world.users.outsider.token })).status).toBe(
      404,
    );
    expect((await world.http('GET', `/v1/exports/${record.id}`, { token: viewer.token })).status).toBe(200);
  });
});
