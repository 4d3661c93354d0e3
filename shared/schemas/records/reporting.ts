/**
 * What the Reporting routes answer (docs/decisions.md "Report shapes"): money in major units of the
 * report currency, rounded to its minor unit; a ratio without its denominator is null. `_meta`
 * (currency, freshness, provenance, warnings) is added by the envelope. Every figure says how it is
 * computed (its description in the OpenAPI document, figures.ts).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { READINESS_FIELDS } from '../../domain/reporting/readiness.ts';
import {
  COST_DAY,
  count,
  dayFields,
  described,
  int,
  metricFields,
  money,
  moneyOrNull,
  numberOrNull,
  SPEND_IN_CURRENCY,
  WITH_METRICS,
} from './figures.ts';
import { named } from './reply.ts';
import { BasisSchema } from './meta.ts';

const Texts = /* @__PURE__ */ lazySchema(() => z.array(z.string()));
const Currency = /* @__PURE__ */ lazySchema(() =>
  described(z.string(), "The report currency (ISO 4217), the organization's."),
);

const BudgetUsed = /* @__PURE__ */ lazySchema(() =>
  numberOrNull(
    'Spend / budget, rounded to 4 decimals (1 is the whole budget, above 1 is over it); null without a budget.',
  ),
);

export const OrganizationMetricsRecord = named(
  'OrganizationMetrics',
  /* @__PURE__ */ lazySchema(() => z.object({ currency: Currency, ...metricFields })),
);
export const CampaignMetricsRecord = named(
  'CampaignMetrics',
  lazySchema(() =>
    z.object({
      campaignId: z.uuid(),
      currency: Currency,
      budget: moneyOrNull("The campaign's budget.", 'when it has none'),
      ...metricFields,
    }),
  ),
);
export const ActivityMetricsRecord = named(
  'ActivityMetrics',
  /* @__PURE__ */ lazySchema(() => z.object({ activityId: z.uuid(), currency: Currency, ...metricFields })),
);

export const MetricsDayRecord = named(
  'MetricsDay',
  /* @__PURE__ */ lazySchema(() => z.object(dayFields)),
);
export const SpendDayRecord = named(
  'SpendDay',
  lazySchema(() =>
    z.object({
      date: dayFields.date,
      amount: dayFields.spend,
      cumulativeAmount: money('The running total of `amount` from the first day of the range through this one.'),
    }),
  ),
);

export const ReadinessRecord = named(
  'CampaignReadiness',
  lazySchema(() =>
    z.object({
      campaignId: z.uuid(),
      ready: z.boolean(),
      checks: z.array(z.object({ field: z.enum(READINESS_FIELDS), ok: z.boolean(), message: z.string() })),
      missing: z.array(z.enum(READINESS_FIELDS)),
    }),
  ),
);

const EvidenceLevel = /* @__PURE__ */ lazySchema(() => z.enum(['none', 'low', 'medium', 'high']));

const EvidenceQuality = /* @__PURE__ */ lazySchema(() =>
  described(
    z.object({
      level: described(
        EvidenceLevel,
        '`none` when no activity has metrics; `low` when fewer than half of the activities have metrics; `medium` when fewer than 90% have, or the newest reading is older than 7 days; `high` otherwise.',
      ),
      activitiesTotal: int('Activities in scope.'),
      activitiesWithMetrics: int(`Of them, those with metrics (${WITH_METRICS}).`),
      deliveryCoverage: numberOrNull('activitiesWithMetrics / activitiesTotal, 0 to 1; null with no activity.'),
    }),
    'How far the figures can be relied on: how many activities in scope have metrics.',
  ),
);

const CampaignRef = /* @__PURE__ */ lazySchema(() => ({
  campaignId: z.uuid(),
  name: z.string(),
  status: z.enum(['active', 'scheduled', 'completed', 'draft']),
}));

/** What the last `daysBack` days added: the sums of the scope's daily rows (a metric history's). */
const windowChange = (scope: string) =>
  z.object({
    spend: money(`The spend of ${scope} attributed to the last \`daysBack\` days: ${COST_DAY}. ${SPEND_IN_CURRENCY}`),
    impressions: count(
      `The increase of the impressions of ${scope} over the last \`daysBack\` days: the sum of its metric history's daily rows.`,
    ),
    engagement: count(
      `The increase of the engagement of ${scope} over the last \`daysBack\` days: the sum of its metric history's daily rows.`,
    ),
  });

