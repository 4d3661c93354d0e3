/**
 * Costs: money spent on an activity, each in its own currency. A cost item names its activity,
 * optional creator (attribution) and optional category by id; names are joined at read time.
 *
 * Every write moves the stored aggregates in the same TransactWriteItems: the activity and the
 * tenant (costsCount, spend), the attributed creator (costsCount, spend, and its spend in the
 * tenant's currency that orders it by spend: spend-order.ts), the category
 * (usageCount, spend), and the campaign its activity is in (costsCount, spend). Each cost item
 * carries a `revision`; updates and deletes are conditional on the revision they read, so a
 * concurrent change can never be subtracted twice or missed.
 *
 * A cost counts in the campaign its activity is in at the time of the write: every write reads the
 * activity's campaign and is conditioned on it, and linking an activity elsewhere moves the
 * activity's whole spend (campaign-links.ts) — so a cost and a move can never both miss the campaign.
 *
 * Every write also moves the day rollups where the cost is counted (its recorded placement,
 * `spendDay` and `spendCampaignId`: a new cost on its activity's day and campaign as read, an update
 * or delete where it is recorded; activity-spend-days.ts moves it when the activity moves) and the activity's
 * denominator-aware CPM/CPE counters on the records counting it (cost-rollups.ts). It is
 * conditioned on the activity's metrics, links and `costsRevision` (bumped by every cost write and
 * by a change of its startAt) as read, so those counters are computed from what is really there.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { ActivityStanding } from '../../domain/activity-metrics.ts';
import { roundMoney } from '../../domain/currencies.ts';
import { costDay } from '../../domain/dates.ts';
import { conflict, ConflictError, notFound } from '../../domain/errors.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import { Activities } from './activity-entity.ts';
import { defineEntity, getRecord } from '../table/entity.ts';
import { absent, all, asRead, equals, exists, type Condition } from '../table/expressions.ts';
import type { Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchGet } from '../table/operations.ts';
import { queryItems, queryRecords, type Query } from '../table/query.ts';
import { CreatorLinks } from './creator-links.ts';
import type { Activity } from './activity-entity.ts';
import { costStatsDelta } from './cost-stats.ts';
import {
  contributionOf,
  creatorSpendAttribute,
  creatorStandingOf,
  placementOf,
  spendContributionDelta,
  spendDayUpdates,
  standingOf,
} from './cost-rollups.ts';
import { conversionCounters, shownConversion, type StoredConversion } from '../../domain/conversion.ts';
import { convertOn } from '../rates/conversion.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { indexPage, type PageRequest } from '../table/paging.ts';
import { backoff, retryAgain, sleep } from '../table/retry.ts';
import {
  readSpendCurrency,
  spendCurrencyCheck,
  SpendCurrencyChanged,
  spendOrderDelta,
  type SpendCurrency,
} from './spend-order.ts';
import { transact, type TransactItem } from '../table/transact.ts';
import { valueCounts, valueMove } from '../table/value-counters.ts';
import { CostSchema, type Cost } from '../../records/cost.ts';
export type { Cost } from '../../records/cost.ts';

/**
 * The cost item: the record, its `revision` and where its spend is counted in the day rollups. Its
 * index entries, written with every put of it: gsi1 lists it in the tenant's costs by creation (the
 * list's default order), gsi2 under its attributed creator (none when it has none), gsi3 under its
 * activity, gsi5 its compact entry (`COMPACT_ATTRIBUTES`).
 */
export const Costs = defineEntity({
  name: 'The cost',
  schema: () =>
    z.object({
      ...CostSchema.shape,
      /** Bumped by every write of it (and every move of its spend): writes are conditioned on the revision they read. */
      revision: z.number(),
      /** The day (tenant timezone) its spend is counted on in the day rollups; absent on costs older than them. */
      spendDay: z.optional(z.string()),
      /** The campaign whose day rollups count its spend (activity-spend-days.ts); absent on costs older than it. */
      spendCampaignId: z.optional(z.nullable(z.string())),
      exchangeRate: z.optional(z.nullable(z.number())),
      /** The tenant currency its `exchangeRate` was booked in (a booked rate applies while the tenant keeps it). */
      exchangeRateCurrency: z.optional(z.nullable(z.string())),
      /** Its conversion into the tenant's currency, fixed when written (docs/decisions.md "Money and metrics"); absent on costs stored before conversions. */
      conversion: z.optional(
        z.nullable(
          z.object({
            rate: z.number(),
            rateDate: z.string(),
            source: z.enum(['booked', 'ecb']),
            currency: z.string(),
            amount: z.number(),
          }),
        ),
      ),
    }),
  key: keys.cost,
  indexes: (cost) => ({
    ...keys.costByCreation(cost.organizationId, cost.createdAt, cost.id),
    ...keys.costOfActivity(cost.organizationId, cost.activityId, cost.id),
    ...(cost.creatorId ? keys.costOfCreator(cost.organizationId, cost.creatorId, cost.id) : {}),
    ...keys.costCompact(cost.organizationId, cost.id),
  }),
  queries: {
    /** Every cost of the tenant, in id order. */
    ofTenant: collections.costsOfTenant,
    /** By creation (gsi1), newest first as the list pages it. */
    byCreation: collections.costsByCreation,
    /** Those attributed to a creator (gsi2). */
    ofCreator: collections.costsOfCreator,
    /** Those of an activity (gsi3). */
    ofActivity: collections.costsOfActivity,
    /** Every cost's compact entry (gsi5: `COMPACT_ATTRIBUTES` only). */
    compact: collections.costsCompact,
  },
});

