/**
 * What spend adds besides a cost's own aggregates (DECISIONS.md "Money and metrics"):
 * - the day rollups (day-rollups.ts) of the tenant, the activity, its campaign and the attributed
 *   creator, on the day the cost counts on (its activity's `startAt` in the tenant's timezone, else
 *   the day the cost was created; kept on the cost as `spendDay`, so a delete needs no timezone);
 * - the change the activity's spend makes to the denominator-aware CPM/CPE counters
 *   (`contribution`) of every record that counts the activity: its linked creators, campaign, tenant.
 * Pure builders: costs.ts and activities.ts put them in the transaction of their write.
 */
import { contributionDelta, hasMetrics, MANUAL_COUNT_FIELDS, type ActivityStanding } from '../domain/activity-metrics.ts';
import { roundMoney, roundSpend } from '../domain/currencies.ts';
import { dayRollupUpdate, mergeDayDeltas, type DayDelta, type RollupScope } from './day-rollups.ts';

/** The part of a cost that decides where its spend lands in the day rollups. */
export interface SpendPlacement {
  activityId: string;
  creatorId: string | null;
  /** The campaign whose day rollup counts it (the cost's `spendCampaignId`), null outside campaigns. */
  campaignId: string | null;
  currency: string;
  amount: number;
  /** Absent on costs written before day rollups existed: they were never counted in a day. */
  spendDay?: string;
}

/** A stored cost's placement: where it is counted now (activity-spend-days.ts moves it to where its activity implies). */
export function placementOf(cost: SpendPlacement & { spendCampaignId?: string | null }): SpendPlacement {
  const { activityId, creatorId, currency, amount, spendDay } = cost;
  // Costs written before spendCampaignId existed were counted in the campaign they name (their last write's).
  const campaignId = cost.spendCampaignId !== undefined ? cost.spendCampaignId : cost.campaignId;
  return { activityId, creatorId: creatorId ?? null, campaignId: campaignId ?? null, currency, amount: Number(amount), spendDay };
}

/** The day rollup writes of removing the `before` placements and adding the `after` ones, one per scope and day. */
export function spendDayUpdates(tenantId: string, before: readonly SpendPlacement[], after: readonly SpendPlacement[]) {
  const days = new Map<string, { scope: RollupScope; date: string; delta: DayDelta }>();
  const add = (cost: SpendPlacement, sign: 1 | -1) => {
    if (!cost.spendDay) return;
    const scopes: RollupScope[] = [
      { kind: 'tenant' },
      { kind: 'activity', id: cost.activityId },
      ...(cost.campaignId ? [{ kind: 'campaign' as const, id: cost.campaignId }] : []),
      ...(cost.creatorId ? [{ kind: 'creator' as const, id: cost.creatorId }] : []),
    ];
    for (const scope of scopes) {
      const id = `${scope.kind}#${'id' in scope ? scope.id : ''}#${cost.spendDay}`;
      const day = days.get(id) ?? { scope, date: cost.spendDay, delta: {} };
      day.delta = mergeDayDeltas(day.delta, { spend: { [cost.currency]: sign * cost.amount } });
      days.set(id, day);
    }
  };
  before.forEach((cost) => add(cost, -1));
  after.forEach((cost) => add(cost, 1));
  return [...days.values()].flatMap(({ scope, date, delta }) => {
    // Sums of decimals in binary floating point: back to the currency's minor unit (0 when they cancel).
    const spend = Object.fromEntries(Object.entries(delta.spend ?? {}).map(([currency, amount]) => [currency, roundMoney(amount, currency)]));
    const update = dayRollupUpdate(tenantId, scope, date, { spend });
    return update ? [update] : [];
  });
}

/** What a cost write reads of its activity's item to know its contribution before and after. */
export function standingOf(item: Record<string, unknown>): ActivityStanding {
  const impressions = Number(item.impressions ?? 0);
  const engagement = Number(item.engagement ?? 0);
  const manual = (field: string) => (item[field] === undefined || item[field] === null ? null : Number(item[field]));
  return {
    impressions,
    engagement,
    spend: roundSpend(item.spend as Record<string, number> | undefined),
    withMetrics: hasMetrics({ impressions, engagement, viewsCount: manual('viewsCount'), likeCount: manual('likeCount'), replyCount: manual('replyCount') }),
    // A stored reading (the snapshot writer sets lastFetchedAt) and any manual count, for provenance.
    apiMetrics: typeof item.lastFetchedAt === 'string',
    manualMetrics: MANUAL_COUNT_FIELDS.some((field) => manual(field) !== null),
    ...(typeof item.metricsUnavailableReason === 'string' ? { unavailableReason: item.metricsUnavailableReason } : {}),
  };
}

/**
 * The counters to add to every record counting the activity when `amount` (major units, negative
 * to remove) of `currency` is added to its spend; the spend counters rounded to the minor unit.
 */
export function spendContributionDelta(standing: ActivityStanding, currency: string, amount: number): Record<string, number> {
  const after = { ...standing, spend: { ...standing.spend, [currency]: roundMoney((standing.spend[currency] ?? 0) + amount, currency) } };
  const delta = contributionDelta(standing, after);
  for (const name of Object.keys(delta)) {
    if (/^(cpm|cpe)Spend_/.test(name)) delta[name] = roundMoney(delta[name]!, currency);
    if (delta[name] === 0) delete delta[name];
  }
  return delta;
}

/** What an activity's standing (`standingOf`) is computed from: a write that moves it is conditioned on these as read. */
export const STANDING_FIELDS = ['impressions', 'engagement', ...MANUAL_COUNT_FIELDS, 'lastFetchedAt', 'metricsUnavailableReason', 'costsRevision'] as const;
