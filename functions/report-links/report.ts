/**
 * The figures a report link opens (docs/decisions.md "Report links"): the campaign's report, or the
 * organization's, as of `now`, computed by the same code as the API's reports (functions/reporting/scope.ts:
 * the metrics report's figures and evidence; the day rollups as the histories read them; the activity
 * report's figures per activity). The page (page/render.ts) only lays these out; `?format=json` answers them.
 */
import {
  creatorIdsOfActivity,
  creatorsByIds,
  filteredActivities,
  type CompactActivity,
} from '../../shared/db/catalogue/index.ts';
import { measurementsOfCampaign } from '../../shared/db/evidence/index.ts';
import { readDays, type RollupScope } from '../../shared/db/metrics/index.ts';
import { activityAggregate } from '../../shared/db/reports/index.ts';
import type { ReportLink } from '../../shared/db/report-links/index.ts';
import { getTenant, type Tenant } from '../../shared/db/tenancy/index.ts';
import { roundMoney } from '../../shared/domain/currencies.ts';
import { localDate } from '../../shared/domain/dates.ts';
import { addDays, datesBetween, historyRows, lastDays, spendRows } from '../../shared/domain/reporting/days.ts';
import { metricFigures, spendOf } from '../../shared/domain/reporting/figures.ts';
import { Problem } from '../../shared/http/problem.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';
import { campaignReport, organizationReport } from '../reporting/scope.ts';

/** The activities shown: the first by spend, then "and N more" (docs/decisions.md "Report links"). */
export const SHOWN_ACTIVITIES = 50;
/** A campaign's chart covers at most its last this many days; an organization's, or a campaign without dates, the last 30. */
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;

export type LinkReport = NonNullable<Awaited<ReturnType<typeof linkReport>>>;

/** The report a link opens, or undefined when its tenant or campaign is gone (then the page is the 404 one). */
export async function linkReport(link: ReportLink, now: Date) {
  const tenant = await getTenant(link.organizationId);
  if (!tenant) return undefined;
  const timeZone = timeZoneOf(tenant);
  const scoped = link.campaignId
    ? await campaignScope(tenant, link.campaignId, now)
    : await organizationScope(tenant, now);
  if (!scoped) return undefined;
  const { scope, figures, evidence, campaign } = scoped;
  const dates = periodOf(campaign, timeZone, now);
  const [days, activities, outcomes] = await Promise.all([
    readDays(tenant.id, scope, dates[0]!, dates.at(-1)!),
    activitiesOf(tenant, link.campaignId),
    link.campaignId ? outcomesOf(tenant.id, link.campaignId) : Promise.resolve([]),
  ]);
  const spend = spendRows(dates, days, tenant.currency);
  const daily = historyRows(dates, days, tenant.currency);
  return {
    scope: {
      kind: link.campaignId ? ('campaign' as const) : ('organization' as const),
      organizationId: tenant.id,
      organizationName: tenant.name,
      campaignId: link.campaignId,
      campaignName: campaign ? String(campaign.name ?? '') : null,
      title: link.title,
    },
    period: { startDate: dates[0]!, endDate: dates.at(-1)!, timeZone, asOf: now.toISOString() },
    currency: tenant.currency,
    figures: {
      ...figures,
      budget: campaign && typeof campaign.budget === 'number' ? roundMoney(campaign.budget, tenant.currency) : null,
    },
    basis: evidence.provenance,
    days: dates.map((date, i) => ({
      date,
      spend: spend[i]!.amount,
      cumulativeSpend: spend[i]!.cumulativeAmount,
      impressions: daily[i]!.impressions,
    })),
    activities,
    outcomes: {
      conversions: figures.conversions,
      cpa: figures.cpa,
      definitions: evidence.provenance.conversionDefinitions ?? [],
      measurements: outcomes,
    },
    freshness: evidence.freshness,
    warnings: evidence.warnings,
  };
}

