/**
 * Costs: money spent on an activity, each in its own currency. A cost item names its activity,
 * optional creator (attribution) and optional category by id; names are joined at read time.
 *
 * Every write moves the stored aggregates in the same TransactWriteItems: the activity and the
 * tenant (costsCount, spend), the attributed creator (costsCount, spend), the category
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
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityStanding } from '../domain/activity-metrics.ts';
import { roundMoney } from '../domain/currencies.ts';
import { costDay } from '../domain/dates.ts';
import { conflict, ConflictError, notFound } from '../domain/errors.ts';
import { aggregateUpdate, metricsUnchanged, withCondition } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { keys, type Key } from './keys.ts';
import { cancellationReasons, queryIndex, queryPrefix, recordOf } from './operations.ts';
import type { Activity } from './activities.ts';
import { campaignCondition } from './campaign-links.ts';
import { costStatsDelta } from './cost-stats.ts';
import { placementOf, spendContributionDelta, spendDayUpdates, STANDING_PROJECTION, standingOf } from './cost-rollups.ts';
import { pointerDelete, pointerPut } from './records.ts';
import { indexPage, type PageRequest } from './paging.ts';

export interface Cost {
  id: string;
  organizationId: string;
  workspaceId: string;
  activityId: string;
  creatorId: string | null;
  categoryId: string | null;
  amount: number;
  currency: string;
  type: string;
  description: string | null;
  /** The campaign it counts in: its activity's (stored at write; reads join the activity's current one). */
  campaignId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A cost as stored (every attribute but the keys): what updates and deletes start from. */
export interface StoredCost extends Cost {
  revision: number;
  /** The day (tenant timezone) its spend is counted on in the day rollups; absent on costs older than them. */
  spendDay?: string;
  /** The campaign whose day rollups count its spend (activity-spend-days.ts); absent on costs older than it. */
  spendCampaignId?: string | null;
}

export interface NewCost {
  amount: number;
  currency: string;
  type: string;
  description?: string | null;
  /** undefined: attribute to the activity's single linked creator, if it has exactly one; null: nobody. */
  creatorId?: string | null;
  categoryId?: string | null;
}

export type CostChanges = Partial<Pick<Cost, 'amount' | 'type' | 'description' | 'creatorId' | 'categoryId'>>;

export function storedCostFromItem(item: Record<string, unknown>): StoredCost {
  return recordOf<StoredCost>(item);
}

