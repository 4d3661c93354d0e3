/**
 * The reporting oracle's property test (docs/decisions.md "Figures a reader can check"): for random tenants (oracle-tenants.ts), every
 * reporting route's figures equal those the oracle (test/support/reporting-oracle.ts) computes
 * from the records themselves, `_meta` names the same basis, provenance and freshness, and the
 * reports agree with each other: campaign metrics = comparison's `current` = closeout's
 * `performance`; the organization's conversions are the sum over its campaigns; a history sums to
 * its report's totals when every day it counts is in its window; the brief quotes the
 * organization's conversions and CPA and the portfolio's trend.
 *
 * Every difference of a tenant is listed at once, each named by route and field. A failure prints
 * fast-check's seed and path. The tenants are written and read in batches of `ORACLE_BATCH` (5)
 * at once, `ORACLE_TENANTS` (200) in all; `ORACLE_SEED=<seed>` runs another seed, and
 * `ORACLE_ONLY=<text>` fails only on the differences whose name contains that text (to shrink one
 * property at a time; all are checked when it is unset), and `ORACLE_NO_SHRINK=1` reports the first
 * failing batch as found.
 */
import fc from 'fast-check';
import { afterEach, describe, it, vi } from 'vitest';
import { call } from '../../support/call.ts';
import {
  lastDates,
  ReportingOracle,
  addDays,
  dateIn,
  roundMoneyIn,
  type Figures,
} from '../../support/reporting-oracle.ts';
import { signUp } from '../../support/users.ts';
import { batchArb, buildTenants, type BuiltTenant, type TenantSpec } from './oracle-tenants.ts';

const SEED = Number(process.env.ORACLE_SEED ?? 20_261_126);
/** Tenants written and read at once (one timeline): the requests of one wait on DynamoDB Local while the others' run. */
const BATCH = Number(process.env.ORACLE_BATCH ?? 5);
const TENANTS = Number(process.env.ORACLE_TENANTS ?? 200);
const ONLY = process.env.ORACLE_ONLY;

/** The real time the run started, to the minute: each tenant's "now" is up to two days before it. */
const anchor = Math.floor(Date.now() / 60_000) * 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** The differences found in one tenant's reports, each `route field: got X, oracle Y`. */
class Differences {
  readonly list: string[] = [];

  same(name: string, got: unknown, want: unknown) {
    if (!equal(got, want)) this.list.push(`${name}: got ${JSON.stringify(got)}, oracle ${JSON.stringify(want)}`);
  }
}

/** A share the rules leave the rounding of open (`budgetUsed`): equal within `within`. */
class Near {
  constructor(
    readonly value: number | null,
    readonly within: number,
  ) {}

  toJSON() {
    return this.value === null ? null : `${this.value} ± ${this.within}`;
  }
}

/** A ratio shown to 4 decimals or more: within half of the fourth decimal of the oracle's. */
const share = (value: number | null) => new Near(value, 0.00005 + 1e-12);

/** Deep equality; a ratio (a non-integer) within 1e-9 relative, or as `Near` says. */
function equal(got: unknown, want: unknown): boolean {
  if (want instanceof Near)
    return want.value === null ? got === null : typeof got === 'number' && Math.abs(got - want.value) <= want.within;
  if (typeof got === 'number' && typeof want === 'number')
    return got === want || Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));
  if (Array.isArray(want))
    return Array.isArray(got) && got.length === want.length && want.every((w, i) => equal(got[i], w));
  if (want && typeof want === 'object') {
    if (!got || typeof got !== 'object') return false;
    const keys = new Set([...Object.keys(want), ...Object.keys(got as object)]);
    return [...keys].every((k) => equal((got as Record<string, unknown>)[k], (want as Record<string, unknown>)[k]));
  }
  return got === want;
}

