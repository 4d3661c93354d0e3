/**
 * Offset paging (`pageIndex` zero-based, `pageSize` 1-100) with an exact `totalCount`.
 *
 * DynamoDB pages by cursor, not offset. `indexPage` reads one page of an index partition kept in
 * the list's order (`Limit = pageSize`), the total and facets coming from counters kept on write.
 * `queryPage` reads the matching keys only, counts them, and fetches the one requested page's items
 * in a batch. Lists whose order or filter no key holds sort in memory with `sortRecords` (ties by
 * `id`) and slice with `pageOf`.
 *
 * What each list reads (docs/design.md "Data: one DynamoDB table"):
 * - one page from an index, total and facets from counters: activities newest/oldest first or by
 *   name, or of one channel by creation (ACTIVITY_CHANNELS); creators (own brand left out) by
 *   creation or name (CREATOR_ROLES), or by impressions, engagement or spend (gsi7, gsi8, gsi9:
 *   the creator's own counters are the sort keys, so the metric and cost writes' ADDs move it
 *   there; ties in an order DynamoDB keeps, stable across pages but not by id; spend only while
 *   gsi9 holds the tenant's current currency, spend-order.ts); costs newest or oldest first (the tenant's costsCount);
 *   cost types (one counter item, COST_TYPES).
 * - a parent's collection, then in memory: activities of a creator or campaign; costs of an
 *   activity, campaign or creator; creators of an activity; and the per-parent lists of few items
 *   (an entity's notes and files, a campaign's outcome measurements, a user's organizations).
 * - the compact projection (gsi5: keys and the filtered and sorted attributes only, never the full
 *   items), then the page's items: creators by CPM, CPE, activities or followers (by spend
 *   right after a currency change, until its rewrite), by
 *   role or date range, and searched, joined with
 *   the search projection (gsi6: name, email and notes, which gsi5 leaves out to stay small);
 *   activities searched by name or by start date (nullable, nulls last either way), and their
 *   filtered stats' sums; costs by amount or another non-key column, searched, or by category
 *   (catalogue/cost-views.ts).
 * - every record of the tenant, then in memory: campaigns (a status facet derived from dates and
 *   today's date needs every campaign's dates; a tenant has few); and the tenant-wide lists of few
 *   items (members, invitations, expense categories, outcome definitions).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { queryPages } from './operations.ts';
import type { Key, KeyCondition } from './keys.ts';
import { itemsInOrder, queryInput, queryItems, type QuerySpec, type ReadOptions } from './query.ts';
import { GLOBAL_INDEXES } from './table-definition.ts';

export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

/** Counts of the listed records per value of a field: `{ role: { owner: 1, viewer: 3 } }`. */
export type Facets = Record<string, Record<string, number>>;

export interface Page<T> {
  items: T[];
  totalCount: number;
}

export function pageOf<T>(all: readonly T[], { pageIndex, pageSize }: PageRequest): Page<T> {
  const start = pageIndex * pageSize;
  return { items: all.slice(start, start + pageSize), totalCount: all.length };
}

type Comparable = string | number | boolean | null | undefined;

/**
 * Sorts by one field, then by `id` so that equal values keep one stable order across requests
 * (and pages neither repeat nor skip records). Nulls sort last in either direction.
 */
export function sortRecords<T extends { id: string }>(
  records: readonly T[],
  field: (record: T) => Comparable,
  direction: 'asc' | 'desc',
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...records].sort((a, b) => {
    const x = field(a);
    const y = field(b);
    const xMissing = x === null || x === undefined;
    const yMissing = y === null || y === undefined;
    if (xMissing || yMissing) {
      if (xMissing !== yMissing) return xMissing ? 1 : -1;
    } else if (x !== y) {
      if (typeof x === 'string' && typeof y === 'string') {
        const c = x.localeCompare(y, 'en', { sensitivity: 'base' });
        if (c !== 0) return sign * c;
      } else if (x < y) return -sign;
      else if (x > y) return sign;
    }
    return a.id < b.id ? -sign : a.id > b.id ? sign : 0;
  });
}