/** A cost as stored (every attribute but the keys): what updates and deletes start from. */
export type StoredCost = z.infer<typeof Costs.schema>;

/** The records that count their costs (an activity, a creator), as far as their `costsCount`. */
const CostCounts = defineEntity({
  name: 'The record',
  schema: () => z.object({ costsCount: z.optional(z.number()) }),
  key: (key: Key) => key,
});

export interface NewCost {
  amount: number;
  currency: string;
  type: string;
  description?: string | null;
  /** undefined: attribute to the activity's single linked creator, if it has exactly one; null: nobody. */
  creatorId?: string | null;
  categoryId?: string | null;
  /** Units of the tenant's currency for one of the cost's (booked from the invoice); absent or null: the ECB's. */
  exchangeRate?: number | null;
}

export type CostChanges = Partial<
  Pick<Cost, 'amount' | 'type' | 'description' | 'creatorId' | 'categoryId' | 'exchangeRate'>
>;

export const storedCostFromItem = (item: Record<string, unknown>): StoredCost => Costs.fromItem(item);

/** The record of a stored cost: its amount back at the currency's minor unit, absent fields null. */
function costOf(c: StoredCost): Cost {
  return {
    id: c.id,
    organizationId: c.organizationId,
    workspaceId: c.workspaceId,
    activityId: c.activityId,
    creatorId: c.creatorId ?? null,
    categoryId: c.categoryId ?? null,
    amount: roundMoney(Number(c.amount), c.currency),
    currency: c.currency,
    type: c.type,
    description: c.description ?? null,
    campaignId: c.campaignId ?? null,
    exchangeRate: c.exchangeRate ?? null,
    conversion: shownConversion(c.conversion),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export const costFromItem = (item: Record<string, unknown>): Cost => costOf(Costs.fromItem(item));

/** The cost as stored now (consistent read), or undefined once deleted. */
export function readStoredCost(tenantId: string, costId: string): Promise<StoredCost | undefined> {
  return getRecord(Costs, Costs.key(tenantId, costId), { consistent: true });
}

/** One aggregate an amount contributes to: its key, counter name, and whether it may be gone. */
interface Target {
  key: Key;
  counter: string;
  role: 'activity' | 'tenant' | 'creator' | 'category' | 'campaign';
  /** On the activity: the condition that it is still as read (campaign, metrics, links, costs). */
  condition?: Condition;
}

/**
 * The aggregates a cost counts in. `campaignId` is the campaign its spend is counted in (its
 * activity's campaign when written); whoever moves an activity between campaigns moves its costs'
 * `campaignId` and the campaign aggregates with it.
 */
function targetsOf(
  tenantId: string,
  cost: Pick<Cost, 'activityId' | 'creatorId' | 'categoryId' | 'campaignId'>,
): Target[] {
  return [
    ...(cost.campaignId
      ? [{ key: keys.campaign(tenantId, cost.campaignId), counter: 'costsCount', role: 'campaign' as const }]
      : []),
    { key: keys.activity(tenantId, cost.activityId), counter: 'costsCount', role: 'activity' as const },
    { key: keys.tenantAggregate(tenantId), counter: 'costsCount', role: 'tenant' as const },
    ...(cost.creatorId
      ? [{ key: keys.creator(tenantId, cost.creatorId), counter: 'costsCount', role: 'creator' as const }]
      : []),
    ...(cost.categoryId
      ? [{ key: keys.expenseCategory(tenantId, cost.categoryId), counter: 'usageCount', role: 'category' as const }]
      : []),
  ];
}

interface Move {
  target: Target;
  count: number;
  /** Spend to add per currency (one, save when a write changes the currency a cost counts in). */
  spends: Record<string, number>;
  /** Other counters to add (the CPM/CPE contribution, the activity's costsRevision). */
  extra?: Record<string, number>;
  /** The conversion counters (conversionCounters) the costs add and remove. */
  basis: Record<string, number>;
  /** Subtractions from a record that may have been deleted meanwhile are dropped, not fatal. */
  optional: boolean;
}

/**
 * A cost as the aggregates count it (its contribution, cost-rollups.ts `contributionOf`): its own
 * amount in its own currency, or its amount converted into the tenant's; `basis`, the conversion
 * counters it adds.
 */
interface Counted extends Pick<Cost, 'activityId' | 'creatorId' | 'categoryId' | 'campaignId'> {
  currency: string;
  amount: number;
  basis: Record<string, number>;
}

function countedOf(c: StoredCost): Counted {
  const { currency, amount } = contributionOf(c);
  const basis = c.conversion
    ? conversionCounters(c.currency, roundMoney(Number(c.amount), c.currency), c.conversion, 1)
    : {};
  return {
    activityId: c.activityId,
    creatorId: c.creatorId ?? null,
    categoryId: c.categoryId ?? null,
    campaignId: c.campaignId ?? null,
    currency,
    amount,
    basis,
  };
}

const keyId = (key: Key) => `${key.pk}|${key.sk}`;
const scaled = (counters: Record<string, number>, sign: 1 | -1) =>
  Object.fromEntries(Object.entries(counters).map(([name, n]) => [name, sign * n]));

/** Sums of counters, back at 8 decimals (binary artefacts of adding decimals), zeros left out. */
function addCounters(a: Record<string, number> = {}, b: Record<string, number> = {}): Record<string, number> {
  const sum: Record<string, number> = { ...a };
  for (const [name, n] of Object.entries(b)) sum[name] = Number(((sum[name] ?? 0) + n).toFixed(8));
  for (const name of Object.keys(sum)) if (sum[name] === 0) delete sum[name];
  return sum;
}

/**
 * The net aggregate changes of removing `before` and adding `after` (either may be absent), one
 * entry per item (a transaction may touch an item once). When the two count in different
 * currencies (a conversion gained, lost, or into another tenant currency), the removal and the
 * addition are computed one after the other over the standing each leaves, and merged.
 */
function moves(tenantId: string, before: Counted | undefined, after: Counted | undefined, read: ActivityRead): Move[] {
  if (!before || !after || before.currency === after.currency) return movesInOneCurrency(tenantId, before, after, read);
  const removed = movesInOneCurrency(tenantId, before, undefined, read);
  const added = movesInOneCurrency(tenantId, undefined, after, withoutCost(read, before));
  const merged = new Map(removed.map((m) => [keyId(m.target.key), m]));
  for (const m of added) {
    const other = merged.get(keyId(m.target.key));
    if (!other) merged.set(keyId(m.target.key), m);
    else {
      merged.set(keyId(m.target.key), {
        target: other.target.condition ? other.target : m.target,
        count: other.count + m.count,
        spends: addCounters(other.spends, m.spends),
        extra:
          other.target.role === 'activity'
            ? { ...addCounters(other.extra, m.extra), costsRevision: 1 }
            : addCounters(other.extra, m.extra),
        basis: addCounters(other.basis, m.basis),
        optional: other.optional && m.optional,
      });
    }
  }
  return [...merged.values()];
}

/** The activity as read, less one of its costs (what the second half of a change of currency starts from). */
function withoutCost(read: ActivityRead, cost: Counted): ActivityRead {
  const less = (standing: ActivityStanding): ActivityStanding => ({
    ...standing,
    spend: {
      ...standing.spend,
      [cost.currency]: roundMoney((standing.spend[cost.currency] ?? 0) - cost.amount, cost.currency),
    },
  });
  return {
    ...read,
    costsCount: read.costsCount - 1,
    standing: less(read.standing),
    standingFor: (creatorId) =>
      creatorId === cost.creatorId ? less(read.standingFor(creatorId)) : read.standingFor(creatorId),
  };
}

/** `moves` of a write whose before and after count in one currency. */
function movesInOneCurrency(
  tenantId: string,
  before: Counted | undefined,
  after: Counted | undefined,
  read: ActivityRead,
): Move[] {
  const byKey = new Map<string, Move & { amount: number }>();
  const apply = (cost: Counted, sign: 1 | -1) => {
    for (const target of targetsOf(tenantId, cost)) {
      const id = keyId(target.key);
      const move = byKey.get(id) ?? { target, count: 0, amount: 0, spends: {}, basis: {}, optional: true };
      move.count += sign;
      move.amount += sign * cost.amount;
      move.basis = addCounters(move.basis, scaled(cost.basis, sign));
      // A campaign's aggregate is derived: a campaign deleted meanwhile has nothing left to keep.
      if (sign === 1 && target.role !== 'campaign') move.optional = false;
      byKey.set(id, move);
    }
  };
  if (before) apply(before, -1);
  if (after) apply(after, 1);
  const currency = (after ?? before)!.currency;
  const entries: Move[] = [...byKey.values()].map(({ amount, ...m }) => ({
    ...m,
    spends: { [currency]: roundMoney(amount, currency) },
  }));
  const amountOf = (m: Move) => m.spends[currency] ?? 0;
  // The spend's part of the activity's CPM/CPE contribution: the whole change on its campaign and
  // the tenant; on a linked creator, the change of the spend attributed to it (creatorStandingOf).
  const contribution = spendContributionDelta(
    read.standing,
    currency,
    roundMoney((after?.amount ?? 0) - (before?.amount ?? 0), currency),
  );
  const attributed = attributedChanges(before, after);
  const counting: { target: Target; extra: Record<string, number> }[] = [
    { target: { key: keys.tenantAggregate(tenantId), counter: 'costsCount', role: 'tenant' }, extra: contribution },
    ...(read.campaignId
      ? [
          {
            target: { key: keys.campaign(tenantId, read.campaignId), counter: 'costsCount', role: 'campaign' as const },
            extra: contribution,
          },
        ]
      : []),
    ...[...attributed]
      .filter(([creatorId]) => read.creatorIds.includes(creatorId))
      .map(([creatorId, amount]) => ({
        target: { key: keys.creator(tenantId, creatorId), counter: 'costsCount', role: 'creator' as const },
        extra: spendContributionDelta(read.standingFor(creatorId), currency, amount),
      })),
  ];
  for (const { target, extra } of counting) {
    const move = entries.find((m) => keyId(m.target.key) === keyId(target.key));
    if (move) move.extra = extra;
    else entries.push({ target, count: 0, spends: {}, basis: {}, extra, optional: true });
  }
  // The tenant's cost stats counters (cost-stats.ts), from the activity's campaign and cost count as read.
  const tenant = entries.find((m) => m.target.role === 'tenant')!;
  const added = (after ? 1 : 0) - (before ? 1 : 0);
  tenant.extra = {
    ...tenant.extra,
    ...costStatsDelta(read, added, currency, roundMoney((after?.amount ?? 0) - (before?.amount ?? 0), currency)),
  };
  // A creator's spend in the tenant's currency is also the sort key of its order by spend (spend-order.ts).
  for (const move of entries) {
    if (move.target.role === 'creator')
      move.extra = { ...move.extra, ...spendOrderDelta(read.spendCurrency, currency, amountOf(move)) };
  }
  const activity = entries.find((m) => m.target.role === 'activity');
  if (activity) {
    // The spend attributed to each creator on it, whether linked or not (a later link counts it).
    const creatorSpend = Object.fromEntries(
      [...attributed].map(([creatorId, amount]) => [creatorSpendAttribute(creatorId, currency), amount]),
    );
    activity.extra = { costsRevision: 1, ...creatorSpend };
    activity.target = { ...activity.target, condition: activityAsRead(read) };
  }
  return entries;
}

/** How the write changes the spend attributed to each creator (before's and after's; one currency), without the zeros. */
function attributedChanges(before: Counted | undefined, after: Counted | undefined): Map<string, number> {
  const changes = new Map<string, number>();
  if (before?.creatorId) changes.set(before.creatorId, -before.amount);
  if (after?.creatorId) changes.set(after.creatorId, (changes.get(after.creatorId) ?? 0) + after.amount);
  const currency = (after ?? before)!.currency;
  for (const [creatorId, amount] of changes) {
    const rounded = roundMoney(amount, currency);
    if (rounded === 0) changes.delete(creatorId);
    else changes.set(creatorId, rounded);
  }
  return changes;
}

function moveUpdate(move: Move) {
  return aggregateUpdate(
    move.target.key,
    { counts: { ...move.extra, ...move.basis, [move.target.counter]: move.count }, spends: move.spends },
    { condition: move.target.condition },
  );
}

/** The activity changed between the read and the write (campaign, metrics, links, another cost): compute again. */
class ActivityChanged extends Error {}

/** What a cost write reads of its activity (consistently): everything its effects on other records depend on. */
interface ActivityRead {
  exists: boolean;
  campaignId: string | null;
  startAt: string | null;
  /** Its costs before the write (exact: the write is conditioned on `costsRevision` as read). */
  costsCount: number;
  standing: ActivityStanding;
  /** Its standing as a linked creator counts it: with the spend attributed to that creator only. */
  standingFor: (creatorId: string) => ActivityStanding;
  costsRevision?: number;
  linksRevision?: number;
  /** Its linked creators, read after the item (so a link made in between changes `linksRevision`). */
  creatorIds: string[];
  /** The tenant's currency and its revision: a creator's spend in it is gsi9's sort key (spend-order.ts). */
  spendCurrency: SpendCurrency;
}

async function readActivity(tenantId: string, activityId: string): Promise<ActivityRead> {
  // The whole item: the spend attributed to each creator is kept in attributes named by creator
  // (a projection would save nothing: a read costs the whole item's size).
  const [item, spendCurrency] = await Promise.all([
    getRecord(Activities, Activities.key(tenantId, activityId), { consistent: true }),
    readSpendCurrency(tenantId),
  ]);
  return {
    exists: Boolean(item),
    campaignId: item?.campaignId ?? null,
    startAt: item?.startAt ?? null,
    costsCount: Number(item?.costsCount ?? 0),
    standing: standingOf(item ?? {}),
    standingFor: (creatorId) => creatorStandingOf(item ?? {}, creatorId),
    costsRevision: item?.costsRevision,
    linksRevision: item?.linksRevision,
    creatorIds: item ? await linkedCreators(tenantId, activityId) : [],
    spendCurrency,
  };
}

/** The condition that the activity is still as read: campaign, metrics, links and costs (joined to its aggregate update). */
function activityAsRead(read: ActivityRead): Condition {
  return all(
    exists,
    asRead('campaignId', read.campaignId),
    equals('impressions', read.standing.impressions),
    equals('engagement', read.standing.engagement),
    asRead('costsRevision', read.costsRevision),
    asRead('linksRevision', read.linksRevision),
  );
}

/** Runs `write` with the activity as read now, again (with the data layer's backoff) while it changes meanwhile. */
async function withActivityRead<T>(
  tenantId: string,
  activityId: string,
  write: (read: ActivityRead) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(await readActivity(tenantId, activityId));
    } catch (error) {
      if (!(error instanceof ActivityChanged || error instanceof SpendCurrencyChanged)) throw error;
      if (!(await retryAgain(attempt)))
        throw conflict('The activity (or the currency) kept changing meanwhile; retry.');
    }
  }
}