const METRIC_FIELDS = [
  'totalCosts',
  'impressions',
  'engagement',
  'deliveryCoverage',
  'cpm',
  'cpe',
  'reach',
  'conversions',
  'cpa',
] as const;
const AGREEING = ['conversions', 'cpa', 'cpm', 'cpe', 'totalCosts'] as const;

const pick = <T extends object>(o: T, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, (o as Record<string, unknown>)[n]]));

/** A report's figures and `_meta` against the oracle's. */
function checkFigures(d: Differences, name: string, body: any, want: Figures) {
  d.same(`${name} data`, pick(body.data, METRIC_FIELDS), pick(want, METRIC_FIELDS));
  checkMeta(d, name, body, want);
}

/** `_meta`: currency, freshness, provenance counts and basis. */
function checkMeta(d: Differences, name: string, body: any, want: Figures, currency?: string) {
  const meta = body._meta ?? {};
  if (currency) d.same(`${name} _meta.currency`, meta.currency, currency);
  d.same(`${name} _meta.freshness`, meta.freshness, want.freshness);
  d.same(
    `${name} _meta.provenance counts`,
    pick(meta.provenance ?? {}, ['activitiesTotal', 'activitiesWithMetrics', 'costsCount']),
    want.provenance,
  );
  d.same(`${name} _meta.provenance.basis`, meta.provenance?.basis, want.basis);
}

const sumOf = (rows: any[], field: string) => rows.reduce((s: number, r: any) => s + r[field], 0);

/** A metric history: its rows, its `_meta`, and its rows' sums against its scope's report when every day it counts is inside. */
function checkHistory(
  d: Differences,
  name: string,
  body: any,
  oracle: ReportingOracle,
  scope: Parameters<ReportingOracle['history']>,
  want: Figures,
  report: any,
) {
  d.same(`${name} items`, body.items, oracle.history(...scope));
  d.same(`${name} totalCount`, body.totalCount, scope[2].length);
  checkMeta(d, name, body, want);
  if (oracle.historyCoversAll(...scope) && report?.data) {
    const rows = body.items ?? [];
    d.same(`${name} rows sum = report impressions`, sumOf(rows, 'impressions'), report.data.impressions);
    d.same(`${name} rows sum = report engagement`, sumOf(rows, 'engagement'), report.data.engagement);
    d.same(
      `${name} rows sum = report totalCosts`,
      Math.round(sumOf(rows, 'spend') * 100) / 100,
      report.data.totalCosts,
    );
  }
}

