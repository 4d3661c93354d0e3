/**
 * The index backfill (shared/db/maintenance/reindex.ts): items whose index entries were stripped, as items
 * written before an index was added lack them, get back exactly what their put wrote, and the
 * lists and searches reading those indexes find them again; no entry is removed (own brand,
 * tombstone, due index); a second run writes nothing, a dry run writes nothing, and an item changed
 * between the scan and the write is left as its writer made it.
 *
 * The table is this file's own (test/support/setup-env.ts), but assertions stay on this tenant's
 * items: the backfill's counts are whole-table counts.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { Creators } from '../../../shared/db/catalogue/creator-entity.ts';
import { isEntity } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { membershipsOfUser, removeMembership } from '../../../shared/db/tenancy/memberships.ts';
import { KEY_ATTRIBUTES } from '../../../shared/db/table/operations.ts';
import { INDEXED_ENTITIES, reindexItem, reindexTable } from '../../../shared/db/maintenance/reindex.ts';
import { spendOrderCurrent } from '../../../shared/db/catalogue/spend-order.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { createCreator } from '../creators/helpers.ts';
import { newCost } from '../costs/helpers.ts';
import { addMember, createWorkspace, newMember } from '../workspaces/helpers.ts';

type Item = Record<string, unknown>;

const INDEX_ATTRIBUTES = KEY_ATTRIBUTES.filter((a) => a !== 'pk' && a !== 'sk');

let owner: TestUser;
let viewer: TestUser;
let ws: string;
let ann: { id: string; email: string };
let trackedId: string;
/** Two campaigns stored as before status announcements: an active one (due at its end) and a draft. */
let activeCampaign: string;
let draftCampaign: string;
/** The index attributes of each of the tenant's indexed items as written, by sort key. */
let written: Map<string, Item>;

/** The tenant's items of the indexed kinds, by sort key. */
async function tenantItems(): Promise<Map<string, Item>> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.tenant(ws).pk },
      ConsistentRead: true,
    }),
  );
  const indexed = (out.Items ?? []).filter((item) => INDEXED_ENTITIES.some(({ kind }) => isEntity(item, kind)));
  return new Map(indexed.map((item) => [item.sk as string, item]));
}

const indexAttributes = (item: Item) =>
  Object.fromEntries(INDEX_ATTRIBUTES.flatMap((a) => (a in item ? [[a, item[a]]] : [])));

async function indexesBySk(): Promise<Map<string, Item>> {
  return new Map([...(await tenantItems())].map(([sk, item]) => [sk, indexAttributes(item)]));
}

/** A raw update, as an item written before an index was added (or before a rename's entry) would be: `updatedAt` untouched. */
async function rawUpdate(key: { pk: string; sk: string }, expression: string, values?: Item) {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: expression,
      ExpressionAttributeValues: values,
    }),
  );
}

async function stored(key: { pk: string; sk: string }): Promise<Item> {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })))
    .Item!;
}

/** How many activities the metrics confidence finds that ran on 2026-02-02 (read from gsi6 by start). */
const startedOnFeb2 = async () =>
  (
    await call(
      'GET',
      `/v1/activities/metrics/confidence?organizationId=${ws}&startDate=2026-02-02&endDate=2026-02-02`,
      { token: owner.token },
    )
  ).body.data.activitiesConsidered;

/** A list's first page of 10. */
const get = (path: string) => call('GET', `${path}&pageIndex=0&pageSize=10`, { token: owner.token });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id).sort();