export function costFromItem(item: Record<string, unknown>): Cost {
  const c = item as unknown as StoredCost;
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
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** One aggregate an amount contributes to: its key, counter name, and whether it may be gone. */
interface Target {
  key: Key;
  counter: string;
  role: 'activity' | 'tenant' | 'creator' | 'category' | 'campaign';
  /** On the activity: the condition that it is still as read (campaign, metrics, links, costs). */
  condition?: { condition: string; names: Record<string, string>; values: Record<string, unknown> };
}

/**
 * The aggregates a cost counts in. `campaignId` is the campaign its spend is counted in (its
 * activity's campaign when written); whoever moves an activity between campaigns moves its costs'
 * `campaignId` and the campaign aggregates with it.
 */
function targetsOf(tenantId: string, cost: Pick<Cost, 'activityId' | 'creatorId' | 'categoryId' | 'campaignId'>): Target[] {
  return [
    ...(cost.campaignId ? [{ key: keys.campaign(tenantId, cost.campaignId), counter: 'costsCount', role: 'campaign' as const }] : []),
    { key: keys.activity(tenantId, cost.activityId), counter: 'costsCount', role: 'activity' as const },
    { key: keys.tenantAggregate(tenantId), counter: 'costsCount', role: 'tenant' as const },
    ...(cost.creatorId ? [{ key: keys.creator(tenantId, cost.creatorId), counter: 'costsCount', role: 'creator' as const }] : []),
    ...(cost.categoryId ? [{ key: keys.expenseCategory(tenantId, cost.categoryId), counter: 'usageCount', role: 'category' as const }] : []),
  ];
}

interface Move {
  target: Target;
  count: number;
  amount: number;
  /** Other counters to add (the CPM/CPE contribution, the activity's costsRevision). */
  extra?: Record<string, number>;
  /** Subtractions from a record that may have been deleted meanwhile are dropped, not fatal. */
  optional: boolean;
}

/**
 * The net aggregate changes of removing `before` and adding `after` (either may be absent), one
 * entry per item (a transaction may touch an item once). Amounts are in one currency.
 */
function moves(tenantId: string, before: Cost | undefined, after: Cost | undefined, read: ActivityRead): Move[] {
  const byKey = new Map<string, Move>();
  const apply = (cost: Cost, sign: 1 | -1) => {
    for (const target of targetsOf(tenantId, cost)) {
      const id = `${target.key.pk}|${target.key.sk}`;
      const move = byKey.get(id) ?? { target, count: 0, amount: 0, optional: true };
      move.count += sign;
      move.amount += sign * cost.amount;
      // A campaign's aggregate is derived: a campaign deleted meanwhile has nothing left to keep.
      if (sign === 1 && target.role !== 'campaign') move.optional = false;
      byKey.set(id, move);
    }
  };
  if (before) apply(before, -1);
  if (after) apply(after, 1);
  const currency = (after ?? before)!.currency;
  const all = [...byKey.values()].map((m) => ({ ...m, amount: roundMoney(m.amount, currency) }));
  // The spend's part of the activity's CPM/CPE contribution, on every record counting the activity.
  const contribution = spendContributionDelta(read.standing, currency, roundMoney((after?.amount ?? 0) - (before?.amount ?? 0), currency));
  const counting: Target[] = [
    { key: keys.tenantAggregate(tenantId), counter: 'costsCount', role: 'tenant' },
    ...(read.campaignId ? [{ key: keys.campaign(tenantId, read.campaignId), counter: 'costsCount', role: 'campaign' as const }] : []),
    ...read.creatorIds.map((id) => ({ key: keys.creator(tenantId, id), counter: 'costsCount', role: 'creator' as const })),
  ];
  for (const target of counting) {
    const id = `${target.key.pk}|${target.key.sk}`;
    const move = all.find((m) => `${m.target.key.pk}|${m.target.key.sk}` === id);
    if (move) move.extra = contribution;
    else all.push({ target, count: 0, amount: 0, extra: contribution, optional: true });
  }
  // The tenant's cost stats counters (cost-stats.ts), from the activity's campaign and cost count as read.
  const tenant = all.find((m) => m.target.role === 'tenant')!;
  const added = (after ? 1 : 0) - (before ? 1 : 0);
  tenant.extra = { ...tenant.extra, ...costStatsDelta(read, added, currency, roundMoney((after?.amount ?? 0) - (before?.amount ?? 0), currency)) };
  const activity = all.find((m) => m.target.role === 'activity');
  if (activity) {
    activity.extra = { costsRevision: 1 };
    activity.target = { ...activity.target, condition: activityAsRead(read) };
  }
  return all;
}

function moveUpdate(move: Move, currency: string) {
  const update = aggregateUpdate(move.target.key, { counts: { ...move.extra, [move.target.counter]: move.count }, spend: { currency, amount: move.amount } });
  return update && move.target.condition ? withCondition(update, move.target.condition) : update;
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
  costsRevision?: number;
  linksRevision?: number;
  /** Its linked creators, read after the item (so a link made in between changes `linksRevision`). */
  creatorIds: string[];
}

async function readActivity(tenantId: string, activityId: string): Promise<ActivityRead> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId), ConsistentRead: true, ProjectionExpression: `${STANDING_PROJECTION}, costsCount` }),
  );
  const item = out.Item ?? {};
  return {
    exists: Boolean(out.Item),
    campaignId: (item.campaignId as string | null | undefined) ?? null,
    startAt: (item.startAt as string | null | undefined) ?? null,
    costsCount: Number(item.costsCount ?? 0),
    standing: standingOf(item),
    costsRevision: item.costsRevision as number | undefined,
    linksRevision: item.linksRevision as number | undefined,
    creatorIds: out.Item ? await linkedCreators(tenantId, activityId) : [],
  };
}

