/**
 * Metric reads at two tenant sizes (docs/decisions.md "Metric snapshots and refresh", "Benchmarks"): a tenant of 100 and one of 10,000
 * activities (with as many creators and costs) seeded by seed-tenant.ts, whose template activities
 * each have readings on READING_DAYS days of the last 30, recorded by the real writer
 * (`recordReadings`: snapshots, the activity's, its creators' and the tenant's day rollups) and
 * copied with the rest of the seed. Each template activity is linked to its own creator and to the
 * first template's creator, so that creator's history sums ten activities' days.
 *
 * Measured, requests alternating between the sizes: the first creator's 30-day history (both routes
 * that answer it) and the sparklines of 100 of the tenant's activities: items read (ConsumedCapacity
 * and ScannedCount, items-read.ts) and p50/p95 latency in-process against DynamoDB Local.
 *
 * Target: items read at 10,000 / at 100 <= 1.1 (a history reads at most its days' items, a sparkline
 * its activity's), and the sparklines of 100 activities in at most 5 DynamoDB calls (the cold-start targets, test/bench/RESULTS.md: the
 * record pointer, the tenant with the caller's access, and 300 keys of BatchGet: the activities and
 * their 2 sparkline buckets each). Latency is reported only (a shared machine). A miss prints FAIL;
 * nothing throws.
 */
import { randomUUID } from 'node:crypto';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import { recordReadings } from '../../shared/db/metrics/snapshots.ts';
import { sender, SIZES, type Measured } from './lists.ts';
import { alternating } from './reporting.ts';
import { checkSeed, seedTenant, type Send } from './seed-tenant.ts';

export const MAX_ITEMS_READ_RATIO = 1.1;
/** DynamoDB calls of the sparklines of SPARKLINE_ACTIVITIES activities. */
export const MAX_SPARKLINE_CALLS = 5;
/** Days before today on which each template activity has a reading (oldest first: a reading older than the stored one is skipped). */
const READING_DAYS = [27, 20, 13, 6, 0] as const;
const SPARKLINE_ACTIVITIES = 100;
const RUNS = 30;

interface Tenant {
  size: number;
  tenantId: string;
  creatorId: string;
  activityIds: string[];
}

interface Route {
  label: string;
  url: (t: Tenant) => string;
  /** A target on the DynamoDB calls of one request, at every size. */
  maxCalls?: number;
}

export const METRIC_READ_ROUTES: readonly Route[] = [
  {
    label: 'GET /v1/creators/metrics/history (30 days)',
    url: (t) => `/v1/creators/metrics/history?workspaceId=${t.tenantId}&creatorId=${t.creatorId}&daysBack=30`,
  },
  {
    label: 'GET /v1/reporting/creator/metrics/history (30 days)',
    url: (t) =>
      `/v1/reporting/creator/metrics/history?organizationId=${t.tenantId}&creatorId=${t.creatorId}&daysBack=30`,
  },
  {
    label: `GET /v1/activities/sparklines (${SPARKLINE_ACTIVITIES} activities)`,
    url: (t) => `/v1/activities/sparklines?activityIds=${t.activityIds.join(',')}`,
    maxCalls: MAX_SPARKLINE_CALLS,
  },
];

/** A YouTube reading of the template activity `index`, `daysAgo` days before now, counts growing with time. */
function reading(index: number, daysAgo: number, step: number) {
  const views = 1000 * (index + 1) * (step + 1);
  const likes = 10 * (index + 1) * (step + 1);
  const comments = 2 * (index + 1) * (step + 1);
  return {
    fields: { viewCount: views, likeCount: likes, commentCount: comments },
    counts: { views, likes, comments, shares: null, saves: null },
    impressions: views,
    engagement: likes + comments,
    reach: null,
    source: { kind: 'api' as const, adapter: 'youtube', apiVersion: 'v3' },
    contentUrl: `https://www.youtube.com/watch?v=bench${String(index).padStart(6, '0')}`,
    fetchedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  };
}

/** One route's figures at each size (keyed by size), its items-read verdict and, with a calls target, that verdict. */
type RouteResult = Record<string, unknown> & {
  route: string;
  itemsReadRatio: number | null;
  latencyRatioP50: number | null;
  latencyRatioP95: number | null;
  verdict: string;
  maxCalls?: number;
  callsVerdict?: 'PASS' | 'FAIL';
};

async function seededTenant(send: Send, userId: string, size: number): Promise<Tenant> {
  const tenantId = (await send('POST', '/v1/organizations', { userId, name: `Metric reads bench ${size}` })).data.id;
  let firstCreator = '';
  await seedTenant(send, tenantId, size, {
    afterTemplate: async ({ index, activityId, creatorId }) => {
      if (index === 0) firstCreator = creatorId;
      await send('POST', `/v1/activities/${activityId}/creators`, { creatorId });
      if (index > 0) await send('POST', `/v1/activities/${activityId}/creators`, { creatorId: firstCreator });
      await recordReadings(
        tenantId,
        READING_DAYS.map((daysAgo, step) => ({ activityId, reading: reading(index, daysAgo, step) })),
      );
    },
  });
  await checkSeed(send, tenantId, size);
  const page = await send<{ items: { id: string }[] }>(
    'GET',
    `/v1/activities?organizationId=${tenantId}&pageIndex=0&pageSize=${SPARKLINE_ACTIVITIES}`,
  );
  const activityIds = page.items.map((a) => a.id);
  if (activityIds.length !== SPARKLINE_ACTIVITIES)
    throw new Error(`expected ${SPARKLINE_ACTIVITIES} activities, listed ${activityIds.length}`);
  return { size, tenantId, creatorId: firstCreator, activityIds };
}