beforeAll(async () => {
  owner = await signUp('Reindex Owner');
  ws = (await createWorkspace(owner, { name: 'Reindex Works', currency: 'USD' })).id;
  ann = await createCreator(owner, ws, { name: 'Ann', email: `ann-${ws}@example.org`, role: 'person' });
  await createCreator(owner, ws, { name: 'Bo', notes: 'Kites' });
  expect(
    (await call('POST', '/v1/creators/own-brand', { token: owner.token, body: { workspaceId: ws } })).status,
  ).toBeLessThan(300);
  // With a start: its entry by start (gsi6) is one the backfill writes back.
  const activity = (
    await call('POST', '/v1/activities', {
      token: owner.token,
      body: {
        organizationId: ws,
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'Launch',
        startAt: '2026-02-02T09:00:00Z',
      },
    })
  ).body.data;
  await newCost(owner, { activityId: activity.id, amount: 12, creatorId: ann.id });
  // A tracked activity carries the due index's keys (gsi4), which no entity declares.
  const tracked = (
    await call('POST', '/v1/activities', {
      token: owner.token,
      body: { organizationId: ws, channel: 'youtube', activity: 'youtube_video', name: 'Tracked' },
    })
  ).body.data;
  trackedId = tracked.id;
  await updateActivity(ws, trackedId, { contentHref: 'https://youtu.be/dQw4w9WgXcQ' }, { tracking: 'due' });
  viewer = await newMember(ws, owner, 'viewer');
  // A removed member: a tombstone, out of the by-user index.
  const gone = await signUp('Removed member');
  await addMember(ws, owner, gone, 'member');
  await removeMembership(ws, gone.userId);
  const campaign = (body: Item) =>
    call('POST', '/v1/campaigns', { token: owner.token, body: { organizationId: ws, ...body } });
  activeCampaign = (await campaign({ name: 'Running', startAt: '2026-01-01T00:00:00Z', endAt: '2099-12-31T00:00:00Z' }))
    .body.data.id;
  draftCampaign = (await campaign({ name: 'Someday' })).body.data.id;
  for (const id of [activeCampaign, draftCampaign])
    await rawUpdate(keys.campaign(ws, id), 'REMOVE announcedStatus, gsi4pk, gsi4sk');

  written = await indexesBySk();
  // Strip what items written before gsi5, gsi6 (and a rename's gsi2 entry) lack; the due index stays.
  for (const [sk, item] of await tenantItems()) {
    const key = { pk: item.pk as string, sk };
    if (isEntity(item, 'membership')) await rawUpdate(key, 'REMOVE gsi1pk, gsi1sk');
    // A creator written before gsi7 and gsi8 (or before its counters existed) lacks their keys.
    else if (isEntity(item, 'creator'))
      await rawUpdate(
        key,
        'REMOVE gsi5pk, gsi5sk, gsi6pk, gsi6sk, gsi2pk, gsi2sk, creatorFiguresPk, impressions, engagement, spendInTenantCurrency',
      );
    else await rawUpdate(key, 'REMOVE gsi5pk, gsi5sk, gsi6pk, gsi6sk, gsi2pk, gsi2sk');
  }
  await rawUpdate(keys.creator(ws, ann.id), 'SET gsi2sk = :old', { ':old': 'an old name' });
  // A tenant stored before the spend order (gsi9) has neither of its marks.
  await rawUpdate(keys.tenant(ws), 'REMOVE currencyRevision, spendOrderRevision');
});

/** Ann's spend order key, as stored. */
const annSpendKey = async () => (await stored(keys.creator(ws, ann.id))).spendInTenantCurrency;

