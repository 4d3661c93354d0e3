/**
 * What the Reporting routes answer (DECISIONS.md "Report shapes"): money in major units of the
 * report currency, rounded to its minor unit; a ratio without its denominator is null. `_meta`
 * (currency, freshness, provenance, warnings) is added by the envelope.
 */
import * as z from 'zod/mini';
import { READINESS_FIELDS } from '../../domain/reporting/readiness.ts';
import { named } from './reply.ts';

const Money = z.number();
const Ratio = z.nullable(z.number());
const Texts = z.array(z.string());

const metricFields = {
  totalCosts: Money,
  impressions: z.number(),
  engagement: z.number(),
  /** Share of the activities in scope with metrics, 0..1; null with no activity. */
  deliveryCoverage: Ratio,
  cpm: Ratio,
  cpe: Ratio,
  /** Null where there is no evidence (Form B). */
  reach: Ratio,
  conversions: Ratio,
  cpa: Ratio,
};

export const OrganizationMetricsRecord = named('OrganizationMetrics', z.object({ currency: z.string(), ...metricFields }));
export const CampaignMetricsRecord = named(
  'CampaignMetrics',
  z.object({ campaignId: z.uuid(), currency: z.string(), budget: z.nullable(Money), ...metricFields }),
);
export const ActivityMetricsRecord = named('ActivityMetrics', z.object({ activityId: z.uuid(), currency: z.string(), ...metricFields }));

export const MetricsDayRecord = named('MetricsDay', z.object({ date: z.string(), impressions: z.number(), engagement: z.number(), spend: Money }));
export const SpendDayRecord = named('SpendDay', z.object({ date: z.string(), amount: Money, cumulativeAmount: Money }));

export const ReadinessRecord = named(
  'CampaignReadiness',
  z.object({
    campaignId: z.uuid(),
    ready: z.boolean(),
    checks: z.array(z.object({ field: z.enum(READINESS_FIELDS), ok: z.boolean(), message: z.string() })),
    missing: z.array(z.enum(READINESS_FIELDS)),
  }),
);

const EvidenceQuality = z.object({
  level: z.enum(['none', 'low', 'medium', 'high']),
  activitiesTotal: z.int(),
  activitiesWithMetrics: z.int(),
  deliveryCoverage: Ratio,
});

/** What a report's CPM, CPE and CPA were computed over, in its currency (as `_meta.provenance.basis`). */
export const Basis = z.object({
  cpm: z.object({ spend: Money, impressions: z.number(), activities: z.int() }),
  cpe: z.object({ spend: Money, engagement: z.number(), activities: z.int() }),
  cpa: z.object({ spend: Money, conversions: z.number(), campaigns: z.int() }),
});

const CampaignRef = { campaignId: z.uuid(), name: z.string(), status: z.enum(['active', 'scheduled', 'completed', 'draft']) };

export const PortfolioRecord = named(
  'CampaignPortfolio',
  z.object({
    currency: z.string(),
    daysBack: z.int(),
    counts: z.object({ active: z.int(), scheduled: z.int(), completed: z.int(), draft: z.int(), attention: z.int() }),
    budgetTotal: Money,
    spendTotal: Money,
    otherCurrencySpend: z.record(z.string(), Money),
    briefCompleteness: z.object({ complete: z.int(), incomplete: z.int(), share: Ratio }),
    evidenceQuality: EvidenceQuality,
    trend: z.object({ spend: Money, impressions: z.number(), engagement: z.number() }),
    priorities: z.array(z.object({ ...CampaignRef, reasons: Texts })),
    nextActions: Texts,
  }),
);

export const ComparisonRecord = named(
  'CampaignComparison',
  z.object({
    currency: z.string(),
    daysBack: z.int(),
    campaigns: z.array(
      z.object({
        ...CampaignRef,
        currency: z.string(),
        budget: z.nullable(Money),
        current: z.object(metricFields),
        change: z.object({ spend: Money, impressions: z.number(), engagement: z.number() }),
        efficiency: z.object({ cpm: Ratio, cpe: Ratio, budgetUsed: Ratio }),
        evidenceQuality: EvidenceQuality,
        /** What this campaign's CPM, CPE and CPA were computed over. */
        basis: Basis,
      }),
    ),
    findings: Texts,
  }),
);

export const ClosedCampaignRecord = named(
  'CampaignCloseout',
  z.object({
    ...CampaignRef,
    currency: z.string(),
    budget: z.nullable(Money),
    performance: z.object(metricFields),
    budgetUsed: Ratio,
    evidenceQuality: EvidenceQuality,
    limitations: Texts,
    followUps: Texts,
  }),
);

export const BriefRecord = named(
  'MarketingBrief',
  z.object({
    audience: z.enum(['executive', 'practitioner']),
    daysBack: z.int(),
    currency: z.string(),
    headline: z.string(),
    highlights: Texts,
    risks: Texts,
    decisions: Texts,
    actions: Texts,
    campaignEvidence: z.array(
      z.object({ ...CampaignRef, spend: Money, impressions: z.number(), engagement: z.number(), deliveryCoverage: Ratio, evidenceLevel: z.enum(['none', 'low', 'medium', 'high']) }),
    ),
    measurementLimitations: Texts,
  }),
);

/** The list of recommendations, one `{data}` (a named array: its items have no use of their own). */
export const RecommendationsRecord = named(
  'Recommendations',
  z.array(z.object({
    rule: z.string(),
    priority: z.enum(['high', 'medium', 'low']),
    confidence: z.enum(['high', 'medium', 'low']),
    title: z.string(),
    rationale: z.string(),
    evidence: z.array(z.object({ label: z.string(), value: z.union([z.number(), z.string(), z.null()]) })),
    campaignIds: z.array(z.uuid()),
  })),
);
