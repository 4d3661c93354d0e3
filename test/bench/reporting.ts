/**
 * Reporting at two tenant sizes (docs/decisions.md "Reporting evidence", "Benchmarks"): a tenant of 100 and one of 10,000
 * activities (with as many creators and costs), 20 campaigns and costs in 3 currencies, seeded by
 * seed-tenant.ts through the real write path. For organization metrics, campaign metrics, a 90-day
 * organization history, a 90-day spend history, the portfolio, the executive brief, the agency
 * view and a campaign's report link page (`/r/:token`, HTML): items read from DynamoDB and p50/p95
 * latency in-process against DynamoDB Local.
 *
 * Targets: items read at 10,000 / at 100 <= 1.1 and p50 and p95 latency each <= 1.3 — reports read
 * stored aggregates and day rollups, never the activities or costs. The report page also: p50 <=
 * 150 ms and at most 150 KB for its campaign (500 activities at 10,000; docs/decisions.md "Report links"). A p95 of a shared machine is
 * noisy: RUNS rounds per route (not fewer), each round taking the sizes in turn, in alternate order.
 * A miss prints FAIL; nothing throws.
 */
import { randomUUID } from 'node:crypto';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import { countReads, readsBetween, type ReadTally } from './items-read.ts';
import { sender, SIZES, type Measured } from './lists.ts';
import { checkSeed, seedTenant, type Send } from './seed-tenant.ts';
import { quantile } from './stats.ts';

export const MAX_ITEMS_READ_RATIO = 1.1;
export const MAX_LATENCY_RATIO = 1.3;
const CAMPAIGNS = 20;
const CURRENCIES = ['USD', 'EUR', 'JPY'] as const;
const RUNS = 150;
const WARMUP = 3;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

interface Route {
  label: string;
  url: (tenant: { tenantId: string; campaignId: string; reportToken: string }) => string;
}

export const REPORTING_ROUTES: readonly Route[] = [
  {
    label: 'GET /v1/reporting/organization/metrics',
    url: ({ tenantId: t }) => `/v1/reporting/organization/metrics?organizationId=${t}`,
  },
  {
    label: 'GET /v1/reporting/campaign/metrics',
    url: ({ tenantId: t, campaignId: c }) => `/v1/reporting/campaign/metrics?organizationId=${t}&campaignId=${c}`,
  },
  {
    label: 'GET /v1/reporting/organization/metrics/history (90 days)',
    url: ({ tenantId: t }) => `/v1/reporting/organization/metrics/history?organizationId=${t}&daysBack=90`,
  },
  {
    label: 'GET /v1/reporting/spend/history (90 days)',
    url: ({ tenantId: t }) => `/v1/reporting/spend/history?organizationId=${t}&startDate=${day(89)}&endDate=${day(0)}`,
  },
  {
    label: 'GET /v1/reporting/campaign/portfolio',
    url: ({ tenantId: t }) => `/v1/reporting/campaign/portfolio?organizationId=${t}&daysBack=30`,
  },
  {
    label: 'GET /v1/reporting/marketing-brief (executive)',
    url: ({ tenantId: t }) => `/v1/reporting/marketing-brief?organizationId=${t}&daysBack=30&audience=executive`,
  },
  {
    label: 'GET /v1/reporting/organization/workspaces (agency view)',
    url: ({ tenantId: t }) => `/v1/reporting/organization/workspaces?organizationId=${t}&pageIndex=0&pageSize=10`,
  },
  { label: 'GET /r/:token (campaign report page, HTML)', url: ({ reportToken }) => `/r/${reportToken}` },
];

const REPORT_PAGE = 'GET /r/:token (campaign report page, HTML)';
export const MAX_PAGE_P50_MS = 150;
export const MAX_PAGE_BYTES = 150 * 1024;

/** A tenant of `size` activities in 20 campaigns, costs in 3 currencies, activities over the last 90 days. */
async function seededTenant(send: Send, userId: string, size: number) {
  const tenantId = (await send('POST', '/v1/organizations', { userId, name: `Reporting bench ${size}` })).data.id;
  const campaignIds: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    campaignIds.push(
      (
        await send('POST', '/v1/campaigns', {
          organizationId: tenantId,
          name: `Campaign ${i}`,
          budget: 5000,
          startAt: new Date(Date.now() - 60 * 86_400_000).toISOString(),
        })
      ).data.id,
    );
  }
  await seedTenant(send, tenantId, size, {
    campaignIds,
    currencies: CURRENCIES,
    daysAgo: (i) => i * 9,
    counts: (i) => ({ viewsCount: 1000 * (i + 1), likeCount: 10 * (i + 1) }),
  });
  await checkSeed(send, tenantId, size);
  // A link to the first campaign's report (its page is measured with the reports).
  const link = await send<{ data: { url: string } }>('POST', '/v1/report-links', {
    organizationId: tenantId,
    campaignId: campaignIds[0],
  });
  return { tenantId, campaignId: campaignIds[0]!, reportToken: link.data.url.split('/r/')[1]! };
}

/**
 * Warm-up, then `runs` rounds of one request to each URL in turn (every other round in reverse
 * order, so that neither URL always follows the other): per URL the reads of one (the largest) and
 * the p50 and p95.
 */
