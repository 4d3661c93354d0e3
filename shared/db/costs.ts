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
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { roundMoney } from '../domain/currencies.ts';
import { conflict, ConflictError, notFound } from '../domain/errors.ts';
import { aggregateUpdate, tenantAggregateUpdate, withCondition } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { keys, type Key } from './keys.ts';
import { cancellationReasons, queryIndex, queryPrefix, recordOf } from './operations.ts';
import type { Activity } from './activities.ts';
import { campaignCondition } from './campaign-links.ts';
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
  /** On the activity: the campaign the write counts in, which the activity must still be in. */
  campaignId?: string | null;
}

/**
 * The aggregates a cost counts in. `campaignId` is the campaign its spend is counted in (its
 * activity's campaign when written); whoever moves an activity between campaigns moves its costs'
 * `campaignId` and the campaign aggregates with it.
 */
function targetsOf(tenantId: string, cost: Pick<Cost, 'activityId' | 'creatorId' | 'categoryId' | 'campaignId'>): Target[] {
  return [
    ...(cost.campaignId ? [{ key: keys.campaign(tenantId, cost.campaignId), counter: 'costsCount', role: 'campaign' as const }] : []),
    { key: keys.activity(tenantId, cost.activityId), counter: 'costsCount', role: 'activity' as const, campaignId: cost.campaignId },
    { key: keys.tenantAggregate(tenantId), counter: 'costsCount', role: 'tenant' as const },
    ...(cost.creatorId ? [{ key: keys.creator(tenantId, cost.creatorId), counter: 'costsCount', role: 'creator' as const }] : []),
    ...(cost.categoryId ? [{ key: keys.expenseCategory(tenantId, cost.categoryId), counter: 'usageCount', role: 'category' as const }] : []),
  ];
}

interface Move {
  target: Target;
  count: number;
  amount: number;
  /** Subtractions from a record that may have been deleted meanwhile are dropped, not fatal. */
  optional: boolean;
}

/**
 * The net aggregate changes of removing `before` and adding `after` (either may be absent), one
 * entry per item (a transaction may touch an item once). Amounts are in one currency.
 */
function moves(tenantId: string, before: Cost | undefined, after: Cost | undefined): Move[] {
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
  return [...byKey.values()].map((m) => ({ ...m, amount: roundMoney(m.amount, (after ?? before)!.currency) }));
}

function moveUpdate(move: Move, currency: string) {
  const update = aggregateUpdate(move.target.key, { counts: { [move.target.counter]: move.count }, spend: { currency, amount: move.amount } });
  if (!update || move.target.campaignId === undefined) return update;
  const campaignId = move.target.campaignId;
  return withCondition(update, { condition: campaignCondition(campaignId), names: {}, values: campaignId ? { ':campaign': campaignId } : { ':null': 'NULL' } });
}

/** The activity moved to another campaign between the read and the write: compute again. */
class CampaignMoved extends Error {}

/** The campaign an activity is in now (null: none, or no such activity). */
async function campaignOfActivity(tenantId: string, activityId: string): Promise<{ exists: boolean; campaignId: string | null }> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId), ConsistentRead: true, ProjectionExpression: 'campaignId' }),
  );
  return { exists: Boolean(out.Item), campaignId: (out.Item?.campaignId as string | null | undefined) ?? null };
}

/** Runs `write` with the activity's current campaign, again while a link moves it meanwhile. */
async function inActivityCampaign<T>(tenantId: string, activityId: string, write: (campaignId: string | null) => Promise<T>, first?: string | null): Promise<T> {
  let campaignId = first === undefined ? (await campaignOfActivity(tenantId, activityId)).campaignId : first;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await write(campaignId);
    } catch (error) {
      if (!(error instanceof CampaignMoved)) throw error;
      campaignId = (await campaignOfActivity(tenantId, activityId)).campaignId;
    }
  }
  throw conflict('The activity kept moving between campaigns; retry.');
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
) {
  let pending = allMoves;
  for (let attempt = 0; attempt < 6; attempt++) {
    const updates = pending.map((m) => ({ move: m, item: moveUpdate(m, currency) })).filter((u) => u.item);
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [...costItems, ...updates.map((u) => u.item!)] as never }));
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
      const activity = failed.find((m) => m.target.role === 'activity');
      if (activity) {
        const now = await campaignOfActivity(tenantId, activityId);
        if (now.exists && now.campaignId !== activity.target.campaignId) throw new CampaignMoved();
      }
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

/** Creates a cost on `activity` (as read), with every aggregate in the same transaction. */
export async function createCost(tenantId: string, activity: Pick<Activity, 'id' | 'campaignId'>, input: NewCost): Promise<Cost> {
  const activityId = activity.id;
  let creatorId = input.creatorId;
  if (creatorId === undefined) {
    const linked = await linkedCreators(tenantId, activityId);
    creatorId = linked.length === 1 ? linked[0]! : null;
  }
  const now = new Date().toISOString();
  const base: StoredCost = {
    id: randomUUID(),
    organizationId: tenantId,
    workspaceId: tenantId,
    activityId,
    creatorId,
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
  const cost = await inActivityCampaign(tenantId, activityId, async (campaignId) => {
    const cost = { ...base, campaignId };
    await writeWithMoves(
      { tenantId, activityId },
      [
        { Put: { TableName: tableName(), Item: { ...key, ...indexKeys(tenantId, cost), ...cost }, ConditionExpression: 'attribute_not_exists(pk)' } },
        pointerPut('cost', cost.id, tenantId, key),
      ],
      moves(tenantId, undefined, cost),
      cost.currency,
      () => conflict('The cost could not be written; retry.'),
    );
    return cost;
  }, activity.campaignId ?? null);
  return costFromItem(cost as unknown as Record<string, unknown>);
}

const stale = () => conflict('The cost changed meanwhile; read it again and retry.');

/** Applies `changes` to the cost as read (`stored`), moving the aggregates from the old values to the new. */
export async function updateCost(tenantId: string, stored: StoredCost, changes: CostChanges): Promise<Cost> {
  return inActivityCampaign(tenantId, stored.activityId, (campaignId) => writeUpdate(tenantId, { ...stored, campaignId }, changes));
}

async function writeUpdate(tenantId: string, before: StoredCost, changes: CostChanges): Promise<Cost> {
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
    moves(tenantId, costFromItem(item), costFromItem(after as unknown as Record<string, unknown>)),
    before.currency,
    stale,
  );
  return costFromItem(after as unknown as Record<string, unknown>);
}

/** Deletes the cost as read (`stored`) with its pointer, subtracting it from every aggregate. */
export async function deleteCost(tenantId: string, stored: StoredCost): Promise<void> {
  await inActivityCampaign(tenantId, stored.activityId, (campaignId) => writeDelete(tenantId, { ...stored, campaignId }));
}

async function writeDelete(tenantId: string, cost: StoredCost): Promise<void> {
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
    moves(tenantId, costFromItem(item), undefined),
    cost.currency,
    stale,
  );
}

async function readCost(tenantId: string, costId: string): Promise<Record<string, unknown> | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.cost(tenantId, costId), ConsistentRead: true }));
  return out.Item;
}

/**
 * The index keys of a cost, written with every put of it: gsi1 lists it in the tenant's costs by
 * creation (the list's default order), gsi2 under its attributed creator (none when it has none).
 */
function indexKeys(tenantId: string, cost: Pick<Cost, 'id' | 'creatorId' | 'createdAt'>) {
  return {
    ...keys.costByCreation(tenantId, cost.createdAt, cost.id),
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
