/**
 * A tenant with many activities, creators and costs, seeded fast and exactly as the service writes
 * them. A few template records are created over the API (the real write path: keys, indexes,
 * pointers, aggregates); every item those writes added is then copied with fresh ids, 25 to a
 * BatchWriteItem, and every item they changed (the tenant's aggregate) gets each numeric change
 * once more per copy. Nothing here knows the item shapes, so the seed follows the write path as it
 * changes (new index attributes, key layouts) without being edited.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/table/client.ts';

type Item = Record<string, unknown>;

/** One request through the service as the seeding user; throws on anything but success. */
export type Send = <T = { data: { id: string } }>(method: string, url: string, body?: unknown) => Promise<T>;

/** The template records: distinct names and amounts, so sorting by name or spend has something to order. */
const TEMPLATES = [
  { name: 'Aurora', amount: 120 },
  { name: 'Basalt', amount: 35 },
  { name: 'Cobalt', amount: 980 },
  { name: 'Dune', amount: 5 },
  { name: 'Ember', amount: 410 },
  { name: 'Fjord', amount: 72 },
  { name: 'Granite', amount: 1500 },
  { name: 'Harbor', amount: 260 },
  { name: 'Indigo', amount: 18 },
  { name: 'Juniper', amount: 640 },
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const keyOf = (item: Item) => `${item.pk as string}\u0000${item.sk as string}`;

async function scanTable(): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.set(keyOf(item), item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A deep copy with every id of `ids` replaced by its new id, wherever a string holds it (keys included). */
function withIds(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') return value.replace(UUID, (id) => ids.get(id) ?? id);
  if (Array.isArray(value)) return value.map((v) => withIds(v, ids));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIds(v, ids)]));
  return value;
}

/** `after` with each number moved by `times` more of its change since `before` (maps: per key; a new key started at 0). */
function repeatChange(before: unknown, after: unknown, times: number): unknown {
  if (typeof after === 'number') {
    const from = typeof before === 'number' ? before : 0;
    // Amounts are whole or cents: round the float product back to cents.
    return Math.round((after + (after - from) * times) * 100) / 100;
  }
  if (after && typeof after === 'object' && !Array.isArray(after)) {
    const was = (before && typeof before === 'object' ? before : {}) as Item;
    return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, repeatChange(was[k], v, times)]));
  }
  return after;
}

async function batchPut(items: Item[]): Promise<void> {
  const table = tableName();
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt > 8) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
  }
}

/** What else the template records carry (the reporting bench); by default none of it. */
export interface SeedShape {
  /** Campaigns (created before the seed) the template activities are linked to, one each in turn. */
  campaignIds?: readonly string[];
  /** Currencies of the template costs, one each in turn (default USD). */
  currencies?: readonly string[];
  /** How many days before now each template activity ran (default: no startAt). */
  daysAgo?: (index: number) => number;
  /** Manual counts of each template activity, set before its cost (default: none). */
  counts?: (index: number) => { viewsCount: number; likeCount: number };
  /**
   * Run after each template's records are created (the metric reads bench links creators and
   * records readings here): whatever it writes is copied with the template, like the rest.
   */
  afterTemplate?: (template: { index: number; activityId: string; creatorId: string }) => Promise<void>;
}

/** Creates one activity, creator and cost (attributed to the creator) per template, through the API. */
async function createTemplates(send: Send, tenantId: string, shape: SeedShape): Promise<void> {
  for (const [i, t] of TEMPLATES.entries()) {
    const creator = await send('POST', '/v1/creators', {
      workspaceId: tenantId,
      name: `${t.name} Creator`,
      role: 'person',
    });
    const activity = await send('POST', '/v1/activities', {
      organizationId: tenantId,
      channel: 'youtube',
      activity: 'youtube_video',
      name: `${t.name} video`,
      ...(shape.daysAgo ? { startAt: new Date(Date.now() - shape.daysAgo(i) * 86_400_000).toISOString() } : {}),
    });
    if (shape.counts)
      await send('PATCH', `/v1/activities/${activity.data.id}`, { name: `${t.name} video`, ...shape.counts(i) });
    const campaignId = shape.campaignIds?.[i % shape.campaignIds.length];
    if (campaignId) await send('POST', `/v1/campaigns/${campaignId}/activities`, { activityId: activity.data.id });
    await send('POST', '/v1/activities/costs', {
      activityId: activity.data.id,
      creatorId: creator.data.id,
      amount: t.amount,
      currency: shape.currencies?.[i % shape.currencies.length] ?? 'USD',
      type: 'creator_fee',
    });
    await shape.afterTemplate?.({ index: i, activityId: activity.data.id, creatorId: creator.data.id });
  }
}