/** Rounds of reading an index until it lists what its record counts (a read that waits, not a retry of a write). */
const ATTEMPTS = 6;

/** One aggregate move's item failed its condition (the record is gone, or the activity changed). */
class MoveFailed extends Error {
  constructor(readonly move: Move) {
    super('An aggregate of the cost was not as expected.');
  }
}

const ROLE_NAMES = {
  activity: 'The activity',
  tenant: 'The organization',
  creator: 'The creator',
  category: 'The expense category',
  campaign: 'The campaign',
};

/** The order moves are listed in: a transaction answers its first listed failure, so the activity's, then the records an amount is added to. */
const rank = (move: Move) => (move.target.role === 'activity' ? 0 : move.optional ? 2 : 1);

/**
 * Runs a cost write (`costItems`, each naming its failure: the cost's own condition) with its
 * aggregate moves and day rollups, in one transaction (transact.ts: a transaction conflict on a
 * shared aggregate item, two writes on one activity at once, is retried by the retry policy). A
 * changed activity sends the write round again (ActivityChanged); a missing record an amount is
 * added to is a 404 for that role; a subtraction from a record that no longer exists (a deleted
 * creator) is dropped and the write sent again without it. A write moving a creator's spend holds
 * to the tenant's currency revision as read (spend-order.ts): a currency changed meanwhile sends
 * the write round again (SpendCurrencyChanged).
 */