/** The condition that the activity is still as read: campaign, metrics, links and costs. */
function activityAsRead(read: ActivityRead) {
  const metrics = metricsUnchanged(read.standing);
  const revision = (name: string, value: number | undefined) => (value === undefined ? `attribute_not_exists(${name})` : `${name} = :${name}`);
  return {
    condition: [campaignCondition(read.campaignId), metrics.condition, revision('costsRevision', read.costsRevision), revision('linksRevision', read.linksRevision)].join(' AND '),
    names: metrics.names,
    values: {
      ...metrics.values,
      ...(read.campaignId ? { ':campaign': read.campaignId } : { ':null': 'NULL' }),
      ...(read.costsRevision === undefined ? {} : { ':costsRevision': read.costsRevision }),
      ...(read.linksRevision === undefined ? {} : { ':linksRevision': read.linksRevision }),
    },
  };
}

/** Runs `write` with the activity as read now, again while it changes meanwhile. */
async function withActivityRead<T>(tenantId: string, activityId: string, write: (read: ActivityRead) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      return await write(await readActivity(tenantId, activityId));
    } catch (error) {
      if (!(error instanceof ActivityChanged)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 10));
    }
  }
  throw conflict('The activity kept changing meanwhile; retry.');
}

/**
 * Runs a cost write with its aggregate moves. A subtraction from a record that no longer exists
 * (a deleted creator) is dropped and the write retried; a missing record an amount is added to is
 * a 404 for that role; the cost's own condition failing is `onStale`; a transaction conflict on a
 * shared aggregate item (two writes on one activity at once) is retried with backoff.
 */
