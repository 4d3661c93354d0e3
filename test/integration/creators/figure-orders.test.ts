/**
 * GET /v1/creators unfiltered by impressions or engagement pages in DynamoDB (gsi7, gsi8: the
 * creator's own counters are the sort keys). The creators' figures change through real writes
 * (platform readings, manual counts, links and unlinks, costs), and every page edge is compared
 * with an independent in-memory sort of the stored records: the same figures in the same order,
 * every creator exactly once across the pages (ties, which DynamoDB orders its own way, neither
 * repeat nor skip), the same total and role facet.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import type { ContentReading } from '../../../shared/domain/metric-readings.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { call } from '../../support/call.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost } from '../costs/helpers.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { createCreator, creatorsPage, listedCreatorsAndRoles } from './helpers.ts';

type Figure = 'impressions' | 'engagement';

let owner: TestUser;
let ws: string;
let creators: string[];
let activities: string[];
const send = (method: string, url: string, body?: unknown) => expectCall(owner.token, method, url, body);

const newActivity = async (name: string) =>
  (await send('POST', '/v1/activities', { organizationId: ws, channel: 'youtube', activity: 'youtube_video', name }))
    .data.id as string;
const link = (activityId: string, creatorId: string) =>
  send('POST', `/v1/activities/${activityId}/creators`, { creatorId });
const read = (activityId: string, reading: ContentReading) => recordReadings(ws, [{ activityId, reading }]);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

beforeAll(async () => {
  owner = await signUp('Creator Figures Owner');
  ws = (await createWorkspace(owner)).id;
  const roles = ['person', 'community', 'brand_partner', null] as const;
  creators = [];
  for (let i = 0; i < 11; i++)
    creators.push(
      (await createCreator(owner, ws, { name: `C${i}`, ...(roles[i % 4] ? { role: roles[i % 4] } : {}) })).id,
    );
  // The own brand has figures too, and is in neither index.
  const ownBrand = (await send('POST', '/v1/creators/own-brand', { workspaceId: ws })).data.id as string;
  activities = [await newActivity('A0'), await newActivity('A1'), await newActivity('A2'), await newActivity('A3')];
  // A0 read from the platform, shared by C0 and C1 (a tie on both figures) and the own brand.
  for (const c of [creators[0]!, creators[1]!, ownBrand]) await link(activities[0]!, c);
  await read(activities[0]!, youtubeReading(minutesAgo(90), { views: 1_000, likes: 40, comments: 2 }));
  // A1 with manual counts, for C2; C3 on A0 and A1 (the sum of both).
  await link(activities[1]!, creators[2]!);
  await link(activities[1]!, creators[3]!);
  await link(activities[0]!, creators[3]!);
  await send('PATCH', `/v1/activities/${activities[1]}`, { name: 'A1', viewsCount: 700, likeCount: 90 });
  // A2: C4 only, read twice (the counts grow); C5 linked then unlinked (back to 0).
  await link(activities[2]!, creators[4]!);
  await link(activities[2]!, creators[5]!);
  await read(activities[2]!, youtubeReading(minutesAgo(80), { views: 200, likes: 5 }));
  await read(activities[2]!, youtubeReading(minutesAgo(20), { views: 2_500, likes: 6, comments: 1 }));
  await send('DELETE', `/v1/activities/${activities[2]}/creators/${creators[5]}`);
  // A3: C6 with a cost (no figure of these sorts moves with spend); C7..C10 have no figures at all.
  await link(activities[3]!, creators[6]!);
  await newCost(owner, {
    activityId: activities[3],
    creatorId: creators[6],
    amount: 75,
    currency: 'USD',
    type: 'creator_fee',
  });
});

/** The independent answer: the stored records (own brand left out) sorted in memory by the figure alone, and the role facet over all of them. */
async function expected(_figure: Figure) {
  return listedCreatorsAndRoles(ws);
}

const page = (query: string) => creatorsPage(ws, owner.token, query);

/**
 * Pages of `pageSize` from first to past the end: each page's figures are the sorted figures'
 * slice, the items are the stored records, every creator appears once, total and facet as counted.
 */
