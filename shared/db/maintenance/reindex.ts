/**
 * The backfill of index entries: every item of an entity that declares `indexes` gets the entries
 * a put of its record writes today. An index added after items were written (gsi5, gsi6) holds
 * only the items written since; until this runs, lists and searches reading it miss the others.
 *
 * It only SETs the entries that are missing or different, and the declared counters that are
 * missing at 0 (gsi7 and gsi8 sort creators by theirs), never REMOVEs one (the due index gsi4
 * and a tombstone's dropped entries are other writers'), each on the condition that the item is
 * still as read: a writer that changed it meanwhile wins, and the item counts as skipped. An
 * update rewrites only the entries it moves, so a skipped item may still lack one: run it again.
 * Idempotent, and safe while the service runs. `npm run reindex` (infra/scripts/reindex.ts).
 *
 * It also builds each activity's sparkline buckets from its day items (sparkline-backfill.ts, the
 * same rules: only what differs, conditioned on what it was read from), counted as `sparklineBucket`,
 * and, once the scan is done (the creators' entries then written), rewrites the spend order of each
 * tenant whose order is not current (spend-order.ts: a tenant stored before it, or a currency
 * change whose rewrite ran out of time), counted as `spendOrder` (skipped: its currency changed
 * again meanwhile, and that change's rewrite answers for it). Campaigns stored before status
 * announcements (campaigns/announced-status.ts) get their first one, in their tenant's timezone,
 * counted as `campaignStatus`: silent, as a first announcement is, but from then on the sweep sees them.
 * Secrets sealed before the token sealer's purposes are sealed again with theirs (reseal-secrets.ts),
 * counted as `sealedSecret`.
 */
import { Activities } from '../catalogue/activity-entity.ts';
import { Costs } from '../catalogue/costs.ts';
import { Creators } from '../catalogue/creator-entity.ts';
import { conditionHeld, updateRecord, type EntityOf, type IndexKeys } from '../table/entity.ts';
import { all, asRead, exists } from '../table/expressions.ts';
import { isEntity, type Entity } from '../table/keys.ts';
import { Memberships } from '../tenancy/memberships.ts';
import { scanPages } from '../table/operations.ts';
import { backfillSparklineBuckets } from '../metrics/sparkline-backfill.ts';
import { rewriteSpendOrder } from '../catalogue/spend-order.ts';
import { reconvertTenantCosts } from '../catalogue/cost-conversions.ts';
import { announceStatus, campaignFromItem } from '../campaigns/campaigns.ts';
import { getTenant } from '../tenancy/tenants.ts';
import { timeZoneOf } from '../../records/tenant.ts';
import { keepsSealedSecret, resealItem } from './reseal-secrets.ts';

type Item = Record<string, unknown>;

/** What the backfill needs of an entity: its record's index entries, its counters, and its update. */
type IndexedEntity = EntityOf<Item> & { indexes(record: Item): IndexKeys; counters: readonly string[] };

/** The entities that declare index entries, by the kind of item (keys.ts `SORT_KEYS`) that holds them. */
export const INDEXED_ENTITIES = [
  { kind: 'activity', entity: Activities },
  { kind: 'creator', entity: Creators },
  { kind: 'cost', entity: Costs },
  { kind: 'membership', entity: Memberships },
] as const satisfies readonly { kind: Entity; entity: IndexedEntity }[];

export type IndexedKind = (typeof INDEXED_ENTITIES)[number]['kind'];

export interface ReindexCounts {
  scanned: number;
  /** Written (or, in a dry run, to be written). */
  updated: number;
  /** Changed by a writer between the scan and the write: left as that writer made it. */
  skipped: number;
}

export interface ReindexOptions {
  /** Count what would be written, writing nothing. */
  dryRun?: boolean;
}

/** How many items' writes run at once: enough to move through a large table, few enough to stay under throttling. */
const CONCURRENCY = 16;

/** The entries a put of the item's record writes that the item lacks or holds differently. */
export function staleEntries(entity: IndexedEntity, item: Item): IndexKeys {
  return Object.fromEntries(
    Object.entries(entity.indexes(entity.fromItem(item))).filter(([name, value]) => item[name] !== value),
  );
}

/**
 * The counters the item lacks, at 0: a counter that is an index's sort key (a creator's
 * impressions and engagement, gsi7 and gsi8) must exist for the item to be in that index.
 */
export function absentCounters(entity: IndexedEntity, item: Item): Record<string, number> {
  return Object.fromEntries(entity.counters.filter((name) => item[name] === undefined).map((name) => [name, 0]));
}

/**
 * Brings one scanned item's entries up to date: 'current' when none is stale, else 'updated', or
 * 'skipped' when the item is no longer as read. Every write of a record moves its `updatedAt`
 * (the counters' ADDs do not, and move no entry); the entries written must also be as read. An
 * absent counter is set to 0 only if still absent, so that an ADD meanwhile keeps its count.
 */
export async function reindexItem(
  entity: IndexedEntity,
  item: Item,
  { dryRun = false }: ReindexOptions = {},
): Promise<'current' | 'updated' | 'skipped'> {
  const stale = staleEntries(entity, item);
  const counters = absentCounters(entity, item);
  const names = Object.keys(stale);
  if (!names.length && !Object.keys(counters).length) return 'current';
  if (dryRun) return 'updated';
  const condition = all(exists, asRead('updatedAt', item.updatedAt), ...names.map((name) => asRead(name, item[name])));
  const key = { pk: String(item.pk), sk: String(item.sk) };
  const written = await conditionHeld((failure) =>
    updateRecord(entity, key, { set: stale, setIfAbsent: counters }, { condition, failure }),
  );
  return written ? 'updated' : 'skipped';
}