async function writeWithMoves(
  { tenantId, activityId }: { tenantId: string; activityId: string },
  costItems: Record<string, unknown>[],
  allMoves: Move[],
  currency: string,
  onStale: () => Error,
  dayUpdates: unknown[] = [],
) {
  let pending = allMoves;
  for (let attempt = 0; attempt < 6; attempt++) {
    const updates = pending.map((m) => ({ move: m, item: moveUpdate(m, currency) })).filter((u) => u.item);
    try {
      // Day rollup items last: they carry no condition, so the reasons' indexes above stay those of the moves.
      await documentClient().send(new TransactWriteCommand({ TransactItems: [...costItems, ...updates.map((u) => u.item!), ...dayUpdates] as never }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      if (reasons.slice(0, costItems.length).includes('ConditionalCheckFailed')) throw onStale();
      const failed = updates.filter((_, i) => reasons[costItems.length + i] === 'ConditionalCheckFailed').map((u) => u.move);
      if (!failed.length) {
        // Another transaction held one of the aggregate items: every ADD is still valid, so retry.
        if (!reasons.includes('TransactionConflict')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 20));
        continue;
      }
      if (failed.some((m) => m.target.role === 'activity') && (await readActivity(tenantId, activityId)).exists) throw new ActivityChanged();
      const required = failed.find((m) => !m.optional);
      if (required) {
        const what = { activity: 'The activity', tenant: 'The organization', creator: 'The creator', category: 'The expense category', campaign: 'The campaign' };
        throw notFound(what[required.target.role]);
      }
      pending = pending.filter((m) => !failed.includes(m));
    }
  }
  throw conflict('The cost could not be written; retry.');
}

/** The ids of the creators linked to an activity. */
async function linkedCreators(tenantId: string, activityId: string): Promise<string[]> {
  const links = await queryPrefix(keys.creatorsOfActivity(tenantId, activityId), {
    ProjectionExpression: 'creatorId',
    ConsistentRead: true,
  });
  return links.map((l) => l.creatorId as string);
}

/**
 * Creates a cost on `activity`, with every aggregate and day rollup in the same transaction; its
 * spend counts on the day its activity ran (`startAt`) in `timeZone`, else on its creation day.
 */
export async function createCost(tenantId: string, activity: Pick<Activity, 'id'>, input: NewCost, timeZone = 'UTC'): Promise<Cost> {
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
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
  const key = keys.cost(tenantId, base.id);
  const cost = await withActivityRead(tenantId, activityId, async (read) => {
    if (!read.exists) throw notFound('The activity');
    const creatorId = input.creatorId !== undefined ? input.creatorId : read.creatorIds.length === 1 ? read.creatorIds[0]! : null;
    const cost: StoredCost = { ...base, creatorId, campaignId: read.campaignId, spendDay: costDay(read.startAt, now, timeZone), spendCampaignId: read.campaignId };
    await writeWithMoves(
      { tenantId, activityId },
      [
        { Put: { TableName: tableName(), Item: { ...key, ...indexKeys(tenantId, cost), ...cost }, ConditionExpression: 'attribute_not_exists(pk)' } },
        pointerPut('cost', cost.id, tenantId, key),
      ],
      moves(tenantId, undefined, cost, read),
      cost.currency,
      () => conflict('The cost could not be written; retry.'),
      spendDayUpdates(tenantId, [], [placementOf(cost)]),
    );
    return cost;
  });
  return costFromItem(cost as unknown as Record<string, unknown>);
}

const stale = () => conflict('The cost changed meanwhile; read it again and retry.');

/** Applies `changes` to the cost as read (`stored`), moving the aggregates from the old values to the new. */
export async function updateCost(tenantId: string, stored: StoredCost, changes: CostChanges): Promise<Cost> {
  return withActivityRead(tenantId, stored.activityId, (read) => writeUpdate(tenantId, asRead(stored, read), changes, read));
}

/**
 * The stored cost with the campaign its aggregates count it in now (its activity's, as read) and
 * its spend placement as recorded (kept by an update: activity-spend-days.ts moves it).
 */
const asRead = (stored: StoredCost, read: ActivityRead): StoredCost => ({ ...stored, spendCampaignId: placementOf(stored).campaignId, campaignId: read.campaignId });

async function writeUpdate(tenantId: string, before: StoredCost, changes: CostChanges, read: ActivityRead): Promise<Cost> {
  const item = before as unknown as Record<string, unknown>;
  const now = new Date().toISOString();
  const after: StoredCost = {
    ...before,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
    updatedAt: now,
    revision: before.revision + 1,
  };
  after.amount = roundMoney(after.amount, after.currency);
  await writeWithMoves(
    { tenantId, activityId: before.activityId },
    [
      {
        Put: {
          TableName: tableName(),
          // The keys anew (the stored item read carries the old creator's index keys).
          Item: { ...recordOf<StoredCost>(after as unknown as Record<string, unknown>), ...keys.cost(tenantId, before.id), ...indexKeys(tenantId, after) },
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': before.revision },
        },
      },
    ],
    moves(tenantId, costFromItem(item), costFromItem(after as unknown as Record<string, unknown>), read),
    before.currency,
    stale,
    spendDayUpdates(tenantId, [placementOf(before)], [placementOf(after)]),
  );
  return costFromItem(after as unknown as Record<string, unknown>);
}

/** Deletes the cost as read (`stored`) with its pointer, subtracting it from every aggregate. */
export async function deleteCost(tenantId: string, stored: StoredCost): Promise<void> {
  await withActivityRead(tenantId, stored.activityId, (read) => writeDelete(tenantId, asRead(stored, read), read));
}

async function writeDelete(tenantId: string, cost: StoredCost, read: ActivityRead): Promise<void> {
  const item = cost as unknown as Record<string, unknown>;
  await writeWithMoves(
    { tenantId, activityId: cost.activityId },
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.cost(tenantId, cost.id),
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': cost.revision },
        },
      },
      pointerDelete(cost.id),
    ],
    moves(tenantId, costFromItem(item), undefined, read),
    cost.currency,
    stale,
    spendDayUpdates(tenantId, [placementOf(cost)], []),
  );
}