async function expectPaged(figure: Figure, direction: 'asc' | 'desc', pageSize: number) {
  const { listed, role } = await expected(figure);
  const sign = direction === 'asc' ? 1 : -1;
  const figures = listed.map((c) => c[figure]).sort((a, b) => sign * (a - b));
  const byId = new Map(listed.map((c) => [c.id, c]));
  const seen: string[] = [];
  const pages = Math.ceil(listed.length / pageSize);
  for (let pageIndex = 0; pageIndex <= pages; pageIndex++) {
    const got = await page(`sortBy=${figure}&sortDirection=${direction}&pageIndex=${pageIndex}&pageSize=${pageSize}`);
    expect(got.totalCount).toBe(listed.length);
    expect(got.facets.role).toEqual(role);
    expect(got.items.map((c) => c[figure])).toEqual(figures.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize));
    for (const item of got.items) expect(item).toEqual(JSON.parse(JSON.stringify(byId.get(item.id))));
    seen.push(...got.items.map((c) => c.id));
  }
  expect(seen.sort()).toEqual([...byId.keys()].sort());
}

describe('GET /v1/creators by impressions or engagement', () => {
  it('the written figures are as expected: ties, zeros, the own brand left out', async () => {
    const { listed } = await expected('impressions');
    const of = (i: number) => listed.find((c) => c.id === creators[i])!;
    expect([of(0), of(1), of(2), of(3), of(4), of(5), of(7)].map((c) => [c.impressions, c.engagement])).toEqual([
      [1_000, 42],
      [1_000, 42],
      [700, 90],
      [1_700, 132],
      [2_500, 7],
      [0, 0],
      [0, 0],
    ]);
    expect(listed).toHaveLength(11);
  });

  for (const figure of ['impressions', 'engagement'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`by ${figure} ${direction}: pages of 1, 4 and 100 as sorted in memory`, async () => {
        for (const size of [1, 4, 100]) await expectPaged(figure, direction, size);
      });
    }
  }

  it('the default direction of a figure is ascending, as for every sortBy', async () => {
    const asc = await page('sortBy=impressions&pageIndex=0&pageSize=100');
    const explicit = await page('sortBy=impressions&sortDirection=asc&pageIndex=0&pageSize=100');
    expect(asc.items.map((c) => c.id)).toEqual(explicit.items.map((c) => c.id));
  });

  it('a later reading, a new link and an unlink move creators in the order', async () => {
    await read(activities[0]!, youtubeReading(minutesAgo(5), { views: 4_000, likes: 100, comments: 3 }));
    await link(activities[1]!, creators[8]!);
    await send('DELETE', `/v1/activities/${activities[0]}/creators/${creators[3]}`);
    const { listed } = await expected('impressions');
    expect(listed.find((c) => c.id === creators[0])!.impressions).toBe(4_000);
    expect(listed.find((c) => c.id === creators[3])!.impressions).toBe(700);
    for (const figure of ['impressions', 'engagement'] as const) {
      await expectPaged(figure, 'desc', 3);
      await expectPaged(figure, 'asc', 1);
    }
  });

  it('a reading without impressions (stored as null in its snapshot) is written and counts its engagement', async () => {
    const activityId = await newActivity('No impressions');
    await link(activityId, creators[9]!);
    await read(activityId, { ...youtubeReading(minutesAgo(3), { likes: 11 }), impressions: null });
    const { listed } = await expected('engagement');
    expect(listed.find((c) => c.id === creators[9])).toMatchObject({ impressions: 0, engagement: 11 });
    await expectPaged('engagement', 'desc', 4);
  });

  it('reads as many items for a page however many creators the workspace has', async () => {
    const other = (await createWorkspace(owner)).id;
    for (const name of ['a1', 'a2']) await createCreator(owner, other, { name });
    const reads = countReads();
    const readsOf = async (figure: Figure) => {
      const before = reads.read();
      const res = await call('GET', `/v1/creators?workspaceId=${other}&pageIndex=0&pageSize=2&sortBy=${figure}`, {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return readsBetween(before, reads.read()).itemsRead;
    };
    const few = [await readsOf('impressions'), await readsOf('engagement')];
    for (let i = 0; i < 6; i++) await createCreator(owner, other, { name: `b${i}` });
    expect([await readsOf('impressions'), await readsOf('engagement')]).toEqual(few);
  });
});