/** What `reindexTable` counts: each indexed kind's items, the activities' sparkline buckets, the tenants' spend orders, the campaigns' first status announcements, the items keeping a sealed secret and the costs converted. */
export type ReindexTableCounts = Record<
  IndexedKind | 'sparklineBucket' | 'spendOrder' | 'campaignStatus' | 'sealedSecret' | 'conversion',
  ReindexCounts
>;

/** A live tenant item whose spend order is not marked current for its currency revision. */
const staleSpendOrder = (item: Item) =>
  item.deletedAt === undefined &&
  item.deletingAt === undefined &&
  (item.currencyRevision === undefined || item.spendOrderRevision !== item.currencyRevision);

/** Rewrites the spend order of these tenants one by one, into `counts`. */
async function rewriteSpendOrders(
  tenantIds: readonly string[],
  counts: ReindexCounts,
  { dryRun = false }: ReindexOptions,
): Promise<void> {
  for (const tenantId of tenantIds) {
    const outcome = dryRun ? 'rewritten' : await rewriteSpendOrder(tenantId);
    if (outcome === 'rewritten') counts.updated++;
    else if (outcome !== 'current') counts.skipped++;
  }
}

/**
 * Gives every cost of these tenants the conversion its tenant's currency calls for (docs/decisions.md
 * "Money and metrics"): those stored before conversions, and those left waiting by a change of
 * currency; each moves the aggregates from what it counted as to its converted amount. Into `counts`
 * per tenant: scanned, costs converted (updated), costs still waiting (skipped). A dry run converts none.
 */
async function reconvertCosts(
  tenantIds: readonly string[],
  counts: ReindexCounts,
  { dryRun = false }: ReindexOptions,
): Promise<void> {
  for (const tenantId of tenantIds) {
    counts.scanned++;
    if (dryRun) continue;
    const { converted, waiting } = await reconvertTenantCosts(tenantId);
    counts.updated += converted;
    counts.skipped += waiting;
  }
}

/** Announces the status of these live campaigns that never had one, each in its tenant's timezone, into `counts`. */
async function announceFirstStatuses(
  campaigns: readonly Item[],
  counts: ReindexCounts,
  { dryRun = false }: ReindexOptions,
): Promise<void> {
  const timeZones = new Map<string, string | undefined>();
  for (const item of campaigns) {
    const tenantId = tenantOf(item);
    if (!timeZones.has(tenantId)) {
      const tenant = await getTenant(tenantId);
      timeZones.set(tenantId, tenant && timeZoneOf(tenant));
    }
    const timeZone = timeZones.get(tenantId);
    const campaign = campaignFromItem(item);
    // A tenant or campaign gone (or being deleted) meanwhile has nothing to announce.
    if (!timeZone || !campaign) continue;
    if (dryRun) counts.updated++;
    else if (await announceStatus(tenantId, campaign, timeZone)) counts.updated++;
    else counts.skipped++;
  }
}

/** Scans the whole table and reindexes every item of an indexed entity, and each activity's sparkline buckets; the counts per kind. */
export async function reindexTable(options: ReindexOptions = {}): Promise<ReindexTableCounts> {
  const kinds = [
    ...INDEXED_ENTITIES.map(({ kind }) => kind),
    'sparklineBucket' as const,
    'spendOrder' as const,
    'campaignStatus' as const,
    'sealedSecret' as const,
    'conversion' as const,
  ];
  const liveTenants: string[] = [];
  const staleSpendOrders: string[] = [];
  const unannounced: Item[] = [];
  const counts = Object.fromEntries(
    kinds.map((kind) => [kind, { scanned: 0, updated: 0, skipped: 0 }]),
  ) as ReindexTableCounts;
  for await (const items of scanPages()) {
    for (const item of items) {
      if (isEntity(item, 'campaign')) {
        counts.campaignStatus.scanned++;
        if (item.announcedStatus === undefined && item.deletingAt === undefined) unannounced.push(item);
      }
      if (item.sk !== 'TENANT' || !String(item.pk).startsWith('TENANT#')) continue;
      counts.spendOrder.scanned++;
      if (staleSpendOrder(item)) staleSpendOrders.push(tenantOf(item));
      if (item.deletedAt === undefined && item.deletingAt === undefined) liveTenants.push(tenantOf(item));
    }
    for (const item of items.filter(keepsSealedSecret)) {
      counts.sealedSecret.scanned++;
      const outcome = await resealItem(item, options);
      if (outcome !== 'current') counts.sealedSecret[outcome]++;
    }
    const found = items.flatMap((item) =>
      INDEXED_ENTITIES.filter(({ kind }) => isEntity(item, kind)).map((indexed) => ({ ...indexed, item })),
    );
    for (let i = 0; i < found.length; i += CONCURRENCY) {
      await Promise.all(
        found.slice(i, i + CONCURRENCY).map(async ({ kind, entity, item }) => {
          counts[kind].scanned++;
          const outcome = await reindexItem(entity, item, options);
          if (outcome !== 'current') counts[kind][outcome]++;
          if (kind === 'activity')
            addCounts(
              counts.sparklineBucket,
              await backfillSparklineBuckets(tenantOf(item), activityOf(item), options),
            );
        }),
      );
    }
  }
  await rewriteSpendOrders(staleSpendOrders, counts.spendOrder, options);
  await announceFirstStatuses(unannounced, counts.campaignStatus, options);
  await reconvertCosts(liveTenants, counts.conversion, options);
  return counts;
}

const tenantOf = (item: Item) => String(item.pk).slice('TENANT#'.length);
const activityOf = (item: Item) => String(item.sk).slice('ACTIVITY#'.length);

function addCounts(into: ReindexCounts, more: ReindexCounts): void {
  into.scanned += more.scanned;
  into.updated += more.updated;
  into.skipped += more.skipped;
}
