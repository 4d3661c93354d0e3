/**
 * Comparing 1-20 campaigns (docs/spec/interface.md "campaign/comparison"): each campaign's current figures,
 * its change over the window (from its day rollups), efficiency, currency and evidence quality, and
 * findings that state observations with their figures ("A's CPM is 40% below B's"), never causes.
 * Pure; the same data gives the same findings in the same order.
 */
import { roundMoney } from '../currencies.ts';
import { counted, formatCount, formatMoney, formatMoneyPair, percent } from '../words/index.ts';
import { basisRatio } from './basis-words.ts';
import { campaignFacts, type CampaignFacts, type ReportContext, type StoredCampaign } from './campaigns.ts';
import type { DayFigures } from './days.ts';
import type { Basis } from './figures.ts';

/** A share kept to 4 decimals (0.1234 = 12.34%). */
export const share = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);

export function windowChange(days: readonly DayFigures[], currency: string) {
  return {
    spend: roundMoney(
      days.reduce((sum, d) => sum + (d.spend[currency] ?? 0), 0),
      currency,
    ),
    impressions: days.reduce((sum, d) => sum + d.impressions, 0),
    engagement: days.reduce((sum, d) => sum + d.engagement, 0),
  };
}

type Row = { facts: CampaignFacts; change: ReturnType<typeof windowChange>; basis: Basis };

/** A campaign compared: its aggregate, its days in the window, its conversions and CPA and the basis of its ratios (as its campaign report has them). */
export interface ComparedCampaign {
  campaign: StoredCampaign;
  days: readonly DayFigures[];
  outcomes: { conversions: number | null; cpa: number | null };
  basis: Basis;
}

export function comparison(entries: readonly ComparedCampaign[], daysBack: number, ctx: ReportContext) {
  const rows: Row[] = entries.map(({ campaign, days, outcomes, basis }) => {
    const facts = campaignFacts(campaign, ctx);
    return {
      facts: { ...facts, figures: { ...facts.figures, ...outcomes } },
      change: windowChange(days, ctx.currency),
      basis,
    };
  });
  return {
    currency: ctx.currency,
    daysBack,
    campaigns: rows.map(({ facts, change, basis }) => ({
      campaignId: facts.campaignId,
      name: facts.name,
      status: facts.status,
      currency: ctx.currency,
      budget: facts.budget,
      current: facts.figures,
      change,
      efficiency: { cpm: facts.figures.cpm, cpe: facts.figures.cpe, budgetUsed: share(facts.budgetUsed) },
      evidenceQuality: facts.evidence,
      basis,
    })),
    findings: findings(rows, daysBack, ctx.currency),
  };
}

/**
 * The lowest against the highest of a ratio, among the campaigns that have it, with how many
 * activities each rests on. Compared unrounded, from each basis: two ratios that round alike are
 * written apart (words/ratios.ts) and called the same only when they are.
 */
function ratioFinding(rows: readonly Row[], ratio: 'cpm' | 'cpe', label: string, currency: string): string[] {
  const exact = (r: Row) => basisRatio(r.basis, ratio)!;
  const having = rows
    .filter((r) => r.facts.figures[ratio] !== null && basisRatio(r.basis, ratio) !== null)
    .sort((a, b) => exact(a) - exact(b) || a.facts.name.localeCompare(b.facts.name));
  if (having.length < 2) return [];
  const low = having[0]!;
  const high = having.at(-1)!;
  const [lowValue, highValue] = [exact(low), exact(high)];
  const denominator = ratio === 'cpm' ? 'impressions' : 'engagement';
  const over = (r: Row) => counted(r.basis[ratio].activities, 'activity', 'activities');
  if (lowValue === highValue)
    return [
      `${label} is the same, ${formatMoney(lowValue, currency)}, for ${having.map((r) => `${r.facts.name} (${over(r)})`).join(', ')}.`,
    ];
  const [lowText, highText] = formatMoneyPair(lowValue, highValue, currency);
  return [
    `${low.facts.name}'s ${label} (${lowText} over ${over(low)}) is ${percent(1 - lowValue / highValue)} below ${high.facts.name}'s ` +
      `(${highText} over ${over(high)}), counting the activities with both spend and ${denominator}.`,
  ];
}

/** The campaign with the largest part of a window total, when at least two campaigns have a part (a share of one is no comparison). */
function largestShare(
  rows: readonly Row[],
  part: 'spend' | 'impressions',
  daysBack: number,
  currency: string,
): string[] {
  const total = rows.reduce((sum, r) => sum + r.change[part], 0);
  if (rows.filter((r) => r.change[part] > 0).length < 2 || total <= 0) return [];
  const top = [...rows].sort((a, b) => b.change[part] - a.change[part] || a.facts.name.localeCompare(b.facts.name))[0]!;
  const show = (n: number) => (part === 'spend' ? formatMoney(n, currency) : counted(n, 'impression', 'impressions'));
  return [
    `${top.facts.name} recorded ${show(top.change[part])} of the ${show(part === 'spend' ? roundMoney(total, currency) : total)} of these campaigns over the last ${daysBack} days (${percent(top.change[part] / total)}).`,
  ];
}

function findings(rows: readonly Row[], daysBack: number, currency: string): string[] {
  const weak = rows
    .filter(
      (r) =>
        r.facts.evidence.activitiesTotal > 0 && (r.facts.evidence.level === 'low' || r.facts.evidence.level === 'none'),
    )
    .map(
      (r) =>
        `${r.facts.name}'s figures rest on ${formatCount(r.facts.evidence.activitiesWithMetrics)} of ${formatCount(r.facts.evidence.activitiesTotal)} activities with metrics: compare them with care.`,
    );
  return [
    ...ratioFinding(rows, 'cpm', 'CPM', currency),
    ...ratioFinding(rows, 'cpe', 'CPE', currency),
    ...largestShare(rows, 'spend', daysBack, currency),
    ...largestShare(rows, 'impressions', daysBack, currency),
    ...weak,
  ];
}