async function writeWithMoves(
  { tenantId, activityId, spendCurrency }: { tenantId: string; activityId: string; spendCurrency: SpendCurrency },
  costItems: TransactItem[],
  allMoves: Move[],
  dayUpdates: TransactItem[],
) {
  let pending = [...allMoves].sort((a, b) => rank(a) - rank(b));
  // A creator's spend order and a converted amount both hold to the tenant's currency as read.
  const holdsToCurrency = allMoves.some(
    (m) =>
      (m.target.role === 'creator' && Object.values(m.spends).some((a) => a !== 0)) || Object.keys(m.basis).length > 0,
  );
  const currencyCheck = holdsToCurrency ? [spendCurrencyCheck(tenantId, spendCurrency)] : [];
  for (;;) {
    const updates = pending.flatMap((move) => {
      const item = moveUpdate(move);
      return item ? [{ ...item, failure: () => new MoveFailed(move) }] : [];
    });
    try {
      await transact([...costItems, ...updates, ...dayUpdates, ...currencyCheck]);
      return;
    } catch (error) {
      if (!(error instanceof MoveFailed)) throw error;
      const { move } = error;
      if (move.target.role === 'activity' && (await readActivity(tenantId, activityId)).exists)
        throw new ActivityChanged();
      if (!move.optional) throw notFound(ROLE_NAMES[move.target.role]);
      // Each round drops one failed move, so this ends.
      pending = pending.filter((m) => m !== move);
    }
  }
}

