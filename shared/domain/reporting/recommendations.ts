/**
 * Deterministic, evidence-backed recommendations (rules and their order: recommendations.md beside
 * this file). Pure: the tenant's aggregate and its campaigns in, the same list in the same order out.
 */
import { spendOf, STALE_AFTER_DAYS, type Aggregate } from './figures.ts';
import {
  byStatusThenName,
  campaignFacts,
  type CampaignFacts,
  type ReportContext,
  type StoredCampaign,
} from './campaigns.ts';
import { basisRatio } from './basis-words.ts';
import { counted, formatCount, formatMoney, formatMoneyPair, percent } from '../words/index.ts';

export type Level = 'high' | 'medium' | 'low';

export interface Recommendation {
  rule: string;
  priority: Level;
  confidence: Level;
  title: string;
  rationale: string;
  evidence: { label: string; value: number | string | null }[];
  campaignIds: string[];
}

/** A scheduled campaign starting within this many days is close to launch. */
export const LAUNCH_SOON_DAYS = 14;

const RANK: Record<Level, number> = { high: 0, medium: 1, low: 2 };

const RULES = [
  'no_metric_evidence',
  'over_budget',
  'active_without_activities',
  'brief_incomplete',
  'low_metric_coverage',
  'cpm_gap',
  'stale_snapshots',
  'other_currency_costs',
] as const;

export function recommendations(
  tenant: Aggregate,
  campaigns: readonly StoredCampaign[],
  ctx: ReportContext,
): Recommendation[] {
  const facts = campaigns.map((c) => campaignFacts(c, ctx)).sort(byStatusThenName);
  const starts = new Map(campaigns.map((c) => [c.id, c.startAt]));
  const out: Recommendation[] = [];
  const money = (n: number) => formatMoney(n, ctx.currency);

  const activities = Number(tenant.activitiesCount ?? 0);
  const withMetrics = Number(tenant.activitiesWithMetrics ?? 0);
  if (activities > 0 && withMetrics === 0) {
    out.push({
      rule: 'no_metric_evidence',
      priority: 'high',
      confidence: 'high',
      title: 'Add metrics to the activities',
      rationale: `None of the ${formatCount(activities)} activities has metrics, so impressions, engagement, CPM and CPE cannot be reported.`,
      evidence: [
        { label: 'activitiesTotal', value: activities },
        { label: 'activitiesWithMetrics', value: 0 },
      ],
      campaignIds: [],
    });
  }
  for (const f of facts) {
    if (f.budget !== null && f.figures.totalCosts > f.budget) {
      out.push({
        rule: 'over_budget',
        priority: 'high',
        confidence: 'high',
        title: `Review the budget of ${f.name}`,
        rationale: `Recorded spend ${money(f.figures.totalCosts)} is ${percent(f.budgetUsed!)} of its budget of ${money(f.budget)}.`,
        evidence: [
          { label: 'totalCosts', value: f.figures.totalCosts },
          { label: 'budget', value: f.budget },
        ],
        campaignIds: [f.campaignId],
      });
    }
  }
  for (const f of facts) {
    if (f.status === 'active' && f.evidence.activitiesTotal === 0) {
      out.push({
        rule: 'active_without_activities',
        priority: 'high',
        confidence: 'high',
        title: `Link the activities of ${f.name}`,
        rationale: `${f.name} is active with no linked activity: nothing it runs is counted in its figures.`,
        evidence: [
          { label: 'activitiesCount', value: 0 },
          { label: 'status', value: f.status },
        ],
        campaignIds: [f.campaignId],
      });
    }
  }
  for (const f of facts) {
    if (f.status !== 'scheduled' || f.ready) continue;
    const days = Math.ceil((Date.parse(starts.get(f.campaignId)!) - ctx.now.getTime()) / 86_400_000);
    out.push({
      rule: 'brief_incomplete',
      priority: days <= LAUNCH_SOON_DAYS ? 'high' : 'medium',
      confidence: 'high',
      title: `Complete the brief of ${f.name} before it starts`,
      rationale: `${f.name} starts in ${days} days and its brief is missing ${f.missing.join(', ')}.`,
      evidence: [
        { label: 'missing', value: f.missing.join(', ') },
        { label: 'daysToStart', value: days },
      ],
      campaignIds: [f.campaignId],
    });
  }
  for (const f of facts) {
    if (
      (f.status === 'active' || f.status === 'completed') &&
      f.evidence.activitiesTotal > 0 &&
      f.evidence.activitiesWithMetrics / f.evidence.activitiesTotal < 0.5
    ) {
      out.push({
        rule: 'low_metric_coverage',
        priority: 'medium',
        confidence: 'high',
        title: `Add metrics for the activities of ${f.name}`,
        rationale: `Only ${formatCount(f.evidence.activitiesWithMetrics)} of ${formatCount(f.evidence.activitiesTotal)} activities of ${f.name} have metrics, so its figures leave most of its activities out.`,
        evidence: [
          { label: 'activitiesTotal', value: f.evidence.activitiesTotal },
          { label: 'activitiesWithMetrics', value: f.evidence.activitiesWithMetrics },
        ],
        campaignIds: [f.campaignId],
      });
    }
  }
  out.push(...cpmGap(facts, ctx.currency));
  const freshness = typeof tenant.newestSnapshotAt === 'string' ? tenant.newestSnapshotAt : null;
  if (freshness && ctx.now.getTime() - Date.parse(freshness) > STALE_AFTER_DAYS * 86_400_000) {
    out.push({
      rule: 'stale_snapshots',
      priority: 'medium',
      confidence: 'high',
      title: 'Refresh the metrics',
      rationale: `The newest metric snapshot is from ${freshness.slice(0, 10)}, more than ${STALE_AFTER_DAYS} days ago.`,
      evidence: [{ label: 'freshness', value: freshness }],
      campaignIds: [],
    });
  }
  const others = Object.entries(spendOf(tenant)).filter(([c]) => c !== ctx.currency);
  if (others.length) {
    out.push({
      rule: 'other_currency_costs',
      priority: 'low',
      confidence: 'high',
      title: `Review the costs recorded in other currencies than ${ctx.currency}`,
      rationale: `${others.map(([c, a]) => formatMoney(a, c)).join(', ')} of costs are left out of the ${ctx.currency} figures: no exchange rate was booked for them and the ECB publishes none.`,
      evidence: others.map(([c, a]) => ({ label: `spend_${c}`, value: a })),
      campaignIds: facts.filter((f) => Object.keys(f.otherCurrencySpend).length > 0).map((f) => f.campaignId),
    });
  }
  // Stable: by priority, then rule order; within a rule the campaigns' order above.
  return out
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        RANK[a.r.priority] - RANK[b.r.priority] ||
        RULES.indexOf(a.r.rule as never) - RULES.indexOf(b.r.rule as never) ||
        a.i - b.i,
    )
    .map(({ r }) => r);
}