type Day = { date: string; impressions: number; engagement: number };

/** The seed is what the writer would have produced: the first creator's history has the same days and figures at every size, none empty. */
async function checkHistories(send: Send, tenants: readonly Tenant[]): Promise<void> {
  const histories = await Promise.all(tenants.map((t) => send<{ items: Day[] }>('GET', METRIC_READ_ROUTES[0]!.url(t))));
  const shown = histories.map((h) => JSON.stringify(h.items.filter((d) => d.impressions || d.engagement)));
  const days = histories[0]!.items.filter((d) => d.impressions || d.engagement).length;
  if (days !== READING_DAYS.length || new Set(shown).size !== 1)
    throw new Error(`seed check: creator histories differ or miss days: ${shown.join(' vs ')}`);
  const sparklines = await send<{ items: { points: Day[] }[] }>('GET', METRIC_READ_ROUTES[2]!.url(tenants.at(-1)!));
  const empty = sparklines.items.filter((s) => !s.points.some((p) => p.impressions)).length;
  if (empty)
    throw new Error(`seed check: ${empty} of ${sparklines.items.length} sparklines of the large tenant are empty`);
}

export async function measureMetricReads(issuer: LocalIssuer) {
  const userId = randomUUID();
  const email = `${userId}@bench.example`;
  const send = sender({ authorization: `Bearer ${issuer.mint({ userId, email })}` });
  await send('POST', '/v1/users', { userId, email, name: 'Metric reads bench' });
  const tenants: Tenant[] = [];
  for (const size of SIZES) {
    const began = performance.now();
    tenants.push(await seededTenant(send, userId, size));
    console.log(
      `  seeded ${size} activities with ${READING_DAYS.length} days of readings each in ${Math.round((performance.now() - began) / 1000)} s`,
    );
  }
  await checkHistories(send, tenants);
  const [small, large] = SIZES.map(String) as [string, string];
  const ratio = (a: number, b: number) => (a ? Math.round((b / a) * 100) / 100 : null);
  const routes: RouteResult[] = [];
  for (const route of METRIC_READ_ROUTES) {
    const [a, b] = (await alternating(send, tenants.map(route.url), RUNS)) as [Measured, Measured];
    const itemsReadRatio = ratio(a.itemsRead, b.itemsRead);
    const verdict = itemsReadRatio !== null && itemsReadRatio <= MAX_ITEMS_READ_RATIO ? 'PASS' : 'FAIL';
    const calls =
      route.maxCalls === undefined
        ? {}
        : {
            maxCalls: route.maxCalls,
            callsVerdict: Math.max(a.calls, b.calls) <= route.maxCalls ? ('PASS' as const) : ('FAIL' as const),
          };
    routes.push({
      route: route.label,
      [small]: a,
      [large]: b,
      itemsReadRatio,
      latencyRatioP50: ratio(a.p50Ms, b.p50Ms),
      latencyRatioP95: ratio(a.p95Ms, b.p95Ms),
      verdict,
      ...calls,
    });
  }
  return {
    records: `${small} and ${large} activities (with as many creators and costs) in one tenant; each activity read on ${READING_DAYS.length} days of the last 30 (days ago: ${READING_DAYS.join(', ')}), linked to its creator and to the first creator (10 activities per such creator)`,
    target: `items read at ${large} / at ${small} <= ${MAX_ITEMS_READ_RATIO}; the sparklines of ${SPARKLINE_ACTIVITIES} activities in <= ${MAX_SPARKLINE_CALLS} DynamoDB calls; latency reported only`,
    runsPerMeasurement: RUNS,
    routes,
  };
}

export type MetricReadsResult = Awaited<ReturnType<typeof measureMetricReads>>;

export function printMetricReads(result: MetricReadsResult): void {
  const [small, large] = SIZES.map(String) as [string, string];
  console.log(
    `\nMetric reads: items read (capacity units), p50 / p95 ms at ${small} / ${large} activities, ${result.runsPerMeasurement} runs`,
  );
  for (const r of result.routes) {
    const a = r[small] as Measured;
    const b = r[large] as Measured;
    console.log(
      `  ${r.route.padEnd(54)} ${String(a.itemsRead).padStart(4)} (${a.capacityUnits}) ${a.p50Ms} / ${a.p95Ms} ms  |  ${String(b.itemsRead).padStart(4)} (${b.capacityUnits}) ${b.p50Ms} / ${b.p95Ms} ms  items ratio ${r.itemsReadRatio}  ${r.verdict}`,
    );
  }
  for (const r of result.routes) {
    console.log(
      `${r.verdict}: ${r.route} reads ${r.itemsReadRatio}x the items at ${large} activities as at ${small} (target <= ${MAX_ITEMS_READ_RATIO})`,
    );
    if (r.callsVerdict) {
      const [a, b] = [small, large].map((size) => (r[size] as Measured).calls);
      console.log(
        `${r.callsVerdict}: ${r.route} makes ${a} DynamoDB calls in the tenant of ${small} activities and ${b} in that of ${large} (target <= ${r.maxCalls})`,
      );
    }
  }
}