const DaysBack = /* @__PURE__ */ lazySchema(() =>
  int("The window asked for, in days, ending today in the organization's timezone."),
);

export const PortfolioRecord = named(
  'CampaignPortfolio',
  lazySchema(() =>
    z.object({
      currency: Currency,
      daysBack: DaysBack,
      counts: z.object({
        active: int(
          "Campaigns that have started and not ended (statuses derive from the campaigns' dates in the organization's timezone).",
        ),
        scheduled: int('Campaigns whose start is in the future.'),
        completed: int('Campaigns whose end is past.'),
        draft: int('Campaigns without a start date.'),
        attention: int(
          'Campaigns that need attention: spend over budget; active with no linked activity; active with metrics on some but fewer than half of its activities; active or scheduled with an incomplete brief.',
        ),
      }),
      budgetTotal: money("The sum of the budgets of all the organization's campaigns (none counts 0)."),
      spendTotal: money(`The spend of all its campaigns in the report currency. ${SPEND_IN_CURRENCY}`),
      otherCurrencySpend: described(
        z.record(z.string(), z.number()),
        "The campaigns' spend in each other currency that has no rate (the ECB publishes none and none was booked) or waits to be converted again, rounded to its minor unit.",
      ),
      briefCompleteness: z.object({
        complete: int('Campaigns whose brief passes every readiness check.'),
        incomplete: int('Campaigns whose brief misses at least one.'),
        share: numberOrNull(
          'The mean share of the readiness checks the campaigns pass, 0 to 1, rounded to 2 decimals; null without campaigns.',
        ),
      }),
      evidenceQuality: EvidenceQuality,
      trend: windowChange('the organization'),
      priorities: z.array(z.object({ ...CampaignRef, reasons: Texts })),
      nextActions: Texts,
    }),
  ),
);

export const ComparisonRecord = named(
  'CampaignComparison',
  lazySchema(() =>
    z.object({
      currency: Currency,
      daysBack: DaysBack,
      campaigns: z.array(
        z.object({
          ...CampaignRef,
          currency: Currency,
          budget: moneyOrNull("The campaign's budget.", 'when it has none'),
          current: described(
            z.object(metricFields),
            "The campaign's figures now, as its campaign metrics report them.",
          ),
          change: windowChange('the campaign'),
          efficiency: z.object({
            cpm: moneyOrNull('`current.cpm`.', 'when no activity has both spend and impressions'),
            cpe: moneyOrNull('`current.cpe`.', 'when no activity has both spend and engagement'),
            budgetUsed: BudgetUsed,
          }),
          evidenceQuality: EvidenceQuality,
          /** What this campaign's CPM, CPE and CPA were computed over. */
          basis: BasisSchema,
        }),
      ),
      findings: Texts,
    }),
  ),
);

export const ClosedCampaignRecord = named(
  'CampaignCloseout',
  lazySchema(() =>
    z.object({
      ...CampaignRef,
      currency: Currency,
      budget: moneyOrNull("The campaign's budget.", 'when it has none'),
      performance: described(
        z.object(metricFields),
        "The campaign's recorded figures, as its campaign metrics report them.",
      ),
      budgetUsed: BudgetUsed,
      evidenceQuality: EvidenceQuality,
      limitations: Texts,
      followUps: Texts,
    }),
  ),
);

export const BriefRecord = named(
  'MarketingBrief',
  lazySchema(() =>
    z.object({
      audience: z.enum(['executive', 'practitioner']),
      daysBack: DaysBack,
      currency: Currency,
      headline: z.string(),
      highlights: Texts,
      risks: Texts,
      decisions: Texts,
      actions: Texts,
      campaignEvidence: z.array(
        z.object({
          ...CampaignRef,
          spend: metricFields.totalCosts,
          impressions: metricFields.impressions,
          engagement: metricFields.engagement,
          deliveryCoverage: metricFields.deliveryCoverage,
          evidenceLevel: EvidenceLevel,
        }),
      ),
      measurementLimitations: Texts,
    }),
  ),
);

