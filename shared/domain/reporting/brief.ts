/**
 * The marketing brief (interface.md "marketing-brief"): headline, highlights, risks, decisions,
 * actions, campaign evidence, currency and measurement limitations, built from the portfolio and the
 * recommendations of the same data. `executive` is short and plain (at most 3 of each, no ratios);
 * `practitioner` names the figures and their evidence. Every sentence is a template filled with
 * figures and states an observation. Pure.
 */
import { byStatusThenName, campaignFacts, formatMoney, percent, type ReportContext, type StoredCampaign } from './campaigns.ts';
import type { DayFigures } from './days.ts';
import type { Aggregate } from './figures.ts';
import { portfolio } from './portfolio.ts';
import { recommendations } from './recommendations.ts';

export type Audience = 'executive' | 'practitioner';

/** How many items of each part an executive brief keeps. */
export const EXECUTIVE_ITEMS = 3;

export function marketingBrief(
  input: { tenant: Aggregate; campaigns: readonly StoredCampaign[]; days: readonly DayFigures[]; warnings: readonly string[] },
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

  const headline =
    `${overview.counts.active} active ${overview.counts.active === 1 ? 'campaign' : 'campaigns'}: ${money(overview.trend.spend)} spent and ` +
    `${overview.trend.impressions} impressions recorded over the last ${daysBack} days` +
    (practitioner ? ` (metrics for ${evidence.activitiesWithMetrics} of ${evidence.activitiesTotal} activities; evidence ${evidence.level}).` : '.');

  const highlights: string[] = [];
  const totalImpressions = facts.reduce((sum, f) => sum + f.figures.impressions, 0);
  const mostSeen = [...facts].sort((a, b) => b.figures.impressions - a.figures.impressions || byStatusThenName(a, b))[0];
  if (mostSeen && mostSeen.figures.impressions > 0) {
    highlights.push(`${mostSeen.name} has the most recorded impressions: ${mostSeen.figures.impressions} (${percent(mostSeen.figures.impressions / totalImpressions)} of all campaigns').`);
  }
  const cheapest = facts.filter((f) => f.figures.cpm !== null).sort((a, b) => a.figures.cpm! - b.figures.cpm! || byStatusThenName(a, b))[0];
  if (cheapest) {
    highlights.push(
      practitioner
        ? `${cheapest.name} has the lowest CPM: ${money(cheapest.figures.cpm!)} over ${cheapest.evidence.activitiesWithMetrics} of ${cheapest.evidence.activitiesTotal} activities with metrics.`
        : `${cheapest.name} reaches people at the lowest cost per thousand impressions.`,
    );
  }
  if (overview.counts.completed > 0) highlights.push(`${overview.counts.completed} ${overview.counts.completed === 1 ? 'campaign has' : 'campaigns have'} completed.`);

  const risks = overview.priorities.flatMap((p) => p.reasons.map((r) => `${p.name}: ${r}`));
  if (evidence.level === 'none' || evidence.level === 'low') {
    risks.push(`Metrics cover ${evidence.activitiesWithMetrics} of ${evidence.activitiesTotal} activities: the figures leave the others out.`);
  }
  const decisions = recs.filter((r) => r.priority === 'high').map((r) => (practitioner ? `${r.title}: ${r.rationale}` : `${r.title}.`));
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
    ...input.warnings,
    'Reach is not reported: no stored evidence carries it.',
    'Conversions are not reported in this brief: outcome measurements are recorded per campaign.',
    'Figures are observed and recorded evidence; none of them says that a campaign or creator caused an outcome.',
  ];
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
    campaignEvidence: practitioner ? campaignEvidence : campaignEvidence.filter((c) => c.status === 'active' || c.status === 'scheduled').slice(0, 5),
    measurementLimitations: cut(measurementLimitations),
  };
}