async function campaignScope(tenant: Tenant, campaignId: string, now: Date) {
  try {
    const { campaign, figures, evidence } = await campaignReport(tenant, campaignId, now);
    return { scope: { kind: 'campaign', id: campaignId } as RollupScope, figures, evidence, campaign };
  } catch (error) {
    // A campaign deleted since the link was made: the link opens nothing.
    if (error instanceof Problem && error.code === 'not_found') return undefined;
    throw error;
  }
}

async function organizationScope(tenant: Tenant, now: Date) {
  const { figures, evidence } = await organizationReport(tenant, now);
  return { scope: { kind: 'tenant' } as RollupScope, figures, evidence, campaign: undefined };
}

/**
 * The days the charts cover: the campaign's dates (to today at the latest), at most their last
 * 366; the last 30 days for an organization or a campaign without a start.
 */
export function periodOf(
  campaign: Readonly<Record<string, unknown>> | undefined,
  timeZone: string,
  now: Date,
): string[] {
  const today = localDate(now, timeZone);
  if (typeof campaign?.startAt !== 'string') return lastDays(DEFAULT_DAYS, timeZone, now);
  const end = typeof campaign.endAt === 'string' ? localDate(campaign.endAt, timeZone) : today;
  const to = end < today ? end : today;
  const start = localDate(campaign.startAt, timeZone);
  const earliest = addDays(to, -(MAX_DAYS - 1));
  const from = start > to ? to : start < earliest ? earliest : start;
  return datesBetween(from, to);
}

/**
 * The scope's activities by spend in the tenant's currency, the first SHOWN_ACTIVITIES with their
 * creators, each with the activity report's figures. A campaign's through its links, the
 * organization's through the compact index (gsi5), as the activity list reads them: never a scan.
 */
async function activitiesOf(tenant: Tenant, campaignId: string | null) {
  const { all } = await filteredActivities(tenant.id, campaignId ? { campaignId } : {});
  const bySpend = [...all].sort(
    (a, b) => (spendOf(b)[tenant.currency] ?? 0) - (spendOf(a)[tenant.currency] ?? 0) || a.id.localeCompare(b.id),
  );
  const shown = bySpend.slice(0, SHOWN_ACTIVITIES);
  const creatorIds = await Promise.all(shown.map((a) => creatorIdsOf(tenant.id, a)));
  const creators = new Map(
    (await creatorsByIds(tenant.id, [...new Set(creatorIds.flat())])).map((c) => [c.id, c.name]),
  );
  return {
    totalCount: all.length,
    items: shown.map((a, i) => {
      const figures = metricFigures(activityAggregate(a), tenant.currency, 1);
      return {
        id: a.id,
        name: a.name,
        channel: a.channel,
        creators: creatorIds[i]!.flatMap((id) => creators.get(id) ?? []),
        publishedAt: a.startAt,
        impressions: figures.impressions,
        engagement: figures.engagement,
        spend: figures.totalCosts,
        cpm: figures.cpm,
      };
    }),
  };
}

async function creatorIdsOf(tenantId: string, activity: CompactActivity): Promise<string[]> {
  return [...(await creatorIdsOfActivity(tenantId, activity.id))].sort();
}

/** The campaign's outcome measurements as evidence: what was measured, its value, period, method and confidence. */
async function outcomesOf(tenantId: string, campaignId: string) {
  const measurements = await measurementsOfCampaign(tenantId, campaignId);
  return measurements.map((m) => ({
    id: m.id,
    definition: m.definition?.name ?? null,
    valueKind: m.definition?.valueKind ?? null,
    value: m.value,
    unitLabel: m.unitLabel,
    baselineValue: m.baselineValue,
    periodStart: m.periodStart,
    periodEnd: m.periodEnd,
    sourceMethod: m.sourceMethod,
    confidence: m.confidence,
    market: m.market,
  }));
}
