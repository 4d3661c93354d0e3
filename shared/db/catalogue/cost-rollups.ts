/**
 * What spend adds besides a cost's own aggregates (docs/decisions.md "Money and metrics"):
 * - the day rollups (day-rollups.ts) of the tenant, the activity, its campaign and the attributed
 *   creator, on the day the cost counts on (its activity's `startAt` in the tenant's timezone, else
 *   the day the cost was created; kept on the cost as `spendDay`, so a delete needs no timezone);
 * - the change the activity's spend makes to the denominator-aware CPM/CPE counters
 *   (`contribution`) of every record that counts the activity: its campaign and tenant, and the
 *   linked creator the cost is attributed to, which counts only the spend attributed to it
 *   (`creatorStandingOf`).
 * Pure builders: costs.ts and activities.ts put them in the transaction of their write.
 */
import {
  contributionDelta,
  hasMetrics,
  MANUAL_COUNT_FIELDS,
  type ActivityStanding,
} from '../../domain/activity-metrics.ts';
import { roundMoney, roundSpend } from '../../domain/currencies.ts';
import { dayRollupUpdate, mergeDayDeltas, type DayDelta, type RollupScope } from '../metrics/day-rollups.ts';

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

/** What a cost's conversion fixes of its contribution (shared/domain/conversion.ts `StoredConversion`). */
interface ConvertedTo {
  conversion?: { currency: string; amount: number } | null;
}

/**
 * What a cost adds to every aggregate counting it (docs/decisions.md "Money and metrics"): its
 * amount converted into the tenant's currency when it has a conversion, else its own amount in its
 * own currency (the tenant's, or one without a rate, which reports leave out and name). The one
 * place the aggregates are fed from: cost writes (costs.ts) and day placements alike.
 */
export function contributionOf(cost: { currency: string; amount: number } & ConvertedTo): {
  currency: string;
  amount: number;
} {
  return cost.conversion
    ? { currency: cost.conversion.currency, amount: Number(cost.conversion.amount) }
    : { currency: cost.currency, amount: Number(cost.amount) };
}

/** A stored cost's placement: where it is counted now (activity-spend-days.ts moves it to where its activity implies). */
export function placementOf(cost: SpendPlacement & { spendCampaignId?: string | null } & ConvertedTo): SpendPlacement {
  const { activityId, creatorId, spendDay } = cost;
  const { currency, amount } = contributionOf(cost);
  // Costs written before spendCampaignId existed were counted in the campaign they name (their last write's).
  const campaignId = cost.spendCampaignId !== undefined ? cost.spendCampaignId : cost.campaignId;
  return { activityId, creatorId: creatorId ?? null, campaignId: campaignId ?? null, currency, amount, spendDay };
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
  before.forEach((cost) => {
    add(cost, -1);
  });
  after.forEach((cost) => {
    add(cost, 1);
  });
  return [...days.values()].flatMap(({ scope, date, delta }) => {
    // Sums of decimals in binary floating point: back to the currency's minor unit (0 when they cancel).
    const spend = Object.fromEntries(
      Object.entries(delta.spend ?? {}).map(([currency, amount]) => [currency, roundMoney(amount, currency)]),
    );
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
    withMetrics: hasMetrics({
      impressions,
      engagement,
      viewsCount: manual('viewsCount'),
      likeCount: manual('likeCount'),
      replyCount: manual('replyCount'),
    }),
    // A stored reading (the snapshot writer sets lastFetchedAt) and any manual count, for provenance.
    apiMetrics: typeof item.lastFetchedAt === 'string',
    manualMetrics: MANUAL_COUNT_FIELDS.some((field) => manual(field) !== null),
    ...(typeof item.metricsUnavailableReason === 'string' ? { unavailableReason: item.metricsUnavailableReason } : {}),
    // The snapshot writer's mark (first-reading.ts): its first reading counts on its publish date.
    backdated: item.firstReadingBackdated === true,
  };
}

/**
 * The activity item's attributes keeping the spend of the costs attributed to each creator, per
 * currency (`creatorSpend_<creatorId>_<CUR>`, ADDed by the cost writes): top-level counters like
 * the contribution's, so a first cost needs no map to exist. `shown` leaves them out of the record.
 */
export const CREATOR_SPEND_PREFIX = 'creatorSpend_';

export const creatorSpendAttribute = (creatorId: string, currency: string) =>
  `${CREATOR_SPEND_PREFIX}${creatorId}_${currency}`;

/** The spend of the costs attributed to the creator on the activity item, per currency (rounded). */
export function creatorSpendOf(item: Readonly<Record<string, unknown>>, creatorId: string): Record<string, number> {
  const prefix = `${CREATOR_SPEND_PREFIX}${creatorId}_`;
  const spend: Record<string, number> = {};
  for (const [name, amount] of Object.entries(item))
    if (name.startsWith(prefix)) spend[name.slice(prefix.length)] = Number(amount);
  return roundSpend(spend);
}

/**
 * The activity's standing as a linked creator counts it (docs/decisions.md "Report shapes": creator
 * metrics cover the activities linked to it and the costs attributed to it): its metrics, with the
 * spend of the costs attributed to that creator only, so the creator's CPM and CPE pair its own
 * costs with the metrics of the activities they were spent on.
 */
export const creatorStandingOf = (item: Readonly<Record<string, unknown>>, creatorId: string): ActivityStanding => ({
  ...standingOf(item),
  spend: creatorSpendOf(item, creatorId),
});

/**
 * The counters to add to every record counting the activity when `amount` (major units, negative
 * to remove) of `currency` is added to its spend; the spend counters rounded to the minor unit.
 */
export function spendContributionDelta(
  standing: ActivityStanding,
  currency: string,
  amount: number,
): Record<string, number> {
  const after = {
    ...standing,
    spend: { ...standing.spend, [currency]: roundMoney((standing.spend[currency] ?? 0) + amount, currency) },
  };
  const delta = contributionDelta(standing, after);
  for (const name of Object.keys(delta)) {
    if (/^(cpm|cpe)Spend_/.test(name)) delta[name] = roundMoney(delta[name]!, currency);
    if (delta[name] === 0) delete delta[name];
  }
  return delta;
}

/** What an activity's standing (`standingOf`) is computed from: a write that moves it is conditioned on these as read. */
export const STANDING_FIELDS = [
  'impressions',
  'engagement',
  ...MANUAL_COUNT_FIELDS,
  'lastFetchedAt',
  'metricsUnavailableReason',
  'costsRevision',
  'firstReadingBackdated',
] as const;