/**
 * Seeds `records` activities, creators and costs (each) into the tenant, which must hold none yet;
 * `records` is a multiple of the template count (10).
 */
export async function seedTenant(send: Send, tenantId: string, records: number, shape: SeedShape = {}): Promise<void> {
  if (records % TEMPLATES.length) throw new Error(`records must be a multiple of ${TEMPLATES.length}`);
  const before = await scanTable();
  await createTemplates(send, tenantId, shape);
  const after = await scanTable();
  const added = [...after].filter(([key]) => !before.has(key)).map(([, item]) => item);
  const changed = [...after].filter(
    ([key, item]) => before.has(key) && JSON.stringify(before.get(key)) !== JSON.stringify(item),
  );
  // The new records' ids: the ids in the added items that nothing before them held (not the tenant's or the user's).
  const known = JSON.stringify([...before.values()]);
  const templateIds = [...new Set(JSON.stringify(added).match(UUID) ?? [])].filter((id) => !known.includes(id));

  // An added item no template record's key names is one the writes share (a counter item that
  // comes into being with its first write): it moves like a changed item instead of being copied.
  const shared = added.filter((item) => !templateIds.some((id) => keyOf(item).includes(id)));
  const owned = added.filter((item) => !shared.includes(item));

  const copies = records / TEMPLATES.length - 1;
  const pending = Array.from({ length: copies }, () => owned);
  const worker = async () => {
    for (let next = pending.pop(); next; next = pending.pop()) {
      const ids = new Map(templateIds.map((id) => [id, randomUUID()]));
      const items = next.map((item) => withIds(item, ids) as Item);
      for (let i = 0; i < items.length; i += 25) await batchPut(items.slice(i, i + 25));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const [was, item] of [
    ...changed.map(([key, item]) => [before.get(key), item] as const),
    ...shared.map((item) => [undefined, item] as const),
  ]) {
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: repeatChange(was, item, copies) as Item }),
    );
  }
}

/**
 * The seed is what the write path would have produced: the stored aggregate counts every record
 * the lists find, and its spend is the sum of the cost items stats adds up.
 */
export async function checkSeed(send: Send, tenantId: string, size: number): Promise<void> {
  const {
    data: { metrics },
  } = await send<{ data: { metrics: Record<string, unknown> } }>('GET', `/v1/organizations/${tenantId}`);
  const { data: stats } = await send<{ data: { costsCount: number; totalSpend: Record<string, number> } }>(
    'GET',
    `/v1/costs/stats?organizationId=${tenantId}`,
  );
  const total = async (url: string) =>
    (await send<{ totalCount: number }>('GET', `${url}&pageIndex=0&pageSize=1`)).totalCount;
  const found = {
    activities: [metrics.activitiesCount, await total(`/v1/activities?organizationId=${tenantId}`)],
    creators: [metrics.creatorsCount, await total(`/v1/creators?workspaceId=${tenantId}`)],
    costs: [metrics.costsCount, stats.costsCount],
    spend: [JSON.stringify(metrics.spend), JSON.stringify(stats.totalSpend)],
  };
  for (const [what, [stored, read]] of Object.entries(found)) {
    const expected = what === 'spend' ? read : size;
    if (stored !== expected || read !== expected)
      throw new Error(
        `seed check: ${what} stored ${String(stored)}, read ${String(read)}, expected ${String(expected)}`,
      );
  }
}
