/**
 * Lists and stats at two tenant sizes (docs/design.md "Data: one DynamoDB table", "Benchmarks"): for a tenant of 100 and one of
 * 10,000 activities, creators and costs, what one request of each route reads from DynamoDB (items
 * and capacity units, via `countReads`) and its p50 latency in-process against DynamoDB Local.
 *
 * Target: a default-order page and the stats read as many items at both sizes (ratio of items read
 * <= 1.1), since a page of 20 needs 20 records and stats read stored aggregates; so are the other
 * orders an index keeps (activities by name, creators by impressions, engagement or spend). The lists
 * sorted in memory are reported only, with the reason. A figure above the target is printed as FAIL, never thrown: the bench reports.
 */
import { randomUUID } from 'node:crypto';
import { dispatch } from '../../infra/local/dispatch.ts';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import { countReads, readsBetween, type ReadTally } from './items-read.ts';
import { checkSeed, seedTenant, type Send } from './seed-tenant.ts';
import { quantile, summarize } from './stats.ts';

export const SIZES = [100, 10_000] as const;
export const MAX_ITEMS_READ_RATIO = 1.1;
const WARMUP = 2;
const RUNS = 15;

interface ListRoute {
  label: string;
  url: (tenantId: string) => string;
  /** Whether its items read must not grow with the tenant (else reported only). */
  target: boolean;
  /** Why a list reported only reads what grows with the tenant (printed with the figures). */
  why?: string;
}

/** Why a creators list by a ratio reads every creator's compact entry (shared/db/catalogue/creator-lists.ts and functions/creators/filters.ts). */
const RATIO_IN_MEMORY =
  'a ratio of two counters that different writes move (spend with costs, impressions or engagement with readings and links), ' +
  'which no write knows both of without reading the creator: no index can keep its order, so every compact entry is read and sorted';

const PAGE = 'pageIndex=0&pageSize=20';
export const LIST_ROUTES: readonly ListRoute[] = [
  {
    label: 'GET /v1/activities (default order)',
    url: (t) => `/v1/activities?organizationId=${t}&${PAGE}`,
    target: true,
  },
  // Sorted by name is an index page too (gsi2), so it is held to the same target.
  {
    label: 'GET /v1/activities (sorted by name)',
    url: (t) => `/v1/activities?organizationId=${t}&${PAGE}&sortBy=name`,
    target: true,
  },
  // Impressions and engagement: the creator's own counters are gsi7's and gsi8's sort keys.
  {
    label: 'GET /v1/creators (sorted by impressions)',
    url: (t) => `/v1/creators?workspaceId=${t}&${PAGE}&sortBy=impressions`,
    target: true,
  },
  {
    label: 'GET /v1/creators (sorted by engagement)',
    url: (t) => `/v1/creators?workspaceId=${t}&${PAGE}&sortBy=engagement`,
    target: true,
  },
  // Spend in the tenant's currency: the creator's `spendInTenantCurrency` is gsi9's sort key (shared/db/catalogue/spend-order.ts).
  {
    label: 'GET /v1/creators (sorted by spend)',
    url: (t) => `/v1/creators?workspaceId=${t}&${PAGE}&sortBy=spend`,
    target: true,
  },
  {
    label: 'GET /v1/creators (sorted by CPM)',
    url: (t) => `/v1/creators?workspaceId=${t}&${PAGE}&sortBy=cpm`,
    target: false,
    why: RATIO_IN_MEMORY,
  },
  {
    label: 'GET /v1/creators (sorted by CPE)',
    url: (t) => `/v1/creators?workspaceId=${t}&${PAGE}&sortBy=cpe`,
    target: false,
    why: RATIO_IN_MEMORY,
  },
  { label: 'GET /v1/costs (default order)', url: (t) => `/v1/costs?organizationId=${t}&${PAGE}`, target: true },
  { label: 'GET /v1/costs/stats', url: (t) => `/v1/costs/stats?organizationId=${t}`, target: true },
];

export interface Measured extends ReadTally {
  p50Ms: number;
  p95Ms: number;
  n: number;
}

