/**
 * The marketing brief (docs/spec/interface.md "marketing-brief"): headline, highlights, risks, decisions,
 * actions, campaign evidence, currency and measurement limitations, built from the portfolio and the
 * recommendations of the same data. `executive` is short and plain (at most 3 of each, no ratios);
 * `practitioner` names the figures and their evidence. Every sentence is a template filled with
 * figures and states an observation. Conversions are the organization's (its active outcome
 * measurements of kind count, whatever their period, as GET /v1/reporting/organization/metrics
 * reports them), named as such. The limitation that no figure makes a causal claim comes first, so
 * the executive brief's cut keeps it. Pure.
 */
import { roundMoney } from '../currencies.ts';
import { counted, formatCount, formatMoney, percent } from '../words/index.ts';
import {
  byStatusThenName,
  campaignFacts,
  evidenceLevel,
  type CampaignFacts,
  type ReportContext,
  type StoredCampaign,
} from './campaigns.ts';
import type { CpaBasis } from './conversions.ts';
import type { DayFigures } from './days.ts';
import type { Aggregate } from './figures.ts';
import { portfolio } from './portfolio.ts';
import { recommendations } from './recommendations.ts';

export type Audience = 'executive' | 'practitioner';

/** How many items of each part an executive brief keeps. */
export const EXECUTIVE_ITEMS = 3;

/** The organization's conversions and CPA with their basis and the outcome definitions summed (null: no measurement of kind count). */
export interface BriefConversions {
  conversions: number | null;
  cpa: number | null;
  basis: CpaBasis;
  definitions: readonly { name: string }[];
}

/** Always the first limitation: no figure of the brief says what caused an outcome. */
export const NO_CAUSAL_CLAIM =
  'Figures are observed and recorded evidence; none of them says that a campaign or creator caused an outcome.';

export function marketingBrief(
  input: {
    tenant: Aggregate;
    campaigns: readonly StoredCampaign[];
    days: readonly DayFigures[];
    warnings: readonly string[];
    conversions: BriefConversions;
  },
  audience: Audience,
  daysBack: number,
  ctx: ReportContext,
) {
  const money = (n: number) => formatMoney(n, ctx.currency);
  const overview = portfolio(input.campaigns, input.tenant, input.days, daysBack, ctx);
  const recs = recommendations(input.tenant, input.campaigns, ctx);
  const facts = input.campaigns.map((c) => campaignFacts(c, ctx)).sort(byStatusThenName);
  const practitioner = audience === 'practitioner';
  const evidence = overview.evidenceQuality;

  const headline = headlineOf(facts, input.campaigns, overview, daysBack, practitioner, ctx);

  const highlights: string[] = [];
  const { conversions, cpa, basis, definitions } = input.conversions;
  if (conversions !== null) {
    const basisText = `: ${money(basis.spend)} spent by the ${counted(basis.campaigns, 'campaign', 'campaigns')} with conversions over their ${counted(basis.conversions, 'conversion', 'conversions')}`;
    const cost =
      cpa === null
        ? 'no CPA (no conversion to divide the costs by)'
        : `CPA ${money(cpa)}${practitioner ? basisText : ''}`;
    highlights.push(
      practitioner
        ? `${counted(conversions, 'conversion', 'conversions')} recorded in all (active outcome measurements of ${definitions.map((d) => d.name).join(', ')}, whatever their period); ${cost}.`
        : `${counted(conversions, 'conversion', 'conversions')} recorded in all; ${cost}.`,
    );
  }
  // A superlative or a share only where at least two campaigns have the figure compared.
  const seen = facts
    .filter((f) => f.figures.impressions > 0)
    .sort((a, b) => b.figures.impressions - a.figures.impressions || byStatusThenName(a, b));
  const totalImpressions = seen.reduce((sum, f) => sum + f.figures.impressions, 0);
  const mostSeen = seen[0];
  if (mostSeen && seen.length >= 2) {
    highlights.push(
      `${mostSeen.name} has the most recorded impressions of the ${formatCount(seen.length)} campaigns with impressions: ${formatCount(mostSeen.figures.impressions)} (${percent(mostSeen.figures.impressions / totalImpressions)} of their ${formatCount(totalImpressions)}).`,
    );
  }
  const withCpm = facts
    .filter((f) => f.figures.cpm !== null)
    .sort((a, b) => a.figures.cpm! - b.figures.cpm! || byStatusThenName(a, b));
  const cheapest = withCpm[0];
  if (cheapest && withCpm.length >= 2) {
    highlights.push(
      practitioner
        ? `${cheapest.name} has the lowest CPM of the ${formatCount(withCpm.length)} campaigns with one: ${money(cheapest.figures.cpm!)} over ${formatCount(cheapest.basis.cpm.activities)} of its ` +
            `${formatCount(cheapest.evidence.activitiesTotal)} activities (those with both spend and impressions: ${money(cheapest.basis.cpm.spend)} over ${counted(cheapest.basis.cpm.impressions, 'impression', 'impressions')}).`
        : `${cheapest.name} has the lowest cost per thousand impressions of the ${formatCount(withCpm.length)} campaigns that have one.`,
    );
  }
  if (overview.counts.completed > 0)
    highlights.push(
      `${formatCount(overview.counts.completed)} ${overview.counts.completed === 1 ? 'campaign has' : 'campaigns have'} completed.`,
    );

  const risks = overview.priorities.flatMap((p) => p.reasons.map((r) => `${p.name}: ${r}`));
  if (evidence.level === 'none' || evidence.level === 'low') {
    risks.push(
      `Metrics cover ${formatCount(evidence.activitiesWithMetrics)} of ${formatCount(evidence.activitiesTotal)} activities: the figures leave the others out.`,
    );
  }
  const decisions = recs
    .filter((r) => r.priority === 'high')
    .map((r) => (practitioner ? `${r.title}: ${r.rationale}` : `${r.title}.`));
  const actions = [...overview.nextActions, ...recs.filter((r) => r.priority !== 'high').map((r) => `${r.title}.`)];
  const campaignEvidence = facts.map((f) => ({
    campaignId: f.campaignId,
    name: f.name,
    status: f.status,
    spend: f.figures.totalCosts,
    impressions: f.figures.impressions,
    engagement: f.figures.engagement,
    deliveryCoverage: f.figures.deliveryCoverage,
    evidenceLevel: f.evidence.level,
  }));
  const measurementLimitations = [
    NO_CAUSAL_CLAIM,
    ...input.warnings,
    'Reach is not reported: no stored evidence carries it.',
    conversions === null
      ? 'Conversions and CPA are not reported: no outcome measurement of kind count is recorded.'
      : `Conversions count every active outcome measurement of kind count, not only those of the last ${daysBack} days, and CPA divides the spend of the campaigns with conversions by their conversions.`,
  ];
  // The executive brief keeps the first few of each part: the causal limitation is the first.
  const cut = <T>(items: T[]) => (practitioner ? items : items.slice(0, EXECUTIVE_ITEMS));
  return {
    audience,
    daysBack,
    currency: ctx.currency,
    headline,
    highlights: cut(highlights),
    risks: cut(risks),
    decisions: cut(decisions),
    actions: cut([...new Set(actions)]),
    campaignEvidence: practitioner
      ? campaignEvidence
      : campaignEvidence.filter((c) => c.status === 'active' || c.status === 'scheduled').slice(0, 5),
    measurementLimitations: cut(measurementLimitations),
  };
}