describe('reindexTable', () => {
  it('in a dry run counts the stale items and writes nothing', async () => {
    const stripped = await indexesBySk();
    expect(stripped).not.toEqual(written);
    const counts = await reindexTable({ dryRun: true });
    expect(counts.creator.updated).toBeGreaterThanOrEqual(3);
    expect(counts.activity.updated).toBeGreaterThanOrEqual(2);
    expect(counts.cost.updated).toBeGreaterThanOrEqual(1);
    expect(counts.membership.updated).toBeGreaterThanOrEqual(1);
    expect(counts.spendOrder.updated).toBeGreaterThanOrEqual(1);
    expect(await indexesBySk()).toEqual(stripped);
    expect(await spendOrderCurrent(ws)).toBe(false);
    expect(await annSpendKey()).toBeUndefined();
    const search = await get(`/v1/creators?workspaceId=${ws}&searchTerm=${encodeURIComponent(ann.email)}`);
    expect(search.body).toMatchObject({ items: [], totalCount: 0 });
    expect((await get(`/v1/costs?organizationId=${ws}&sortBy=amount`)).body.items).toEqual([]);
    expect((await get(`/v1/creators?workspaceId=${ws}&sortBy=impressions`)).body.items).toEqual([]);
    expect(await membershipsOfUser(viewer.userId)).toEqual([]);
    expect(await startedOnFeb2()).toBe(0);
    expect(counts.campaignStatus.updated).toBeGreaterThanOrEqual(2);
    expect(await stored(keys.campaign(ws, activeCampaign))).not.toHaveProperty('announcedStatus');
  });

  it('writes back exactly the entries the puts wrote, removing none', async () => {
    const counts = await reindexTable();
    for (const { kind } of INDEXED_ENTITIES) expect(counts[kind].scanned).toBeGreaterThan(0);
    expect(counts.creator.updated).toBeGreaterThanOrEqual(3);
    expect(counts.activity.updated).toBeGreaterThanOrEqual(2);
    expect(counts.cost.updated).toBeGreaterThanOrEqual(1);
    expect(counts.membership.updated).toBeGreaterThanOrEqual(1);
    expect(counts.spendOrder.updated).toBeGreaterThanOrEqual(1);
    const now = await indexesBySk();
    expect(now).toEqual(written);
    // The spend order rewritten from each creator's map, and marked current.
    expect(await spendOrderCurrent(ws)).toBe(true);
    expect(await annSpendKey()).toBe(12);

    const items = [...(await tenantItems()).values()];
    const ownBrand = items.find((i) => isEntity(i, 'creator') && i.isOwnBrand)!;
    expect(ownBrand).toMatchObject({ gsi5pk: expect.any(String), gsi6pk: expect.any(String) });
    expect(ownBrand).not.toHaveProperty('gsi1pk');
    expect(ownBrand).not.toHaveProperty('gsi2pk');
    const tombstone = items.find((i) => isEntity(i, 'membership') && i.deletedAt)!;
    expect(tombstone).not.toHaveProperty('gsi1pk');
    expect(now.get(keys.activity(ws, trackedId).sk)).toMatchObject({
      gsi4pk: expect.stringMatching(/^METRICS_DUE#/),
      gsi4sk: expect.any(String),
    });
    // The campaigns stored before announcements have their first one now, and the active one its due entry (the sweep's).
    expect(counts.campaignStatus.updated).toBeGreaterThanOrEqual(2);
    expect(await stored(keys.campaign(ws, activeCampaign))).toMatchObject({
      announcedStatus: 'active',
      gsi4sk: expect.stringContaining(activeCampaign),
    });
    const draft = await stored(keys.campaign(ws, draftCampaign));
    expect(draft.announcedStatus).toBe('draft');
    expect(draft).not.toHaveProperty('gsi4pk');
  });

  it('lets the lists and searches reading those indexes find the records again', async () => {
    expect(ids(await get(`/v1/creators?workspaceId=${ws}&searchTerm=${encodeURIComponent(ann.email)}`))).toEqual([
      ann.id,
    ]);
    expect((await get(`/v1/creators?workspaceId=${ws}&sortBy=spend&sortDirection=desc`)).body).toMatchObject({
      items: [{ id: ann.id }, {}],
      totalCount: 2,
    });
    expect(
      (await get(`/v1/creators?workspaceId=${ws}&sortBy=name`)).body.items.map((c: { name: string }) => c.name),
    ).toEqual(['Ann', 'Bo']);
    for (const figure of ['impressions', 'engagement']) {
      const byFigure = (await get(`/v1/creators?workspaceId=${ws}&sortBy=${figure}`)).body;
      expect(byFigure).toMatchObject({ totalCount: 2 });
      expect(byFigure.items.map((c: Item) => [c[figure]]).sort()).toEqual([[0], [0]]);
    }
    expect(
      (await get(`/v1/activities?organizationId=${ws}&sortBy=name`)).body.items.map((a: { name: string }) => a.name),
    ).toEqual(['Launch', 'Tracked']);
    expect(
      (await get(`/v1/activities?organizationId=${ws}&searchTerm=track`)).body.items.map((a: { id: string }) => a.id),
    ).toEqual([trackedId]);
    expect((await get(`/v1/costs?organizationId=${ws}&sortBy=amount`)).body).toMatchObject({
      items: [{ amount: 12, creatorId: ann.id }],
      totalCount: 1,
    });
    expect((await membershipsOfUser(viewer.userId)).map((m) => m.tenantId)).toEqual([ws]);
    expect(await startedOnFeb2()).toBe(1);
  });

  it('writes nothing on a second run', async () => {
    const counts = await reindexTable();
    for (const { kind } of INDEXED_ENTITIES) expect(counts[kind]).toMatchObject({ updated: 0, skipped: 0 });
    expect(counts.spendOrder).toMatchObject({ updated: 0, skipped: 0 });
    expect(counts.campaignStatus).toMatchObject({ updated: 0, skipped: 0 });
  });
});

describe('reindexItem', () => {
  it('skips an item changed between the scan and the write, leaving it as its writer made it', async () => {
    const key = keys.creator(ws, ann.id);
    await rawUpdate(key, 'REMOVE gsi6pk, gsi6sk');
    const scanned = await stored(key);
    // A rename after the scan: a new updatedAt and gsi2 entry; it does not rewrite gsi6.
    expect((await call('PATCH', `/v1/creators/${ann.id}`, { token: owner.token, body: { name: 'Anna' } })).status).toBe(
      200,
    );
    const renamed = await stored(key);

    expect(await reindexItem(Creators, scanned)).toBe('skipped');
    expect(await stored(key)).toEqual(renamed);
    // A later run (as the runner advises on skips) completes it from what is there now.
    expect(await reindexItem(Creators, renamed)).toBe('updated');
    expect(indexAttributes(await stored(key))).toEqual({
      ...written.get(key.sk),
      gsi2sk: keys.creatorByName(ws, 'Anna', ann.id).gsi2sk,
    });
  });
});