export function sender(headers: Record<string, string>): Send {
  return async <T>(method: string, url: string, body?: unknown) => {
    const response = await dispatch({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    // A report link's page is HTML: handed back as its text.
    const type = String(
      Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '',
    );
    return (type.startsWith('text/html') ? response.body : JSON.parse(response.body ?? '{}')) as T;
  };
}

/** Warm-up, then `runs` requests one after another: the reads of one (the same every time), the p50 and p95. */
export async function measure(send: Send, url: string, runs = RUNS): Promise<Measured> {
  const reads = countReads();
  for (let i = 0; i < WARMUP; i++) await send('GET', url);
  const times: number[] = [];
  const tallies: ReadTally[] = [];
  for (let i = 0; i < runs; i++) {
    const before = reads.read();
    const began = performance.now();
    await send('GET', url);
    times.push(performance.now() - began);
    tallies.push(readsBetween(before, reads.read()));
  }
  const distinct = new Set(tallies.map((t) => t.itemsRead));
  if (distinct.size > 1)
    console.warn(`  ${url}: items read varied between runs (${[...distinct].join(', ')}); reporting the largest`);
  const most = tallies.reduce((a, b) => (b.itemsRead > a.itemsRead ? b : a));
  const { n, median } = summarize(times);
  const p95 = quantile(
    [...times].sort((a, b) => a - b),
    0.95,
  );
  return { ...most, p50Ms: Math.round(median * 10) / 10, p95Ms: Math.round(p95 * 10) / 10, n };
}

/** The lists bench; needs the service's environment pointing at a live DynamoDB Local table. */
export async function measureLists(issuer: LocalIssuer) {
  const userId = randomUUID();
  const email = `${userId}@bench.example`;
  const send = sender({ authorization: `Bearer ${issuer.mint({ userId, email })}` });
  await send('POST', '/v1/users', { userId, email, name: 'Bench' });

  const bySize: Record<string, Record<string, Measured>> = {};
  for (const size of SIZES) {
    const tenantId = (await send('POST', '/v1/organizations', { userId, name: `Bench ${size}` })).data.id;
    const began = performance.now();
    await seedTenant(send, tenantId, size);
    await checkSeed(send, tenantId, size);
    console.log(
      `  seeded ${size} activities, creators and costs in ${Math.round((performance.now() - began) / 1000)} s`,
    );
    const figures: Record<string, Measured> = {};
    for (const route of LIST_ROUTES) figures[route.label] = await measure(send, route.url(tenantId));
    bySize[String(size)] = figures;
  }

  const [small, large] = SIZES.map(String) as [string, string];
  const routes = LIST_ROUTES.map((route) => {
    const a = bySize[small]![route.label]!;
    const b = bySize[large]![route.label]!;
    const ratio = a.itemsRead ? Math.round((b.itemsRead / a.itemsRead) * 100) / 100 : null;
    const verdict = route.target ? (ratio !== null && ratio <= MAX_ITEMS_READ_RATIO ? 'PASS' : 'FAIL') : 'reported';
    return { route: route.label, [small]: a, [large]: b, itemsReadRatio: ratio, verdict, why: route.why };
  });
  return {
    records: `${small} and ${large} each of activities, creators and costs in one tenant`,
    target: `items read at ${large} / at ${small} <= ${MAX_ITEMS_READ_RATIO} for default-order pages and stats`,
    runsPerMeasurement: RUNS,
    routes,
  };
}

export type ListsResult = Awaited<ReturnType<typeof measureLists>>;

export function printLists(result: ListsResult): void {
  const [small, large] = SIZES.map(String) as [string, string];
  console.log(
    `\nLists and stats: items read (capacity units) and p50 ms at ${small} / ${large} records, ${result.runsPerMeasurement} runs`,
  );
  for (const r of result.routes) {
    const a = r[small] as Measured;
    const b = r[large] as Measured;
    console.log(
      `  ${r.route.padEnd(44)} ${String(a.itemsRead).padStart(6)} (${a.capacityUnits}) ${a.p50Ms} ms  /  ${String(b.itemsRead).padStart(6)} (${b.capacityUnits}) ${b.p50Ms} ms  ratio ${r.itemsReadRatio}`,
    );
  }
  for (const r of result.routes.filter((x) => x.why))
    console.log(`reported: ${r.route} reads ${r.itemsReadRatio}x the items: ${r.why}`);
  for (const r of result.routes.filter((x) => x.verdict !== 'reported')) {
    console.log(
      `${r.verdict}: ${r.route} reads ${r.itemsReadRatio}x the items at ${large} records as at ${small} (target <= ${MAX_ITEMS_READ_RATIO})`,
    );
  }
}