/**
 * The headline: about the active campaigns, with their own figures (their stored aggregates: the
 * spend and impressions they recorded in all, and their activities' metrics), never the
 * organization's, which count activities in no campaign too. Without an active campaign it is
 * about the organization's last `daysBack` days, and says so.
 */
function headlineOf(
  facts: readonly CampaignFacts[],
  campaigns: readonly StoredCampaign[],
  overview: ReturnType<typeof portfolio>,
  daysBack: number,
  practitioner: boolean,
  ctx: ReportContext,
): string {
  const money = (n: number) => formatMoney(n, ctx.currency);
  const impressions = (n: number) => counted(n, 'impression', 'impressions');
  const active = facts.filter((f) => f.status === 'active');
  if (active.length === 0) {
    const evidence = overview.evidenceQuality;
    return (
      `No active campaign: ${money(overview.trend.spend)} spent and ${impressions(overview.trend.impressions)} recorded by the organization over the last ${daysBack} days` +
      (practitioner
        ? ` (metrics for ${formatCount(evidence.activitiesWithMetrics)} of ${formatCount(evidence.activitiesTotal)} activities; evidence ${evidence.level}).`
        : '.')
    );
  }
  const sum = (pick: (f: CampaignFacts) => number) => active.reduce((total, f) => total + pick(f), 0);
  const them = active.length === 1 ? 'it' : 'them';
  const activitiesTotal = sum((f) => f.evidence.activitiesTotal);
  const withMetrics = sum((f) => f.evidence.activitiesWithMetrics);
  const ids = new Set(active.map((f) => f.campaignId));
  const freshness = campaigns
    .filter((c) => ids.has(c.id))
    .flatMap((c) => (typeof c.newestSnapshotAt === 'string' ? [c.newestSnapshotAt] : []))
    .sort()
    .at(-1);
  return (
    `${counted(active.length, 'active campaign', 'active campaigns')}: ${money(
      roundMoney(
        sum((f) => f.figures.totalCosts),
        ctx.currency,
      ),
    )} spent and ` +
    `${impressions(sum((f) => f.figures.impressions))} recorded by ${them} in all` +
    (practitioner
      ? ` (metrics for ${formatCount(withMetrics)} of ${formatCount(activitiesTotal)} of ${active.length === 1 ? 'its' : 'their'} activities; ` +
        `evidence ${evidenceLevel(activitiesTotal, withMetrics, freshness ?? null, ctx.now)}).`
      : '.')
  );
}
