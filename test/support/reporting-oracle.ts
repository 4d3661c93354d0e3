/**
 * The reporting oracle (docs/decisions.md "Figures a reader can check"): every reporting figure computed from a tenant's records
 * themselves, written from docs/decisions.md alone ("Money and metrics", "Report shapes", "Metric
 * snapshots and refresh", "Reporting evidence", "Figures a reader can check", "Campaigns"), without
 * the reporting code, its stored aggregates or its day rollups: plain functions over a plain model.
 *
 * Readings of the rules where they leave a choice open (each checked against the API's own
 * documentation and tests, see the test of this file):
 * - An activity "has metrics" (coverage) when its impressions or engagement, manual counts over
 *   fetched ones, are above zero, or a manual count is set (0 included: a person counted it). A
 *   reading of all zeros alone is no metrics.
 * - Manual counts override field by field: `viewsCount` the reading's views, `likeCount` its likes,
 *   `replyCount` its comments; engagement the platform reports besides likes and comments (shares,
 *   saves) stays. A manual count's change counts in the history on the day it was entered.
 * - The first reading of an activity counts on the activity's publish date when its `startAt` is
 *   known and not after the reading's `fetchedAt`; otherwise on the reading's own day, as every
 *   later reading's increase does. Days are the tenant's timezone.
 * - `deliveryCoverage` is the unrounded share; null without an activity.
 * - `costsCount` counts the costs in scope whatever their currency; a creator's scope is the costs
 *   attributed to it (`creatorId`), on whatever activity; the CPM/CPE basis of a creator pairs the
 *   spend attributed to it on each linked activity with that activity's metrics.
 * - `basis.cpa` of a campaign is `{spend: its totalCosts, conversions, campaigns: 1}` when its
 *   conversions are above zero, else zeros; an organization's sums the campaigns with conversions
 *   above zero. Creators and activities have no conversions (null): their `basis.cpa` is zeros.
 * - `freshness` of a scope is the newest `fetchedAt` of a reading of an activity in scope now
 *   (manual counts are no snapshot); null without one.
 * - A campaign's status is derived at `now` in the tenant's timezone: draft without startAt,
 *   scheduled when startAt is in the future, completed when endAt is in the past, else active.
 * - A cost in another currency is converted ("Money and metrics"): at its booked rate while the
 *   tenant's currency is the one it was booked in (source `booked`, its rate day the cost's day), else at the ECB's publication of its
 *   day (the day its spend counts on) or the last before it, the tenant's quote over the cost's (EUR
 *   is 1), its amount times that rate rounded to the tenant currency's minor unit; it then counts as
 *   that amount in the tenant's currency everywhere, and `basis.conversions` names it per currency.
 *   A currency the ECB does not quote stays out of the figures, in `otherCurrencySpend`. The
 *   publications are read here from the repository's copy of the ECB's file, with a regular
 *   expression, not the service's parser.
 */
import { readFileSync } from 'node:fs';

export interface OracleReading {
  fetchedAt: string;
  /** Views; null where the platform reports none (Reddit). */
  views: number | null;
  likes: number;
  comments: number;
  /** Engagement besides likes and comments (shares, saves, reposts). */
  other: number;
}

export interface OracleManualCounts {
  /** When the counts were entered. */
  at: string;
  /** A field absent is left as it was; null clears it. */
  viewsCount?: number | null;
  likeCount?: number | null;
  replyCount?: number | null;
}

export interface OracleActivity {
  id: string;
  startAt: string | null;
  campaignId: string | null;
  creatorIds: string[];
  readings: OracleReading[];
  manualCounts: OracleManualCounts[];
}

export interface OracleCost {
  activityId: string;
  /** The creator it is attributed to. */
  creatorId: string | null;
  amount: number;
  currency: string;
  /** Its booked rate: units of `exchangeRateCurrency` (the tenant's at booking) per unit of its own. */
  exchangeRate?: number | null;
  exchangeRateCurrency?: string | null;
  createdAt: string;
}

export interface OracleCampaign {
  id: string;
  name: string;
  budget: number | null;
  startAt: string | null;
  endAt: string | null;
}