export async function alternating(send: Send, urls: readonly string[], runs = RUNS): Promise<Measured[]> {
  const reads = countReads();
  for (const url of urls) for (let i = 0; i < WARMUP; i++) await send('GET', url);
  const samples = urls.map(() => ({ times: [] as number[], most: undefined as ReadTally | undefined }));
  for (let run = 0; run < runs; run++) {
    const order = run % 2 ? [...urls.entries()].reverse() : [...urls.entries()];
    for (const [i, url] of order) {
      const before = reads.read();
      const began = performance.now();
      await send('GET', url);
      samples[i]!.times.push(performance.now() - began);
      const tally = readsBetween(before, reads.read());
      if (!samples[i]!.most || tally.itemsRead > samples[i]!.most!.itemsRead) samples[i]!.most = tally;
    }
  }
  return samples.map(({ times, most }) => {
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (q: number) => Math.round(quantile(sorted, q) * 10) / 10;
    return { ...most!, p50Ms: ms(0.5), p95Ms: ms(0.95), n: times.length };
  });
}

export async function measureReporting(issuer: LocalIssuer) {
  const userId = randomUUID();
  const email = `${userId}@bench.example`;
  const send = sender({ authorization: `Bearer ${issuer.mint({ userId, email })}` });
  await send('POST', '/v1/users', { userId, email, name: 'Reporting bench' });
  const tenants = [];
  for (const size of SIZES) {
    const began = performance.now();
    tenants.push({ size, ...(await seededTenant(send, userId, size)) });
    console.log(
      `  seeded ${size} activities in ${CAMPAIGNS} campaigns in ${Math.round((performance.now() - began) / 1000)} s`,
    );
  }
  // Both sizes seeded first, then each route's requests alternate between the sizes, so that the
  // load of a shared machine falls on both alike and neither pays a cold start alone.
  const bySize: Record<string, Record<string, Measured>> = Object.fromEntries(SIZES.map((size) => [String(size), {}]));
  for (const route of REPORTING_ROUTES) {
    const measured = await alternating(
      send,
      tenants.map((t) => route.url(t)),
    );
    tenants.forEach(({ size }, i) => {
      bySize[String(size)]![route.label] = measured[i]!;
    });
  }
  const [small, large] = SIZES.map(String) as [string, string];
  // The report page's weight at each size: its campaign holds 1/20 of the activities.
  const pageBytes: Record<string, number> = {};
  for (const t of tenants)
    pageBytes[String(t.size)] = Buffer.byteLength(await send<string>('GET', `/r/${t.reportToken}`));
  const ratio = (a: number, b: number) => (a ? Math.round((b / a) * 100) / 100 : null);
  const routes = REPORTING_ROUTES.map((route) => {
    const a = bySize[small]![route.label]!;
    const b = bySize[large]![route.label]!;
    const itemsReadRatio = ratio(a.itemsRead, b.itemsRead);
    const latencyRatio = ratio(a.p50Ms, b.p50Ms);
    const latencyRatioP95 = ratio(a.p95Ms, b.p95Ms);
    const within = (r: number | null, max: number) => r !== null && r <= max;
    const pagePass = route.label !== REPORT_PAGE || (b.p50Ms <= MAX_PAGE_P50_MS && pageBytes[large]! <= MAX_PAGE_BYTES);
    const pass =
      within(itemsReadRatio, MAX_ITEMS_READ_RATIO) &&
      within(latencyRatio, MAX_LATENCY_RATIO) &&
      within(latencyRatioP95, MAX_LATENCY_RATIO) &&
      pagePass;
    return {
      route: route.label,
      [small]: a,
      [large]: b,
      itemsReadRatio,
      latencyRatio,
      latencyRatioP95,
      // Left out of the JSON report (undefined) for the other routes.
      pageBytes: route.label === REPORT_PAGE ? pageBytes : undefined,
      verdict: pass ? 'PASS' : 'FAIL',
    };
  });
  return {
    records: `${small} and ${large} activities (with as many creators and costs) in one tenant, ${CAMPAIGNS} campaigns, costs in ${CURRENCIES.join(', ')}`,
    target: `at ${large} / at ${small}: items read <= ${MAX_ITEMS_READ_RATIO}, p50 latency <= ${MAX_LATENCY_RATIO}, p95 latency <= ${MAX_LATENCY_RATIO}; the report page p50 <= ${MAX_PAGE_P50_MS} ms and <= ${MAX_PAGE_BYTES / 1024} KB at ${large}`,
    runsPerMeasurement: RUNS,
    routes,
  };
}

export type ReportingResult = Awaited<ReturnType<typeof measureReporting>>;

export function printReporting(result: ReportingResult): void {
  const [small, large] = SIZES.map(String) as [string, string];
  console.log(
    `\nReporting: items read, p50 / p95 ms at ${small} / ${large} activities, ${result.runsPerMeasurement} runs`,
  );
  for (const r of result.routes) {
    const a = r[small] as Measured;
    const b = r[large] as Measured;
    console.log(
      `  ${r.route.padEnd(58)} ${String(a.itemsRead).padStart(4)} items ${a.p50Ms} / ${a.p95Ms} ms  |  ${String(b.itemsRead).padStart(4)} items ${b.p50Ms} / ${b.p95Ms} ms  ratios items ${r.itemsReadRatio}, p50 ${r.latencyRatio}, p95 ${r.latencyRatioP95}${
        r.pageBytes
          ? `  page ${Object.values(r.pageBytes)
              .map((n) => `${Math.round(n / 1024)} KB`)
              .join(' / ')}`
          : ''
      }  ${r.verdict}`,
    );
  }
}
