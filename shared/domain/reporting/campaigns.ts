/**
 * What the campaign reports (portfolio, comparison, closeout, brief, recommendations) say of one
 * campaign, from its stored aggregate alone: figures, status, readiness, evidence quality and the
 * reasons it needs attention. Pure; every sentence comes from a template filled with figures and
 * states an observation, never a cause.
 */
import { campaignStatus, type CampaignStatus } from '../campaign-status.ts';
import { roundMoney } from '../currencies.ts';
import type { RatioBasis } from '../activity-metrics.ts';
import { metricFigures, ratioBasis, spendOf, STALE_AFTER_DAYS, type Aggregate, type MetricFigures } from './figures.ts';
import { readiness, type BriefState } from './readiness.ts';
import { formatCount, formatMoney, percent } from '../words/index.ts';

export type EvidenceLevel = 'none' | 'low' | 'medium' | 'high';

/** A campaign as stored: its brief, dates and aggregate counters. */
export type StoredCampaign = BriefState & Aggregate & { id: string; name: string };

export interface ReportContext {
  currency: string;
  timeZone: string;
  now: Date;
}

/**
 * How much the figures can be relied on: none without activities with metrics; low under half of
 * the activities covered; medium under 90% or with snapshots older than 7 days; otherwise high.
 */
export function evidenceLevel(
  activitiesTotal: number,
  activitiesWithMetrics: number,
  freshness: string | null,
  now: Date,
): EvidenceLevel {
  if (activitiesTotal === 0 || activitiesWithMetrics === 0) return 'none';
  const coverage = activitiesWithMetrics / activitiesTotal;
  if (coverage < 0.5) return 'low';
  const stale = freshness !== null && now.getTime() - Date.parse(freshness) > STALE_AFTER_DAYS * 86_400_000;
  return coverage < 0.9 || stale ? 'medium' : 'high';
}

export interface CampaignFacts {
  campaignId: string;
  name: string;
  status: CampaignStatus;
  budget: number | null;
  figures: MetricFigures;
  /** What its CPM and CPE were computed over (money rounded). */
  basis: RatioBasis;
  /** Spend over budget, 0..; null without a budget. */
  budgetUsed: number | null;
  otherCurrencySpend: Record<string, number>;
  evidence: {
    level: EvidenceLevel;
    activitiesTotal: number;
    activitiesWithMetrics: number;
    deliveryCoverage: number | null;
  };
  missing: string[];
  ready: boolean;
}

export function campaignFacts(campaign: StoredCampaign, ctx: ReportContext): CampaignFacts {
  const activitiesTotal = Number(campaign.activitiesCount ?? 0);
  const figures = metricFigures(campaign, ctx.currency, activitiesTotal);
  const withMetrics = Math.min(activitiesTotal, Number(campaign.activitiesWithMetrics ?? 0));
  const freshness = typeof campaign.newestSnapshotAt === 'string' ? campaign.newestSnapshotAt : null;
  const budget = campaign.budget === null ? null : roundMoney(campaign.budget, ctx.currency);
  const { ready, missing } = readiness(campaign);
  return {
    campaignId: campaign.id,
    name: campaign.name,
    status: campaignStatus({ startAt: campaign.startAt, endAt: campaign.endAt }, ctx.timeZone, ctx.now),
    budget,
    figures,
    basis: ratioBasis(campaign, ctx.currency),
    budgetUsed: budget ? figures.totalCosts / budget : null,
    otherCurrencySpend: Object.fromEntries(Object.entries(spendOf(campaign)).filter(([c]) => c !== ctx.currency)),
    evidence: {
      level: evidenceLevel(activitiesTotal, withMetrics, freshness, ctx.now),
      activitiesTotal,
      activitiesWithMetrics: withMetrics,
      deliveryCoverage: figures.deliveryCoverage,
    },
    missing,
    ready,
  };
}

export type AttentionKind = 'over_budget' | 'no_activities' | 'low_coverage' | 'brief_incomplete';
export interface Attention {
  kind: AttentionKind;
  text: string;
}

/** Why a campaign needs attention (empty: it does not), each an observation with its figures. */
export function attentionReasons(facts: CampaignFacts, currency: string): Attention[] {
  const reasons: Attention[] = [];
  const live = facts.status === 'active' || facts.status === 'scheduled';
  if (facts.budget !== null && facts.figures.totalCosts > facts.budget) {
    const text = `Recorded spend ${formatMoney(facts.figures.totalCosts, currency)} is above its budget of ${formatMoney(facts.budget, currency)} (${percent(facts.budgetUsed!)}).`;
    reasons.push({ kind: 'over_budget', text });
  }
  if (facts.status === 'active' && facts.evidence.activitiesTotal === 0)
    reasons.push({ kind: 'no_activities', text: 'It is active with no linked activity.' });
  if (facts.status === 'active' && facts.evidence.activitiesTotal > 0 && facts.evidence.level === 'low') {
    reasons.push({
      kind: 'low_coverage',
      text: `Only ${formatCount(facts.evidence.activitiesWithMetrics)} of ${formatCount(facts.evidence.activitiesTotal)} activities have metrics.`,
    });
  }
  if (live && !facts.ready)
    reasons.push({ kind: 'brief_incomplete', text: `Its brief is missing ${facts.missing.join(', ')}.` });
  return reasons;
}

/** The next step a reason asks for, as a template filled with the campaign's name and figures. */
export function actionFor(reason: AttentionKind, facts: CampaignFacts): string {
  switch (reason) {
    case 'over_budget':
      return `Review the budget of ${facts.name}: recorded spend is ${percent(facts.budgetUsed ?? 0)} of it.`;
    case 'no_activities':
      return `Link the activities of ${facts.name}, which is active with none.`;
    case 'low_coverage':
      return `Add metrics for the activities of ${facts.name} (connect content links or enter manual counts): ${formatCount(facts.evidence.activitiesWithMetrics)} of ${formatCount(facts.evidence.activitiesTotal)} have some.`;
    case 'brief_incomplete':
      return `Complete the brief of ${facts.name}: ${facts.missing.join(', ')}.`;
  }
}

const STATUS_ORDER: Record<CampaignStatus, number> = { active: 0, scheduled: 1, draft: 2, completed: 3 };

/** Campaigns in a stable order: active first, then scheduled, draft, completed; by name, then id. */
export function byStatusThenName(a: CampaignFacts, b: CampaignFacts): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    a.name.localeCompare(b.name) ||
    a.campaignId.localeCompare(b.campaignId)
  );
}