export interface OracleTenant {
  currency: string;
  timeZone: string;
  /** The instant the reports are read. */
  now: string;
  campaigns: OracleCampaign[];
  creatorIds: string[];
  activities: OracleActivity[];
  costs: OracleCost[];
  definitions: { id: string; name: string; valueKind: string }[];
  measurements: { campaignId: string; definitionId: string; value: number; active: boolean }[];
}

export interface ConversionEntry {
  currency: string;
  amount: number;
  converted: number;
  source: 'ecb' | 'booked' | 'mixed';
  firstRateDate: string;
  lastRateDate: string;
}

export interface Basis {
  cpm: { spend: number; impressions: number; activities: number };
  cpe: { spend: number; engagement: number; activities: number };
  cpa: { spend: number; conversions: number; campaigns: number };
  conversions: ConversionEntry[];
}

export interface Figures {
  totalCosts: number;
  impressions: number;
  engagement: number;
  deliveryCoverage: number | null;
  cpm: number | null;
  cpe: number | null;
  reach: null;
  conversions: number | null;
  cpa: number | null;
  basis: Basis;
  provenance: { activitiesTotal: number; activitiesWithMetrics: number; costsCount: number };
  freshness: string | null;
  /** Spend in currencies the ECB does not quote, per currency: it stays out of the figures. */
  otherCurrencySpend: Record<string, number>;
}

export interface MetricsDay {
  date: string;
  impressions: number;
  engagement: number;
  spend: number;
}