/** The ids of the creators linked to an activity. */
async function linkedCreators(tenantId: string, activityId: string): Promise<string[]> {
  const links = await queryItems(CreatorLinks.query.ofActivity(tenantId, activityId), {
    attributes: ['creatorId'],
    consistent: true,
  });
  return links.map((l) => l.creatorId as string);
}

/**
 * Creates a cost on `activity`, with every aggregate and day rollup in the same transaction; its
 * spend counts on the day its activity ran (`startAt`) in `timeZone`, else on its creation day.
 */
export async function createCost(
  tenantId: string,
  activity: Pick<Activity, 'id'>,
  input: NewCost,
  timeZone = 'UTC',
): Promise<Cost> {
  const activityId = activity.id;
  const now = new Date().toISOString();
  const base: StoredCost = {
    id: randomUUID(),
    organizationId: tenantId,
    workspaceId: tenantId,
    activityId,
    creatorId: null,
    categoryId: input.categoryId ?? null,
    amount: roundMoney(input.amount, input.currency),
    currency: input.currency,
    type: input.type,
    description: input.description ?? null,
    campaignId: null,
    exchangeRate: input.exchangeRate ?? null,
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
  const key = Costs.key(tenantId, base.id);
  const unwritten = () => conflict('The cost could not be written; retry.');
  const cost = await withActivityRead(tenantId, activityId, async (read) => {
    if (!read.exists) throw notFound('The activity');
    const creatorId =
      input.creatorId !== undefined ? input.creatorId : read.creatorIds.length === 1 ? read.creatorIds[0]! : null;
    const placed: StoredCost = {
      ...base,
      creatorId,
      campaignId: read.campaignId,
      spendDay: costDay(read.startAt, now, timeZone),
      spendCampaignId: read.campaignId,
      exchangeRateCurrency: base.exchangeRate ? (read.spendCurrency.currency ?? null) : null,
    };
    const cost: StoredCost = {
      ...placed,
      conversion: await conversionNow(undefined, placed, read.spendCurrency.currency),
    };
    await writeWithMoves(
      { tenantId, activityId, spendCurrency: read.spendCurrency },
      [
        Costs.tx.put(key, cost, { condition: absent, failure: unwritten }),
        { ...pointerPut('cost', cost.id, tenantId, key), failure: unwritten },
        ...typeMove(tenantId, undefined, cost.type),
      ],
      moves(tenantId, undefined, countedOf(cost), read),
      spendDayUpdates(tenantId, [], [placementOf(cost)]),
    );
    return cost;
  });
  return costOf(cost);
}

const stale = () => conflict('The cost changed meanwhile; read it again and retry.');

/**
 * The cost's conversion as it should stand now (docs/decisions.md "Money and metrics"): the one
 * fixed on it, unless what it depends on changed (its amount, booked rate or day, or the tenant's
 * currency) or `force` (a day moved with its activity, a reindex); then converted again at the
 * rate of its day. A report never moves because a rate was published later.
 */
async function conversionNow(
  before: StoredCost | undefined,
  after: StoredCost,
  tenantCurrency: string | undefined,
  force = false,
): Promise<StoredConversion | null> {
  const kept = before?.conversion ?? null;
  const same =
    before !== undefined &&
    before.amount === after.amount &&
    (before.exchangeRate ?? null) === (after.exchangeRate ?? null) &&
    (before.exchangeRateCurrency ?? null) === (after.exchangeRateCurrency ?? null) &&
    before.spendDay === after.spendDay &&
    before.conversion !== undefined &&
    (kept ? kept.currency === tenantCurrency : after.currency === tenantCurrency);
  if (same && !force) return kept;
  return convertOn(after, tenantCurrency, after.spendDay ?? after.createdAt.slice(0, 10));
}

/**
 * Converts the cost again at the rate of its day as recorded now (its activity's startAt moved it,
 * the tenant's currency changed, or a reindex gives a cost stored before conversions its own),
 * moving every aggregate from its old contribution to its new one. A cost whose conversion stays
 * the same is written anyway (its revision moves), so callers convert only the costs that need it.
 */
export async function reconvertCost(tenantId: string, stored: StoredCost): Promise<Cost> {
  return withActivityRead(tenantId, stored.activityId, (read) =>
    writeUpdate(tenantId, placedAsRead(stored, read), {}, read, true),
  );
}

const sameConversion = (a: StoredConversion | null, b: StoredConversion | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.rate === b.rate &&
    a.rateDate === b.rateDate &&
    a.source === b.source &&
    a.currency === b.currency &&
    a.amount === b.amount);

/** Whether the cost's conversion is not what the tenant's currency `tenantCurrency` calls for (missing, or into another currency). */
export function conversionOutdated(cost: StoredCost, tenantCurrency: string): boolean {
  if (cost.conversion === undefined) return true;
  return cost.conversion ? cost.conversion.currency !== tenantCurrency : cost.currency !== tenantCurrency;
}

/** Applies `changes` to the cost as read (`stored`), moving the aggregates from the old values to the new. */
export async function updateCost(tenantId: string, stored: StoredCost, changes: CostChanges): Promise<Cost> {
  return withActivityRead(tenantId, stored.activityId, (read) =>
    writeUpdate(tenantId, placedAsRead(stored, read), changes, read),
  );
}

/**
 * The stored cost with the campaign its aggregates count it in now (its activity's, as read) and
 * its spend placement as recorded (kept by an update: activity-spend-days.ts moves it).
 */
const placedAsRead = (stored: StoredCost, read: ActivityRead): StoredCost => ({
  ...stored,
  spendCampaignId: placementOf(stored).campaignId,
  campaignId: read.campaignId,
});

async function writeUpdate(
  tenantId: string,
  before: StoredCost,
  changes: CostChanges,
  read: ActivityRead,
  reconvert = false,
): Promise<Cost> {
  const now = new Date().toISOString();
  const after: StoredCost = {
    ...before,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
    updatedAt: now,
    revision: before.revision + 1,
  };
  after.amount = roundMoney(after.amount, after.currency);
  if (changes.exchangeRate !== undefined)
    after.exchangeRateCurrency = changes.exchangeRate ? (read.spendCurrency.currency ?? null) : null;
  after.conversion = await conversionNow(before, after, read.spendCurrency.currency, reconvert);
  // Converted again to the same: nothing to write.
  if (reconvert && before.conversion !== undefined && sameConversion(before.conversion, after.conversion))
    return costOf(before);
  await writeWithMoves(
    { tenantId, activityId: before.activityId, spendCurrency: read.spendCurrency },
    // The whole item anew, with the index keys of the new values (the creator's may change or go).
    [
      Costs.tx.put(Costs.key(tenantId, before.id), after, {
        condition: equals('revision', before.revision),
        failure: stale,
      }),
      ...typeMove(tenantId, before.type, after.type),
    ],
    moves(tenantId, countedOf(before), countedOf(after), read),
    spendDayUpdates(tenantId, [placementOf(before)], [placementOf(after)]),
  );
  return costOf(after);
}

/** Deletes the cost as read (`stored`) with its pointer, subtracting it from every aggregate. */
export async function deleteCost(tenantId: string, stored: StoredCost): Promise<void> {
  await withActivityRead(tenantId, stored.activityId, (read) =>
    writeDelete(tenantId, placedAsRead(stored, read), read),
  );
}

async function writeDelete(tenantId: string, cost: StoredCost, read: ActivityRead): Promise<void> {
  await writeWithMoves(
    { tenantId, activityId: cost.activityId, spendCurrency: read.spendCurrency },
    [
      Costs.tx.delete(Costs.key(tenantId, cost.id), { condition: equals('revision', cost.revision), failure: stale }),
      pointerDelete(cost.id),
      ...typeMove(tenantId, cost.type, undefined),
    ],
    moves(tenantId, countedOf(cost), undefined, read),
    spendDayUpdates(tenantId, [placementOf(cost)], []),
  );
}

/**
 * The counter of a type label on the tenant's COST_TYPES item is named by this prefix and the
 * label: a label is any one-line text, also the name of one of the item's keys (`pk`, `sk`).
 */
const TYPE_COUNTER = 'T#';

/**
 * The move of the tenant's per-label cost counters (`keys.costTypes`) when a cost arrives with
 * type `to`, leaves with `from`, or changes between them; written in the same transaction as the
 * cost's Put or Delete and so under its condition (absent, revision as read). None when it stays.
 *
 * Size: the counters are one item, at most 400 KB. A label is 1 to 100 characters (`CostType`),
 * so a counter takes at most 2 + 400 bytes of name (4-byte characters) and a few of number: the
 * item holds about 1,000 distinct labels at the very worst, about 3,700 of 100 ASCII characters,
 * tens of thousands of the short labels the field is for (an autocomplete of a tenant's own
 * labels). A label back at 0 keeps its counter (left out when read). A write that would take the
 * item past 400 KB fails as a whole (DynamoDB's item size limit), so no count is ever wrong.
 */
function typeMove(tenantId: string, from: string | undefined, to: string | undefined): TransactItem[] {
  const move = valueMove(
    keys.costTypes(tenantId),
    from === undefined ? undefined : TYPE_COUNTER + from,
    to === undefined ? undefined : TYPE_COUNTER + to,
  );
  return move ? [move] : [];
}

/**
 * How many of the tenant's costs have each type label (labels back at 0 left out), from the
 * counters kept on write: one item, however many costs the tenant has. Costs written before the
 * counters existed are not counted (no production data predates them).
 */
export async function costTypeCounts(tenantId: string): Promise<Map<string, number>> {
  const counters = await valueCounts(keys.costTypes(tenantId));
  return new Map(
    Object.entries(counters).flatMap(([name, n]) =>
      name.startsWith(TYPE_COUNTER) ? [[name.slice(TYPE_COUNTER.length), n] as const] : [],
    ),
  );
}

/**
 * One page of the tenant's costs by creation, newest first by default (createdAt, then id), read
 * from gsi1 without reading the others (see `indexPage`); the total is the tenant's `costsCount`.
 * Costs stored before the index existed are not listed (no production data predates it).
 */
export async function costPageByCreation(
  tenantId: string,
  page: PageRequest,
  direction: 'asc' | 'desc' = 'desc',
): Promise<Cost[]> {
  return (await indexPage(Costs.query.byCreation(tenantId), page, direction)).map(costFromItem);
}

/** The fields of a cost in the compact projection (`COMPACT_ATTRIBUTES`): what the lists no key orders filter, search and sort by. */
export type CompactCost = Pick<
  Cost,
  'id' | 'activityId' | 'categoryId' | 'amount' | 'currency' | 'type' | 'description' | 'createdAt'
>;

/**
 * Every cost of a tenant from the compact projection (gsi5): small entries, not the items, for the
 * lists sorted by amount, searched or by category, whose order or filter no key holds (the search
 * matches names joined by id). Costs written before the entries existed are not listed (no
 * production data predates them).
 */
export async function compactCostsOfTenant(tenantId: string): Promise<CompactCost[]> {
  return (await queryItems(Costs.query.compact(tenantId))).map((item) => ({
    id: item.id as string,
    activityId: item.activityId as string,
    categoryId: (item.categoryId as string | null | undefined) ?? null,
    amount: roundMoney(Number(item.amount), item.currency as string),
    currency: item.currency as string,
    type: item.type as string,
    description: (item.description as string | null | undefined) ?? null,
    createdAt: item.createdAt as string,
  }));
}

/** The costs with these ids, in their order (one batch of reads); a cost deleted meanwhile is left out. */
export async function costsByIds(tenantId: string, costIds: readonly string[]): Promise<Cost[]> {
  const found = new Map(
    (await batchGet(costIds.map((id) => keys.cost(tenantId, id)))).map((item) => [
      item.id as string,
      costFromItem(item),
    ]),
  );
  return costIds.flatMap((id) => found.get(id) ?? []);
}

/**
 * The costs attributed to a creator (gsi2), without reading the tenant's other costs. Costs stored
 * before the index existed are not listed (no production data predates it).
 */
export async function costsOfCreator(tenantId: string, creatorId: string): Promise<Cost[]> {
  return (await queryItems(Costs.query.ofCreator(tenantId, creatorId))).map(costFromItem);
}

/** The costs of these activities (gsi3, one query each): what a filter by activity or campaign reads instead of the tenant's. */
export async function costsOfActivities(tenantId: string, activityIds: readonly string[]): Promise<Cost[]> {
  return (await Promise.all(activityIds.map((id) => queryItems(Costs.query.ofActivity(tenantId, id)))))
    .flat()
    .map(costFromItem);
}

/** Every stored cost of the tenant. */
export function costItemsOf(tenantId: string): Promise<StoredCost[]> {
  return queryRecords(Costs.query.ofTenant(tenantId));
}

/**
 * Every cost an index lists under one record (gsi3: an activity's, gsi2: a creator's), as stored.
 * An index is eventually consistent: it is read again (with the data layer's backoff) until it
 * lists as many costs as the record counts (`costsCount`, read consistently), as `placeSpend`
 * does; what it lists when the record is gone, or after the last round.
 */
async function costsCountedBy(counter: Key, index: Query<StoredCost>): Promise<StoredCost[]> {
  for (let attempt = 1; ; attempt++) {
    const [record, listed] = await Promise.all([
      getRecord(CostCounts, counter, { consistent: true, attributes: ['costsCount'] }),
      queryRecords(index),
    ]);
    if (!record || listed.length === Number(record.costsCount ?? 0) || attempt >= ATTEMPTS) return listed;
    await sleep(backoff(attempt));
  }
}

/**
 * Deletes the `listed` costs that `match`, one transaction each, re-reading a cost changed
 * meanwhile; a cost already gone is skipped, so running it again (a retried request) changes nothing.
 */
async function deleteCostsWhere(
  tenantId: string,
  listed: StoredCost[],
  match: (cost: StoredCost) => boolean,
): Promise<number> {
  let removed = 0;
  for (const found of listed.filter(match)) {
    let cost: StoredCost | undefined = found;
    for (let attempt = 0; cost && attempt < 5; attempt++) {
      try {
        await deleteCost(tenantId, cost);
        removed++;
        cost = undefined;
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        cost = await readStoredCost(tenantId, found.id);
        if (cost && !match(cost)) cost = undefined;
      }
    }
  }
  return removed;
}

/** The activity's costs (gsi3), complete against its costsCount. */
const costsOfActivity = (tenantId: string, activityId: string) =>
  costsCountedBy(keys.activity(tenantId, activityId), Costs.query.ofActivity(tenantId, activityId));

/** Unlinking a creator from an activity removes that creator's costs on it (with their aggregates). */
export async function deleteCostsOfCreatorOnActivity(
  tenantId: string,
  activityId: string,
  creatorId: string,
): Promise<number> {
  return deleteCostsWhere(
    tenantId,
    await costsOfActivity(tenantId, activityId),
    (c) => c.activityId === activityId && c.creatorId === creatorId,
  );
}

/**
 * Deleting an activity removes its costs (with their aggregates). Call it before deleting the
 * activity item; if the activity is already gone its own counters are skipped.
 */
export async function deleteCostsOfActivity(tenantId: string, activityId: string): Promise<number> {
  return deleteCostsWhere(tenantId, await costsOfActivity(tenantId, activityId), (c) => c.activityId === activityId);
}

/**
 * Deleting a creator removes its activity associations and, as unlinking does, the costs
 * attributed to it (with their aggregates). Call it before deleting the creator item.
 */
export async function deleteCostsOfCreator(tenantId: string, creatorId: string): Promise<number> {
  const listed = await costsCountedBy(keys.creator(tenantId, creatorId), Costs.query.ofCreator(tenantId, creatorId));
  return deleteCostsWhere(tenantId, listed, (c) => c.creatorId === creatorId);
}