async function readCost(tenantId: string, costId: string): Promise<Record<string, unknown> | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.cost(tenantId, costId), ConsistentRead: true }));
  return out.Item;
}

/**
 * The index keys of a cost, written with every put of it: gsi1 lists it in the tenant's costs by
 * creation (the list's default order), gsi2 under its attributed creator (none when it has none),
 * gsi3 under its activity.
 */
function indexKeys(tenantId: string, cost: Pick<Cost, 'id' | 'activityId' | 'creatorId' | 'createdAt'>) {
  return {
    ...keys.costByCreation(tenantId, cost.createdAt, cost.id),
    ...keys.costOfActivity(tenantId, cost.activityId, cost.id),
    ...(cost.creatorId ? keys.costOfCreator(tenantId, cost.creatorId, cost.id) : {}),
  };
}

/**
 * One page of the tenant's costs, newest first (createdAt, then id, descending), read from gsi1
 * without reading the others (see `indexPage`); the total is the tenant's `costsCount`. Costs
 * stored before the index existed are not listed (no production data predates it).
 */
export async function costPageByCreation(tenantId: string, page: PageRequest): Promise<Cost[]> {
  return (await indexPage(keys.costsByCreation(tenantId), page)).map(costFromItem);
}

/**
 * The costs attributed to a creator (gsi2), without reading the tenant's other costs. Costs stored
 * before the index existed are not listed (no production data predates it).
 */
export async function costsOfCreator(tenantId: string, creatorId: string): Promise<Cost[]> {
  return (await queryIndex(keys.costsOfCreator(tenantId, creatorId))).map(costFromItem);
}

/** The costs of these activities (gsi3, one query each): what a filter by activity or campaign reads instead of the tenant's. */
export async function costsOfActivities(tenantId: string, activityIds: readonly string[]): Promise<Cost[]> {
  return (await Promise.all(activityIds.map((id) => queryIndex(keys.costsOfActivity(tenantId, id))))).flat().map(costFromItem);
}

/** Every stored cost item of the tenant. */
export async function costItemsOf(tenantId: string): Promise<Record<string, unknown>[]> {
  return queryPrefix(keys.costsOfTenant(tenantId));
}

/**
 * Deletes the matching costs one transaction each, re-reading a cost changed meanwhile; a cost
 * already gone is skipped, so running it again (a retried request) changes nothing.
 */
async function deleteCostsWhere(tenantId: string, match: (item: Record<string, unknown>) => boolean): Promise<number> {
  let removed = 0;
  for (const found of (await costItemsOf(tenantId)).filter(match)) {
    let item: Record<string, unknown> | undefined = found;
    for (let attempt = 0; item && attempt < 5; attempt++) {
      try {
        await deleteCost(tenantId, storedCostFromItem(item));
        removed++;
        item = undefined;
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        item = await readCost(tenantId, found.id as string);
        if (item && !match(item)) item = undefined;
      }
    }
  }
  return removed;
}

/** Unlinking a creator from an activity removes that creator's costs on it (with their aggregates). */
export function deleteCostsOfCreatorOnActivity(tenantId: string, activityId: string, creatorId: string): Promise<number> {
  return deleteCostsWhere(tenantId, (c) => c.activityId === activityId && c.creatorId === creatorId);
}

/**
 * Deleting an activity removes its costs (with their aggregates). Call it before deleting the
 * activity item; if the activity is already gone its own counters are skipped.
 */
export function deleteCostsOfActivity(tenantId: string, activityId: string): Promise<number> {
  return deleteCostsWhere(tenantId, (c) => c.activityId === activityId);
}

/**
 * Deleting a creator removes its activity associations and, as unlinking does, the costs
 * attributed to it (with their aggregates). Call it before deleting the creator item.
 */
export function deleteCostsOfCreator(tenantId: string, creatorId: string): Promise<number> {
  return deleteCostsWhere(tenantId, (c) => c.creatorId === creatorId);
}