/** The list of recommendations, one `{data}` (a named array: its items have no use of their own). */
export const RecommendationsRecord = named(
  'Recommendations',
  lazySchema(() =>
    z.array(
      z.object({
        rule: described(
          z.string(),
          "The rule that fired, each at most once per campaign: `no_metric_evidence` (the organization has activities and none has metrics); `over_budget` (a campaign's spend in the report currency is above its budget); `active_without_activities` (an active campaign has no linked activity); `brief_incomplete` (a scheduled campaign misses readiness items; high priority when it starts within 14 days); `low_metric_coverage` (an active or completed campaign has activities, fewer than half of them with metrics); `cpm_gap` (of the campaigns with a CPM, the highest is at least twice the lowest); `stale_snapshots` (the newest metric reading is more than 7 days old); `other_currency_costs` (costs in currencies other than the organization's). Sorted by priority, then in this order, then by campaign name.",
        ),
        priority: z.enum(['high', 'medium', 'low']),
        confidence: z.enum(['high', 'medium', 'low']),
        title: z.string(),
        rationale: z.string(),
        evidence: z.array(
          z.object({
            label: z.string(),
            value: described(
              z.union([z.number(), z.string(), z.null()]),
              'The figure the rationale quotes, named by `label`: a count, an amount in the report currency, or a text (a date, a list of names).',
            ),
          }),
        ),
        campaignIds: z.array(z.uuid()),
      }),
    ),
  ),
);

/** The agency view (docs/decisions.md "Agency view"): an organization's and its workspaces' figures, a row each, with totals in the organization's currency. */
const AgencyWorkspace = /* @__PURE__ */ lazySchema(() =>
  z.object({
    workspaceId: described(z.uuid(), 'The tenant: the organization itself or one of its workspaces.'),
    name: z.string(),
    currency: described(z.string(), "The tenant's own currency (ISO 4217): the row's money figures are in it."),
    totalCosts: metricFields.totalCosts,
    impressions: metricFields.impressions,
    engagement: metricFields.engagement,
    cpm: metricFields.cpm,
    cpe: metricFields.cpe,
    conversions: metricFields.conversions,
    cpa: metricFields.cpa,
    activeCampaigns: int(
      "The tenant's campaigns that have started and not ended (statuses derive from the campaigns' dates in the tenant's timezone).",
    ),
    freshness: described(
      z.nullable(z.string()),
      "`fetchedAt` (ISO 8601) of the newest metric reading the tenant's figures use; null when they use none.",
    ),
    warnings: described(
      Texts,
      "The tenant's own data-quality warnings, as its organization metrics' `_meta.warnings` say them.",
    ),
    convertedTotalCosts: moneyOrNull(
      "`totalCosts` converted into the organization's currency at the ECB's euro reference rates of the last publication, crossed through EUR (the rate and its date: `_meta.provenance.exchangeRates`); equal to `totalCosts` in the organization's own currency.",
      "when the ECB's last publication quotes no rate for the row's currency: the row is then left out of the totals, and `_meta.warnings` says so",
    ),
  }),
);

export const AgencyViewRecord = named(
  'AgencyView',
  lazySchema(() =>
    z.object({
      currency: described(z.string(), "The organization's currency (ISO 4217): `totals` are in it."),
      totals: described(
        z.object({
          totalCosts: money("The sum of the rows' `convertedTotalCosts`."),
          impressions: count("The sum of the rows' impressions."),
          engagement: count("The sum of the rows' engagement."),
          cpm: moneyOrNull(
            "`_meta.provenance.basis.cpm`: the rows' CPM spend, each converted and rounded, summed, over their impressions x 1000.",
            'when no row has an activity with both spend and impressions',
          ),
          cpe: moneyOrNull(
            "`_meta.provenance.basis.cpe`: the rows' CPE spend, each converted and rounded, summed, over their engagement.",
            'when no row has an activity with both spend and engagement',
          ),
          conversions: numberOrNull("The sum of the rows' conversions; null when no row has any."),
          cpa: moneyOrNull(
            "`_meta.provenance.basis.cpa`: the rows' CPA spend (their campaigns with conversions), each converted and rounded, summed, over their conversions.",
            'without conversions',
          ),
        }),
        "Every row the caller can read (at most 200), not only this page, less the rows whose currency has no rate; in the organization's currency.",
      ),
      items: described(z.array(AgencyWorkspace), 'This page of the rows, by name (case-insensitive), then id.'),
      totalCount: int('How many rows the caller can read, at most 200.'),
    }),
  ),
);