/**
 * Confidence follows the sample a comparison rests on (docs/decisions.md "Figures a reader can check"):
 * high when every group compared rests on at least 10 activities with metrics, medium at 3 to 9,
 * otherwise low.
 */
export function sampleConfidence(groups: readonly number[]): Level {
  const smallest = Math.min(...groups);
  return smallest >= 10 ? 'high' : smallest >= 3 ? 'medium' : 'low';
}

function cpmGap(facts: readonly CampaignFacts[], currency: string): Recommendation[] {
  // Compared unrounded, from each CPM's basis: rounded CPMs may tie, or one be 0, when the ratios are not.
  const exact = (f: CampaignFacts) => basisRatio(f.basis, 'cpm')!;
  const having = facts
    .filter((f) => f.figures.cpm !== null && basisRatio(f.basis, 'cpm') !== null)
    .sort((a, b) => exact(a) - exact(b) || a.name.localeCompare(b.name));
  if (having.length < 2) return [];
  const low = having[0]!;
  const high = having.at(-1)!;
  if (exact(high) < 2 * exact(low)) return [];
  // Each CPM's sample: the activities with both spend and impressions it was computed over.
  const [highSample, lowSample] = [high.basis.cpm.activities, low.basis.cpm.activities];
  const [highText, lowText] = formatMoneyPair(exact(high), exact(low), currency);
  return [
    {
      rule: 'cpm_gap',
      priority: 'medium',
      confidence: sampleConfidence([highSample, lowSample]),
      title: `Review the spend of ${high.name} against ${low.name}`,
      rationale:
        `${high.name}'s CPM (${highText} over ${counted(highSample, 'activity', 'activities')}) is ${(exact(high) / exact(low)).toFixed(1)} times ` +
        `${low.name}'s (${lowText} over ${counted(lowSample, 'activity', 'activities')}), counting the activities with both spend and impressions.`,
      evidence: [
        { label: `cpm ${high.name}`, value: high.figures.cpm },
        { label: `cpm ${low.name}`, value: low.figures.cpm },
        { label: `cpm activities ${high.name}`, value: highSample },
        { label: `cpm activities ${low.name}`, value: lowSample },
      ],
      campaignIds: [high.campaignId, low.campaignId],
    },
  ];
}
