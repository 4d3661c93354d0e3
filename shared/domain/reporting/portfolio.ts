/**
 * The portfolio of a tenant's campaigns (docs/decisions.md "Report shapes"): counts by derived status
 * and attention, budget and spend totals in the tenant currency, brief completeness, evidence
 * quality, the window's trend, priorities and next actions. Pure.
 */
import { statusCounts } from '../campaign-status.ts';
import { roundMoney, roundSpend } from '../currencies.ts';
import {
  actionFor,
  attentionReasons,
  byStatusThenName,
  campaignFacts,
  evidenceLevel,
  type ReportContext,
  type StoredCampaign,
} from './campaigns.ts';
import { briefShare } from './readiness.ts';
import type { Aggregate } from './figures.ts';
import type { DayFigures } from './days.ts';

/** At most this many priorities and next actions. */
export const MAX_PRIORITIES = 10;

export function portfolio(
  campaigns: readonly StoredCampaign[],
  tenant: Aggregate,
  window: readonly DayFigures[],
  daysBack: number,
  ctx: ReportContext,
) {
  const facts = campaigns.map((c) => campaignFacts(c, ctx)).sort(byStatusThenName);
  const starts = new Map(campaigns.map((c) => [c.id, c.startAt]));
  const horizon = ctx.now.getTime() + daysBack * 86_400_000;
  // Within the window: what is live now, or starts before the window's length has passed again.
  const inWindow = (f: (typeof facts)[number]) =>
    f.status !== 'scheduled' || Date.parse(starts.get(f.campaignId)!) <= horizon;
  const attention = facts
    .map((f) => ({ facts: f, reasons: attentionReasons(f, ctx.currency) }))
    .filter((a) => a.reasons.length > 0);
  const priorities = attention
    .filter((a) => inWindow(a.facts))
    .sort((a, b) => b.reasons.length - a.reasons.length || byStatusThenName(a.facts, b.facts))
    .slice(0, MAX_PRIORITIES);
  const spend: Record<string, number> = {};
  for (const c of campaigns)
    for (const [currency, amount] of Object.entries((c.spend as Record<string, number> | undefined) ?? {}))
      spend[currency] = (spend[currency] ?? 0) + amount;
  const totals = roundSpend(spend);
  const activitiesTotal = Number(tenant.activitiesCount ?? 0);
  const withMetrics = Math.min(activitiesTotal, Number(tenant.activitiesWithMetrics ?? 0));
  const complete = facts.filter((f) => f.ready).length;
  return {
    currency: ctx.currency,
    daysBack,
    counts: { ...statusCounts(facts.map((f) => f.status)), attention: attention.length },
    budgetTotal: roundMoney(
      campaigns.reduce((sum, c) => sum + (c.budget ?? 0), 0),
      ctx.currency,
    ),
    spendTotal: totals[ctx.currency] ?? 0,
    otherCurrencySpend: Object.fromEntries(Object.entries(totals).filter(([c]) => c !== ctx.currency)),
    briefCompleteness: {
      complete,
      incomplete: facts.length - complete,
      share: campaigns.length
        ? Math.round((campaigns.reduce((sum, c) => sum + briefShare(c), 0) / campaigns.length) * 100) / 100
        : null,
    },
    evidenceQuality: {
      level: evidenceLevel(
        activitiesTotal,
        withMetrics,
        typeof tenant.newestSnapshotAt === 'string' ? tenant.newestSnapshotAt : null,
        ctx.now,
      ),
      activitiesTotal,
      activitiesWithMetrics: withMetrics,
      deliveryCoverage: activitiesTotal > 0 ? withMetrics / activitiesTotal : null,
    },
    trend: {
      spend: roundMoney(
        window.reduce((sum, d) => sum + (d.spend[ctx.currency] ?? 0), 0),
        ctx.currency,
      ),
      impressions: window.reduce((sum, d) => sum + d.impressions, 0),
      engagement: window.reduce((sum, d) => sum + d.engagement, 0),
    },
    priorities: priorities.map((p) => ({
      campaignId: p.facts.campaignId,
      name: p.facts.name,
      status: p.facts.status,
      reasons: p.reasons.map((r) => r.text),
    })),
    nextActions: priorities.map((p) => actionFor(p.reasons[0]!.kind, p.facts)),
  };
}