export interface SpendDay {
  date: string;
  amount: number;
  cumulativeAmount: number;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'active' | 'completed';

/** Digits after the decimal point of a currency's minor unit. */
export function minorUnitDigits(currency: string): number {
  return ['JPY', 'KRW', 'VND', 'CLP', 'ISK'].includes(currency)
    ? 0
    : ['BHD', 'KWD', 'OMR', 'JOD', 'TND'].includes(currency)
      ? 3
      : 2;
}

/**
 * Rounds half away from zero to `digits` decimals, as a person would on the decimal number meant:
 * floating-point noise (6.175 held as 6.17499999...) is taken off at 15 significant digits first.
 */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  const scaled = Number((Math.abs(value) * 10 ** digits).toPrecision(15));
  const rounded = Math.floor(scaled + 0.5) / 10 ** digits;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

export const roundMoneyIn = (value: number, currency: string) =>
  roundHalfAwayFromZero(value, minorUnitDigits(currency));

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a timezone. */
export function dateIn(instant: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The dates from `start` to `end`, inclusive. */
export function datesFrom(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The last `daysBack` dates, today (at `now`, in the timezone) the last. */
export function lastDates(daysBack: number, timeZone: string, now: string): string[] {
  const today = dateIn(now, timeZone);
  return datesFrom(addDays(today, 1 - daysBack), today);
}

/** One change of an activity's metrics: its increase and the day it counts on. */
interface MetricChange {
  date: string;
  impressions: number;
  engagement: number;
}

/** An activity's metrics now and the changes that made them, each on its day. */
interface ActivityMetrics {
  impressions: number;
  engagement: number;
  withMetrics: boolean;
  changes: MetricChange[];
  newestReading: string | null;
}

type ManualField = 'viewsCount' | 'likeCount' | 'replyCount';

/** Replays an activity's readings and manual counts in the order they happened. */
export function activityMetrics(activity: OracleActivity, timeZone: string): ActivityMetrics {
  type Event = { at: string; reading?: OracleReading; manual?: OracleManualCounts };
  const events: Event[] = [
    ...activity.readings.map((r) => ({ at: r.fetchedAt, reading: r })),
    ...activity.manualCounts.map((m) => ({ at: m.at, manual: m })),
  ];
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let fetched: OracleReading | null = null;
  const manual: Record<ManualField, number | null> = { viewsCount: null, likeCount: null, replyCount: null };
  const current = () => ({
    impressions: manual.viewsCount ?? fetched?.views ?? 0,
    engagement:
      (manual.likeCount ?? fetched?.likes ?? 0) + (manual.replyCount ?? fetched?.comments ?? 0) + (fetched?.other ?? 0),
  });
  const changes: MetricChange[] = [];
  for (const event of events) {
    const before = current();
    let date = dateIn(event.at, timeZone);
    if (event.reading) {
      const first = fetched === null;
      // A reading older than the one already counted changes nothing.
      if (fetched && Date.parse(event.reading.fetchedAt) <= Date.parse(fetched.fetchedAt)) continue;
      fetched = event.reading;
      const start = activity.startAt;
      if (first && start !== null && Date.parse(start) <= Date.parse(event.reading.fetchedAt))
        date = dateIn(start, timeZone);
    } else {
      for (const field of ['viewsCount', 'likeCount', 'replyCount'] as const) {
        const value = event.manual![field];
        if (value !== undefined) manual[field] = value;
      }
    }
    const after = current();
    if (after.impressions !== before.impressions || after.engagement !== before.engagement) {
      changes.push({
        date,
        impressions: after.impressions - before.impressions,
        engagement: after.engagement - before.engagement,
      });
    }
  }
  const { impressions, engagement } = current();
  const manualSet = Object.values(manual).some((v) => v !== null);
  const newestReading = activity.readings.length
    ? activity.readings.map((r) => r.fetchedAt).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b))
    : null;
  return {
    impressions,
    engagement,
    withMetrics: impressions > 0 || engagement > 0 || manualSet,
    changes,
    newestReading,
  };
}

/** The day a cost's spend counts on: its activity's startAt, else its own creation, in the tenant's timezone. */
export function costDate(cost: OracleCost, tenant: OracleTenant): string {
  const activity = tenant.activities.find((a) => a.id === cost.activityId);
  return dateIn(activity?.startAt ?? cost.createdAt, tenant.timeZone);
}

/** What a report covers: its activities and its costs (the costs whose spend it counts). */
interface Scope {
  activities: OracleActivity[];
  costs: OracleCost[];
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The ECB's publications in the stand-in's file (the tests' rate table), newest first: each day's quotes per 1 EUR. */
const PUBLICATIONS: { date: string; quotes: Record<string, number> }[] = (() => {
  const xml = readFileSync(
    new URL('../../shared/integrations/rates/data/eurofxref-hist-90d-2017-03-03.xml', import.meta.url),
    'utf8',
  );
  const days = [...xml.matchAll(/<Cube time="(\d{4}-\d{2}-\d{2})">(.*?)<\/Cube>/gs)];
  return days
    .map(([, date, body]) => ({
      date: date!,
      quotes: Object.fromEntries(
        [...body!.matchAll(/currency="([A-Z]{3})" rate="([\d.]+)"/g)].map(([, c, r]) => [c!, Number(r)]),
      ),
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
})();

const quote = (quotes: Record<string, number>, currency: string) => (currency === 'EUR' ? 1 : quotes[currency]);

/** What a cost counts as: its amount in the currency it counts in, and its conversion when it has one. */
interface Counted {
  currency: string;
  amount: number;
  conversion: { from: string; amount: number; rateDate: string; source: 'ecb' | 'booked' } | null;
}

function counted(cost: OracleCost, tenant: OracleTenant): Counted {
  if (cost.currency === tenant.currency) return { currency: cost.currency, amount: cost.amount, conversion: null };
  const day = costDate(cost, tenant);
  if (cost.exchangeRate && cost.exchangeRateCurrency === tenant.currency) {
    const amount = roundMoneyIn(cost.amount * cost.exchangeRate, tenant.currency);
    return {
      currency: tenant.currency,
      amount,
      conversion: { from: cost.currency, amount: cost.amount, rateDate: day, source: 'booked' },
    };
  }
  const publication = PUBLICATIONS.find((p) => p.date <= day);
  const from = publication && quote(publication.quotes, cost.currency);
  const to = publication && quote(publication.quotes, tenant.currency);
  if (!publication || !from || !to) return { currency: cost.currency, amount: cost.amount, conversion: null };
  const amount = roundMoneyIn(cost.amount * (to / from), tenant.currency);
  return {
    currency: tenant.currency,
    amount,
    conversion: { from: cost.currency, amount: cost.amount, rateDate: publication.date, source: 'ecb' },
  };
}

/** Per currency sums of what costs count as, each rounded to its minor unit. */
function spendByCurrency(costs: readonly Counted[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const cost of costs) out[cost.currency] = (out[cost.currency] ?? 0) + cost.amount;
  return Object.fromEntries(Object.entries(out).map(([c, amount]) => [c, roundMoneyIn(amount, c)]));
}

export class ReportingOracle {
  private readonly metrics = new Map<string, ActivityMetrics>();
  private readonly counts = new Map<OracleCost, Counted>();

  constructor(readonly tenant: OracleTenant) {
    for (const activity of tenant.activities) this.metrics.set(activity.id, activityMetrics(activity, tenant.timeZone));
  }

  private get currency() {
    return this.tenant.currency;
  }

  private money(value: number) {
    return roundMoneyIn(value, this.currency);
  }

  metricsOf(activityId: string): ActivityMetrics {
    return this.metrics.get(activityId)!;
  }

  /** What a cost counts as (converted into the tenant's currency when a rate exists). */
  private count(cost: OracleCost): Counted {
    let out = this.counts.get(cost);
    if (!out) {
      out = counted(cost, this.tenant);
      this.counts.set(cost, out);
    }
    return out;
  }

  /** The costs that count in the tenant's currency, with the amount each counts as. */
  private inCurrency(costs: readonly OracleCost[]): { cost: OracleCost; amount: number }[] {
    return costs
      .map((cost) => ({ cost, counted: this.count(cost) }))
      .filter(({ counted }) => counted.currency === this.currency)
      .map(({ cost, counted }) => ({ cost, amount: counted.amount }));
  }

  /** `basis.conversions`: per other currency converted, its amount, the converted sum, and the first and last rate day. */
  private conversionsOf(costs: readonly OracleCost[]): ConversionEntry[] {
    const byCurrency = new Map<
      string,
      { amount: number; converted: number; days: string[]; sources: Set<'ecb' | 'booked'> }
    >();
    for (const cost of costs) {
      const { amount, conversion } = this.count(cost);
      if (!conversion) continue;
      const entry = byCurrency.get(conversion.from) ?? { amount: 0, converted: 0, days: [], sources: new Set() };
      entry.sources.add(conversion.source);
      entry.amount += conversion.amount;
      entry.converted += amount;
      entry.days.push(conversion.rateDate);
      byCurrency.set(conversion.from, entry);
    }
    return [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, e]) => {
        const days = e.days.sort();
        return {
          currency,
          amount: roundMoneyIn(e.amount, currency),
          converted: this.money(e.converted),
          source: e.sources.size > 1 ? 'mixed' : [...e.sources][0]!,
          firstRateDate: days[0]!,
          lastRateDate: days.at(-1)!,
        };
      });
  }

  private scopeOf(kind: 'organization' | 'campaign' | 'creator' | 'activity', id?: string): Scope {
    const { activities, costs } = this.tenant;
    switch (kind) {
      case 'organization':
        return { activities, costs };
      case 'campaign': {
        const inCampaign = activities.filter((a) => a.campaignId === id);
        return { activities: inCampaign, costs: costs.filter((c) => inCampaign.some((a) => a.id === c.activityId)) };
      }
      case 'creator':
        return {
          activities: activities.filter((a) => a.creatorIds.includes(id!)),
          costs: costs.filter((c) => c.creatorId === id),
        };
      case 'activity':
        return { activities: activities.filter((a) => a.id === id), costs: costs.filter((c) => c.activityId === id) };
    }
  }

  /** Conversions and CPA of a campaign: its active measurements whose definition is a count. */
  campaignConversions(campaignId: string): { conversions: number | null; spend: number } {
    const counted = this.tenant.measurements.filter(
      (m) =>
        m.active &&
        m.campaignId === campaignId &&
        this.tenant.definitions.find((d) => d.id === m.definitionId)?.valueKind === 'count',
    );
    return {
      conversions: counted.length ? sum(counted.map((m) => m.value)) : null,
      spend: this.figuresOf(this.scopeOf('campaign', campaignId)).totalCosts,
    };
  }

  /** The figures every metric report shares, without conversions. */
  private figuresOf(scope: Scope): Omit<Figures, 'conversions' | 'cpa' | 'basis'> & { basis: Omit<Basis, 'cpa'> } {
    const spend = spendByCurrency(scope.costs.map((c) => this.count(c)));
    const totalCosts = spend[this.currency] ?? 0;
    const perActivity = scope.activities.map((a) => {
      const m = this.metricsOf(a.id);
      const own = this.inCurrency(scope.costs.filter((c) => c.activityId === a.id));
      return { ...m, spend: this.money(sum(own.map((c) => c.amount))) };
    });
    const ratio = (denominator: 'impressions' | 'engagement') => {
      const both = perActivity.filter((a) => a.spend > 0 && a[denominator] > 0);
      return {
        spend: this.money(sum(both.map((a) => a.spend))),
        total: sum(both.map((a) => a[denominator])),
        activities: both.length,
      };
    };
    const cpm = ratio('impressions');
    const cpe = ratio('engagement');
    const withMetrics = perActivity.filter((a) => a.withMetrics).length;
    const readings = perActivity.map((a) => a.newestReading).filter((r): r is string => r !== null);
    return {
      totalCosts,
      impressions: sum(perActivity.map((a) => a.impressions)),
      engagement: sum(perActivity.map((a) => a.engagement)),
      deliveryCoverage: perActivity.length ? withMetrics / perActivity.length : null,
      cpm: cpm.total > 0 ? this.money((cpm.spend / cpm.total) * 1000) : null,
      cpe: cpe.total > 0 ? this.money(cpe.spend / cpe.total) : null,
      reach: null,
      basis: {
        cpm: { spend: cpm.spend, impressions: cpm.total, activities: cpm.activities },
        cpe: { spend: cpe.spend, engagement: cpe.total, activities: cpe.activities },
        conversions: this.conversionsOf(scope.costs),
      },
      provenance: {
        activitiesTotal: perActivity.length,
        activitiesWithMetrics: withMetrics,
        costsCount: scope.costs.length,
      },
      freshness: readings.length ? readings.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null,
      otherCurrencySpend: Object.fromEntries(Object.entries(spend).filter(([c]) => c !== this.currency)),
    };
  }

  private withConversions(
    base: ReturnType<ReportingOracle['figuresOf']>,
    campaigns: { conversions: number | null; spend: number }[],
  ): Figures {
    const measured = campaigns.filter((c) => c.conversions !== null);
    const converting = campaigns.filter((c) => (c.conversions ?? 0) > 0);
    const conversions = measured.length ? sum(measured.map((c) => c.conversions!)) : null;
    const spend = this.money(sum(converting.map((c) => c.spend)));
    const divisor = sum(converting.map((c) => c.conversions!));
    return {
      ...base,
      conversions,
      cpa: divisor > 0 ? this.money(spend / divisor) : null,
      basis: {
        ...base.basis,
        cpa: { spend: divisor > 0 ? spend : 0, conversions: divisor, campaigns: converting.length },
      },
    };
  }

  organization(): Figures {
    return this.withConversions(
      this.figuresOf(this.scopeOf('organization')),
      this.tenant.campaigns.map((c) => this.campaignConversions(c.id)),
    );
  }

  campaign(campaignId: string): Figures {
    return this.withConversions(this.figuresOf(this.scopeOf('campaign', campaignId)), [
      this.campaignConversions(campaignId),
    ]);
  }

  creator(creatorId: string): Figures {
    return this.withConversions(this.figuresOf(this.scopeOf('creator', creatorId)), []);
  }

  activity(activityId: string): Figures {
    return this.withConversions(this.figuresOf(this.scopeOf('activity', activityId)), []);
  }

  /** Daily rows of a scope's metrics history: the day's metric increases and the spend attributed to it. */
  history(
    kind: 'organization' | 'campaign' | 'creator' | 'activity',
    id: string | undefined,
    dates: readonly string[],
  ): MetricsDay[] {
    const scope = this.scopeOf(kind, id);
    const changes = scope.activities.flatMap((a) => this.metricsOf(a.id).changes);
    const costs = this.inCurrency(scope.costs);
    return dates.map((date) => {
      const day = changes.filter((c) => c.date === date);
      return {
        date,
        impressions: sum(day.map((c) => c.impressions)),
        engagement: sum(day.map((c) => c.engagement)),
        spend: this.money(sum(costs.filter((c) => costDate(c.cost, this.tenant) === date).map((c) => c.amount))),
      };
    });
  }

  /** Whether every metric change and cost day of the scope falls within `dates` (its history then sums to its totals). */
  historyCoversAll(
    kind: 'organization' | 'campaign' | 'creator' | 'activity',
    id: string | undefined,
    dates: readonly string[],
  ): boolean {
    const scope = this.scopeOf(kind, id);
    const inside = (date: string) => date >= dates[0]! && date <= dates.at(-1)!;
    return (
      scope.activities.every((a) => this.metricsOf(a.id).changes.every((c) => inside(c.date))) &&
      this.inCurrency(scope.costs).every((c) => inside(costDate(c.cost, this.tenant)))
    );
  }

  /** The organization's daily spend from `start` to `end` with its running total. */
  spendHistory(start: string, end: string): SpendDay[] {
    let cumulative = 0;
    return this.history('organization', undefined, datesFrom(start, end)).map(({ date, spend }) => {
      cumulative = this.money(cumulative + spend);
      return { date, amount: spend, cumulativeAmount: cumulative };
    });
  }

  /** A campaign's budget as its reports show it: a number in the tenant's currency of now, to its minor unit (a currency change to JPY drops the cents). */
  budgetOf(campaign: OracleCampaign): number | null {
    return campaign.budget === null ? null : this.money(campaign.budget);
  }

  campaignStatus(campaign: OracleCampaign): CampaignStatus {
    const now = Date.parse(this.tenant.now);
    if (campaign.startAt === null) return 'draft';
    if (Date.parse(campaign.startAt) > now) return 'scheduled';
    if (campaign.endAt !== null && Date.parse(campaign.endAt) < now) return 'completed';
    return 'active';
  }

  /** A campaign's window change: its history's sums over the last `daysBack` days. */
  windowChange(kind: 'organization' | 'campaign', id: string | undefined, daysBack: number) {
    const rows = this.history(kind, id, lastDates(daysBack, this.tenant.timeZone, this.tenant.now));
    return {
      spend: this.money(sum(rows.map((r) => r.spend))),
      impressions: sum(rows.map((r) => r.impressions)),
      engagement: sum(rows.map((r) => r.engagement)),
    };
  }

  /** The portfolio's totals: budget and spend over all campaigns, counts by status, the organization's evidence and trend. */
  portfolio(daysBack: number) {
    const statuses = this.tenant.campaigns.map((c) => this.campaignStatus(c));
    const count = (s: CampaignStatus) => statuses.filter((x) => x === s).length;
    const campaignCosts = this.tenant.costs.filter(
      (c) => this.tenant.activities.find((a) => a.id === c.activityId)?.campaignId,
    );
    const spend = spendByCurrency(campaignCosts.map((c) => this.count(c)));
    const organization = this.organization();
    return {
      counts: {
        active: count('active'),
        scheduled: count('scheduled'),
        completed: count('completed'),
        draft: count('draft'),
      },
      budgetTotal: this.money(sum(this.tenant.campaigns.map((c) => c.budget ?? 0))),
      spendTotal: spend[this.currency] ?? 0,
      otherCurrencySpend: Object.fromEntries(Object.entries(spend).filter(([c]) => c !== this.currency)),
      evidenceQuality: {
        activitiesTotal: organization.provenance.activitiesTotal,
        activitiesWithMetrics: organization.provenance.activitiesWithMetrics,
        deliveryCoverage: organization.deliveryCoverage,
      },
      trend: this.windowChange('organization', undefined, daysBack),
    };
  }
}