/** GET as the owner; the body, or the status and body when not 200 (then no figure can match). */
async function get(token: string, path: string, query: Record<string, string | number>) {
  const res = await call(
    'GET',
    `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
    { token },
  );
  return res.status === 200 ? res.body : { status: res.status, problem: res.body };
}

/** An amount as texts write it (shared/domain/words): "$1,234.50", "CA$500.00", "¥1,235", "BHD 1.235", "-€2.50". */
const MONEY = String.raw`(-?(?:[A-Z]{3} )?[^\s\d,.:;()]*[\d,.]*\d)`;

/** The number a quoted amount or count stands for: its symbol, code and grouping left out. */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The first number of a text matched by `pattern` (group 1), or null. */
const quoted = (texts: string[], pattern: RegExp) => {
  for (const t of texts ?? []) {
    const m = pattern.exec(t);
    if (m) return numberOf(m[1]!);
  }
  return null;
};

async function checkTenant(spec: TenantSpec, built: BuiltTenant): Promise<string[]> {
  const { orgId, model, token } = built;
  const oracle = new ReportingOracle(model);
  const { daysBack } = spec;
  const q = { organizationId: orgId };
  const dates = lastDates(daysBack, model.timeZone, model.now);
  const today = dateIn(model.now, model.timeZone);
  const range = {
    startDate: addDays(today, -spec.spendRange.startBack),
    endDate: addDays(today, spec.spendRange.endAhead),
  };
  const campaignIds = model.campaigns.map((c) => c.id);

  const [organization, orgHistory, spendHistory, portfolio, brief, comparison, campaigns, creators, activities] =
    await Promise.all([
      get(token, '/v1/reporting/organization/metrics', q),
      get(token, '/v1/reporting/organization/metrics/history', { ...q, daysBack }),
      get(token, '/v1/reporting/spend/history', { ...q, ...range }),
      get(token, '/v1/reporting/campaign/portfolio', { ...q, daysBack }),
      get(token, '/v1/reporting/marketing-brief', { ...q, daysBack, audience: 'practitioner' }),
      campaignIds.length
        ? get(token, '/v1/reporting/campaign/comparison', { ...q, campaignIds: campaignIds.join(','), daysBack })
        : undefined,
      Promise.all(
        campaignIds.map(async (campaignId) => ({
          metrics: await get(token, '/v1/reporting/campaign/metrics', { ...q, campaignId }),
          history: await get(token, '/v1/reporting/campaign/metrics/history', { ...q, campaignId, daysBack }),
          closeout: await get(token, '/v1/reporting/campaign/closeout', { ...q, campaignId }),
        })),
      ),
      Promise.all(
        model.creatorIds.map(async (creatorId) => ({
          metrics: await get(token, '/v1/reporting/creator/metrics', { ...q, creatorId }),
          creators: await get(token, '/v1/creators/metrics', { workspaceId: orgId, creatorId }),
          history: await get(token, '/v1/reporting/creator/metrics/history', { ...q, creatorId, daysBack }),
          creatorsHistory: await get(token, '/v1/creators/metrics/history', {
            workspaceId: orgId,
            creatorId,
            daysBack,
          }),
        })),
      ),
      Promise.all(
        model.activities.map(async (a) => ({
          metrics: await get(token, '/v1/reporting/activity/metrics', { ...q, activityId: a.id }),
          history: await get(token, '/v1/reporting/activity/metrics/history', { ...q, activityId: a.id, daysBack }),
        })),
      ),
    ]);

  const d = new Differences();
  const org = oracle.organization();

  // The organization: its metrics, history, spend history, portfolio and brief.
  checkFigures(d, 'organization metrics', organization, org);
  d.same('organization metrics currency', organization.data?.currency, model.currency);
  checkHistory(d, 'organization history', orgHistory, oracle, ['organization', undefined, dates], org, organization);
  d.same('spend history items', spendHistory.items, oracle.spendHistory(range.startDate, range.endDate));
  checkMeta(d, 'spend history', spendHistory, org, model.currency);

  const wantPortfolio = oracle.portfolio(daysBack);
  const p = portfolio.data ?? {};
  d.same('portfolio counts', pick(p.counts ?? {}, ['active', 'scheduled', 'completed', 'draft']), wantPortfolio.counts);
  d.same(
    'portfolio totals',
    pick(p, ['budgetTotal', 'spendTotal', 'otherCurrencySpend']),
    pick(wantPortfolio, ['budgetTotal', 'spendTotal', 'otherCurrencySpend']),
  );
  d.same(
    'portfolio evidenceQuality',
    pick(p.evidenceQuality ?? {}, ['activitiesTotal', 'activitiesWithMetrics', 'deliveryCoverage']),
    wantPortfolio.evidenceQuality,
  );
  d.same('portfolio trend', p.trend, wantPortfolio.trend);
  checkMeta(d, 'portfolio', portfolio, org, model.currency);

  const b = brief.data ?? {};
  // About the active campaigns, with their figures; without one, about the organization's window.
  const active = model.campaigns.filter((c) => oracle.campaignStatus(c) === 'active').map((c) => oracle.campaign(c.id));
  const headline = active.length
    ? new RegExp(
        `^([\\d,]+) active campaigns?: ${MONEY} spent and (-?[\\d,]+) impressions recorded by (?:it|them) in all`,
      ).exec(b.headline ?? '')
    : new RegExp(
        `^No active campaign: ${MONEY} spent and (-?[\\d,]+) impressions recorded by the organization over the last ${daysBack} days`,
      ).exec(b.headline ?? '');
  d.same(
    'brief headline (active, spend, impressions)',
    headline ? headline.slice(1).map(numberOf) : b.headline,
    active.length
      ? [
          active.length,
          roundMoneyIn(
            active.reduce((sum, f) => sum + f.totalCosts, 0),
            model.currency,
          ),
          active.reduce((sum, f) => sum + f.impressions, 0),
        ]
      : [wantPortfolio.trend.spend, wantPortfolio.trend.impressions],
  );
  d.same('brief conversions', quoted(b.highlights, /^([\d,]+) conversions? recorded in all/), org.conversions);
  d.same(
    'brief CPA',
    org.conversions === null ? null : quoted(b.highlights, new RegExp(`conversions? recorded in all.*CPA ${MONEY}`)),
    org.cpa,
  );
  d.same(
    'brief campaignEvidence',
    (b.campaignEvidence ?? [])
      .map((c: any) => pick(c, ['campaignId', 'status', 'spend', 'impressions', 'engagement', 'deliveryCoverage']))
      .sort((x: any, y: any) => x.campaignId.localeCompare(y.campaignId)),
    model.campaigns
      .map((c) => {
        const f = oracle.campaign(c.id);
        return {
          campaignId: c.id,
          status: oracle.campaignStatus(c),
          spend: f.totalCosts,
          impressions: f.impressions,
          engagement: f.engagement,
          deliveryCoverage: f.deliveryCoverage,
        };
      })
      .sort((x, y) => x.campaignId.localeCompare(y.campaignId)),
  );
  checkMeta(d, 'brief', brief, org, model.currency);

  // Each campaign: metrics, history, closeout, comparison, and their agreement.
  for (const [i, campaign] of model.campaigns.entries()) {
    const { metrics, history, closeout } = campaigns[i]!;
    const want = oracle.campaign(campaign.id);
    const name = `campaign ${i}`;
    const budget = oracle.budgetOf(campaign);
    checkFigures(d, `${name} metrics`, metrics, want);
    d.same(`${name} metrics budget`, metrics.data?.budget, budget);
    checkHistory(d, `${name} history`, history, oracle, ['campaign', campaign.id, dates], want, metrics);
    const budgetUsed = share(budget ? want.totalCosts / budget : null);
    const c = closeout.data ?? {};
    d.same(`${name} closeout performance`, pick(c.performance ?? {}, METRIC_FIELDS), pick(want, METRIC_FIELDS));
    d.same(`${name} closeout status, budget, budgetUsed`, pick(c, ['status', 'budget', 'budgetUsed']), {
      status: oracle.campaignStatus(campaign),
      budget,
      budgetUsed,
    });
    d.same(
      `${name} closeout evidenceQuality`,
      pick(c.evidenceQuality ?? {}, ['activitiesTotal', 'activitiesWithMetrics', 'deliveryCoverage']),
      {
        activitiesTotal: want.provenance.activitiesTotal,
        activitiesWithMetrics: want.provenance.activitiesWithMetrics,
        deliveryCoverage: want.deliveryCoverage,
      },
    );
    checkMeta(d, `${name} closeout`, closeout, want, model.currency);
    const compared = (comparison?.data?.campaigns ?? []).find((x: any) => x.campaignId === campaign.id) ?? {};
    d.same(`${name} comparison current`, pick(compared.current ?? {}, METRIC_FIELDS), pick(want, METRIC_FIELDS));
    d.same(`${name} comparison status, budget`, pick(compared, ['status', 'budget']), {
      status: oracle.campaignStatus(campaign),
      budget,
    });
    d.same(`${name} comparison change`, compared.change, oracle.windowChange('campaign', campaign.id, daysBack));
    d.same(`${name} comparison efficiency`, compared.efficiency, { cpm: want.cpm, cpe: want.cpe, budgetUsed });
    // The same campaign and period: the same figures in its metrics, the comparison and the closeout.
    d.same(
      `${name} metrics = comparison current = closeout performance`,
      [pick(compared.current ?? {}, AGREEING), pick(c.performance ?? {}, AGREEING)],
      [pick(metrics.data ?? {}, AGREEING), pick(metrics.data ?? {}, AGREEING)],
    );
  }
  if (comparison) {
    const newest =
      campaigns
        .map((c) => c.metrics?._meta?.freshness ?? null)
        .filter(Boolean)
        .sort()
        .at(-1) ?? null;
    d.same(
      'comparison _meta.freshness',
      comparison._meta?.freshness,
      model.campaigns
        .map((c) => oracle.campaign(c.id).freshness)
        .filter(Boolean)
        .sort()
        .at(-1) ?? null,
    );
    d.same("comparison _meta.freshness = newest of its campaigns' reports", comparison._meta?.freshness, newest);
    if (model.campaigns.length === 1)
      d.same(
        'comparison _meta.provenance.basis (one campaign)',
        comparison._meta?.provenance?.basis,
        oracle.campaign(model.campaigns[0]!.id).basis,
      );
  }
  // The organization's conversions are the sum over its campaigns (as the campaign reports give them).
  const reported = campaigns.map((c) => c.metrics?.data?.conversions).filter((v) => typeof v === 'number');
  d.same(
    "organization conversions = sum of campaign reports' conversions",
    organization.data?.conversions,
    reported.length ? reported.reduce((a: number, b: number) => a + b, 0) : null,
  );

  // Each creator, under both routes, and each activity.
  for (const [i, creatorId] of model.creatorIds.entries()) {
    const { metrics, creators: other, history, creatorsHistory } = creators[i]!;
    const want = oracle.creator(creatorId);
    const name = `creator ${i}`;
    checkFigures(d, `${name} metrics`, metrics, want);
    d.same(
      `${name} metrics activitiesCount, spend, otherCurrencySpend`,
      pick(metrics.data ?? {}, ['activitiesCount', 'spend', 'otherCurrencySpend']),
      {
        activitiesCount: want.provenance.activitiesTotal,
        spend: want.totalCosts,
        otherCurrencySpend: want.otherCurrencySpend,
      },
    );
    d.same(`${name} /v1/creators/metrics = reporting`, other.data, metrics.data);
    checkHistory(d, `${name} history`, history, oracle, ['creator', creatorId, dates], want, metrics);
    d.same(`${name} /v1/creators/metrics/history = reporting`, creatorsHistory.items, history.items);
  }
  for (const [i, activity] of model.activities.entries()) {
    const { metrics, history } = activities[i]!;
    const want = oracle.activity(activity.id);
    checkFigures(d, `activity ${i} metrics`, metrics, want);
    checkHistory(d, `activity ${i} history`, history, oracle, ['activity', activity.id, dates], want, metrics);
  }
  return d.list;
}

describe('reporting oracle', () => {
  it(`every reporting route's figures equal the oracle's, and the reports agree, over ${TENANTS} random tenants`, async () => {
    await fc.assert(
      fc.asyncProperty(batchArb(BATCH), async (batch) => {
        try {
          // Each batch its own owner: a user may create 10 tenants a day (docs/decisions.md), and a batch's are created on one day.
          const built = await buildTenants(await signUp('Oracle Owner'), batch, anchor);
          const found = await Promise.all(batch.tenants.map((spec, i) => checkTenant(spec, built[i]!)));
          const failing = found
            .flatMap((list, i) => list.map((x) => `tenant ${i} ${x}`))
            .filter((x) => !ONLY || x.includes(ONLY));
          if (failing.length)
            throw new Error(`${failing.length} differences from the oracle:\n- ${failing.join('\n- ')}`);
        } finally {
          vi.useRealTimers();
        }
      }),
      { numRuns: Math.ceil(TENANTS / BATCH), seed: SEED, endOnFailure: process.env.ORACLE_NO_SHRINK === '1' },
    );
  }, 900_000);
});