/**
 * One page of a key-ordered query: keys first (exact count), then the page's items in one batch,
 * returned in key order. Works on the table or a GSI (whose items must project `pk` and `sk`).
 */
export async function queryPage(
  spec: QuerySpec,
  page: PageRequest,
  options: Pick<ReadOptions, 'newestFirst'> = {},
): Promise<Page<Record<string, unknown>>> {
  const keyItems = (await queryItems(spec, { ...options, attributes: ['pk', 'sk'] })) as unknown as Key[];
  const { items: pageKeys, totalCount } = pageOf(keyItems, page);
  return { items: await itemsInOrder(pageKeys), totalCount };
}

const cursors = new AsyncLocalStorage<Map<string, Record<string, unknown> | null>>();

/**
 * Runs `work` remembering where each page of an index partition ended (`indexPage`), so that a
 * reader of every page in turn (an export) starts page N+1 where page N stopped instead of walking
 * past N pages of entries again: offset paging's cost, which grows with the page index, paid once.
 * For one reader's own run only: a request never sees another's cursors (each call has its own map).
 */
export function withPageCursors<T>(work: () => Promise<T>): Promise<T> {
  return cursors.run(new Map(), work);
}

/**
 * One page of an ordered index partition (keys.ts `OrderedIndex`: `keys.*ByCreation` newest first by
 * default, or another order kept in a key, in either direction), without counting it:
 * the caller takes `totalCount` from a counter kept on write. Page 0 is one Query with
 * `Limit = pageSize`. Page N first walks past `N * pageSize` entries reading their keys only
 * (the index projects every attribute, so those still cost read capacity by item size — offset
 * paging's price, growing with the page index, never with pages after it), then reads the page
 * from there with one more Query of `Limit = pageSize`. A keys-only index (gsi7, gsi8, gsi9) then gives
 * the page's items in one BatchGet.
 */
export async function indexPage(
  order: KeyCondition,
  { pageIndex, pageSize }: PageRequest,
  direction: 'asc' | 'desc' = 'desc',
): Promise<Record<string, unknown>[]> {
  const index = GLOBAL_INDEXES.find((i) => i.indexName === order.index);
  if (!index) throw new Error(`indexPage reads an index's order, not the table's (${order.index}).`);
  const newestFirst = direction === 'desc';
  const memo = cursors.getStore();
  const at = (offset: number) => `${JSON.stringify(order)}\u0000${direction}\u0000${offset}`;
  let start: Record<string, unknown> | undefined;
  const remembered = memo?.get(at(pageIndex * pageSize));
  // The page before ended the partition: past the end.
  if (remembered === null) return [];
  if (remembered) start = remembered;
  for (let skip = remembered ? 0 : pageIndex * pageSize; skip > 0; ) {
    // One request of `skip` keys at most (DynamoDB may answer fewer: the loop goes on from there).
    const { value: page } = await queryPages(
      queryInput(order, { newestFirst, attributes: ['pk', 'sk', index.partitionKey, index.sortKey] }),
      skip,
      start,
    ).next();
    skip -= page?.count ?? 0;
    start = page?.next;
    // The partition ended before the page: past the end.
    if (!start) return [];
  }
  const { value: page } = await queryPages(queryInput(order, { newestFirst }), pageSize, start).next();
  const items = page?.items ?? [];
  // Where the next page starts, when this one is whole (a page cut short by the 1 MB limit is not at its offset's end) or the last.
  if (memo && (items.length === pageSize || !page?.next)) memo.set(at((pageIndex + 1) * pageSize), page?.next ?? null);
  return index.projection === 'KEYS_ONLY' ? itemsInOrder(items as unknown as Key[]) : items;
}
