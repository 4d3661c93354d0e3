/**
 * Creators (Form A): people, communities and brand partners a workspace works with, plus one
 * own-brand record per workspace. Each creator item keeps its stored aggregates (activity count,
 * follower total, impressions, engagement, costs and spend per currency) as attributes.
 *
 * This module holds the record shape and its creation and reads; the Creators group extends it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { roundSpend } from '../domain/currencies.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { activityIdsOfCreator } from './activities.ts';
import { aggregateUpdate, emptyAggregate, tenantAggregateUpdate, withoutReportingCounters } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { placeMetricDays } from './metric-days.ts';
import { keys, type OrderedIndex } from './keys.ts';
import { deleteCostsOfCreator } from './costs.ts';
import { batchGet, cancellationReasons, isConditionFailure, queryIndex, queryPrefix, recordOf } from './operations.ts';
import { deleteFilesOf } from './files.ts';
import { deleteNotesOf } from './notes.ts';
import { pointerDelete, pointerPut } from './records.ts';
import { socialAccountDeletes, socialAccountsOf } from './social-accounts.ts';
import { indexPage, type PageRequest } from './paging.ts';
import { valueCounts, valueMove } from './value-counters.ts';

export const CREATOR_COUNTERS = ['activitiesCount', 'totalFollowersCount', 'impressions', 'engagement', 'costsCount'] as const;

export type CreatorRole = 'person' | 'community' | 'brand_partner';

export interface Creator {
  id: string;
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  workspaceId: string;
  organizationId: string;
  name: string;
  email: string | null;
  role: CreatorRole | null;
  country: string | null;
  notes: string | null;
  isOwnBrand: boolean;
  activitiesCount: number;
  totalFollowersCount: number;
  impressions: number;
  engagement: number;
  costsCount: number;
  /** Recorded spend attributed to the creator, per currency, in major units. */
  spend: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export interface NewCreator {
  name: string;
  email?: string | null;
  role?: CreatorRole | null;
  country?: string | null;
  notes?: string | null;
}

/** The role a creator counts under in `keys.creatorRoles`: `own_brand` for the own-brand record, else its role or `none`. */
export function creatorRoleKey(creator: Pick<Creator, 'isOwnBrand' | 'role'>): string {
  return creator.isOwnBrand ? 'own_brand' : (creator.role ?? 'none');
}

const roleMove = (tenantId: string, from: string | undefined, to: string | undefined) => valueMove(keys.creatorRoles(tenantId), from, to);

/** The condition that a creator's role is still the one read (null: none), for a write that moves its role counter. */
function onRole(role: string | null) {
  return role === null
    ? { condition: '(attribute_not_exists(#roleRead) OR attribute_type(#roleRead, :roleRead))', names: { '#roleRead': 'role' }, values: { ':roleRead': 'NULL' } }
    : { condition: '#roleRead = :roleRead', names: { '#roleRead': 'role' }, values: { ':roleRead': role } };
}

/** How many of the tenant's creators count under each role (`creatorRoleKey`; none at 0): the list's facet and total. */
export function creatorRoleCounts(tenantId: string): Promise<Record<string, number>> {
  return valueCounts(keys.creatorRoles(tenantId));
}

/**
 * One page of the tenant's creators (own brand left out) in an order kept in an index key
 * (`keys.creatorsByCreation`, `creatorsByName`), without reading the others (see `indexPage`).
 */
export async function creatorPage(order: OrderedIndex, page: PageRequest, direction: 'asc' | 'desc'): Promise<Creator[]> {
  return (await indexPage(order, page, direction)).map(creatorFromItem);
}

/** The creator item and the writes that create it (record, pointer, tenant count, role counter). */
export function newCreatorItems(tenantId: string, input: NewCreator, { isOwnBrand = false } = {}) {
  const now = new Date().toISOString();
  const creator: Creator = {
    id: randomUUID(),
    workspaceId: tenantId,
    organizationId: tenantId,
    name: input.name,
    email: input.email ?? null,
    role: input.role ?? null,
    country: input.country ?? null,
    notes: input.notes ?? null,
    isOwnBrand,
    ...(emptyAggregate(CREATOR_COUNTERS) as Pick<Creator, (typeof CREATOR_COUNTERS)[number] | 'spend'>),
    createdAt: now,
    updatedAt: now,
  };
  const key = keys.creator(tenantId, creator.id);
  return {
    creator,
    transactItems: [
      {
        Put: {
          TableName: tableName(),
          // The list's orders; the own-brand record is listed only when asked for (see `keys.creatorByCreation`).
          Item: {
            ...key,
            ...(isOwnBrand ? {} : { ...keys.creatorByCreation(tenantId, now, creator.id), ...keys.creatorByName(tenantId, creator.name, creator.id) }),
            ...keys.creatorCompact(tenantId, creator.id),
            ...creator,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      pointerPut('creator', creator.id, tenantId, key),
      tenantAggregateUpdate(tenantId, { counts: { creatorsCount: 1 } })!,
      roleMove(tenantId, undefined, creatorRoleKey(creator))!,
    ],
  };
}

export async function createCreator(tenantId: string, input: NewCreator): Promise<Creator> {
  const { creator, transactItems } = newCreatorItems(tenantId, input);
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    if (cancellationReasons(error)?.[2] === 'ConditionalCheckFailed') throw notFound('The workspace');
    throw error;
  }
  return creator;
}

/** The record as shown: spend rounded, currencies whose spend went back to 0 left out. */
export function creatorFromItem(item: Record<string, unknown>): Creator {
  const creator = withoutReportingCounters(recordOf<Creator & Record<string, unknown>>(item));
  return { ...creator, spend: roundSpend(creator.spend) };
}

export async function getCreator(tenantId: string, creatorId: string, { consistent = false } = {}): Promise<Creator | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.creator(tenantId, creatorId), ConsistentRead: consistent }),
  );
  return out.Item ? creatorFromItem(out.Item) : undefined;
}

export type CreatorChanges = Partial<Pick<Creator, 'name' | 'email' | 'role' | 'country' | 'notes'>>;

/**
 * Sets the fields given (and `updatedAt`); 404 when the creator is gone. Returns the whole record.
 * A name change rewrites its name-order key; a role change moves the role counters in the same
 * transaction, conditioned on the role it leaves (read again when it changed meanwhile).
 */
export async function updateCreator(tenantId: string, creatorId: string, changes: CreatorChanges): Promise<Creator> {
  // Only the sort key: the own-brand record, which has no partition key there, stays out of the index.
  const nameKey = changes.name === undefined ? {} : { gsi2sk: keys.creatorByName(tenantId, changes.name, creatorId).gsi2sk };
  const entries = Object.entries({ ...changes, updatedAt: new Date().toISOString(), ...nameKey }).filter(([, v]) => v !== undefined);
  const update = {
    TableName: tableName(),
    Key: keys.creator(tenantId, creatorId),
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const read = changes.role === undefined ? undefined : await getCreator(tenantId, creatorId, { consistent: true });
    if (changes.role !== undefined && !read) throw notFound('The creator');
    const move = read && roleMove(tenantId, creatorRoleKey(read), creatorRoleKey({ ...read, role: changes.role! }));
    try {
      if (!move) {
        const out = await documentClient().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
        return creatorFromItem(out.Attributes!);
      }
      const role = onRole(read.role);
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                ...update,
                ConditionExpression: `attribute_exists(pk) AND ${role.condition}`,
                ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...role.names },
                ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...role.values },
              },
            },
            move,
          ] as never,
        }),
      );
      const after = await getCreator(tenantId, creatorId, { consistent: true });
      if (!after) throw notFound('The creator');
      return after;
    } catch (error) {
      if (isConditionFailure(error)) throw notFound('The creator');
      // The role changed since it was read (or the creator went, or writers collided): read it again.
      if (!cancellationReasons(error)) throw error;
    }
  }
  throw conflict('The creator kept changing meanwhile; retry.');
}

/** The creators of a tenant with these ids (missing ones left out). */
export async function creatorsByIds(tenantId: string, creatorIds: readonly string[]): Promise<Creator[]> {
  const items = await batchGet([...new Set(creatorIds)].map((id) => keys.creator(tenantId, id)));
  return items.map(creatorFromItem);
}

/** The fields of a creator in the compact projection (`COMPACT_ATTRIBUTES`): what lists filter and sort by. */
export type CompactCreator = Pick<Creator, 'id' | 'name' | 'role' | 'isOwnBrand' | 'createdAt' | 'spend' | 'impressions' | 'engagement' | 'activitiesCount' | 'totalFollowersCount'>;

/**
 * Every creator of a tenant, own brand included, from the compact projection (gsi5): small
 * entries, not the items, for lists and stats whose order or filter no key holds.
 */
export async function compactCreatorsOfTenant(tenantId: string): Promise<CompactCreator[]> {
  return (await queryIndex(keys.creatorsCompact(tenantId))).map(creatorFromItem);
}

/** Every creator of a tenant, own-brand record included. */
export async function creatorsOfTenant(tenantId: string): Promise<Creator[]> {
  return (await queryPrefix(keys.creatorsOfTenant(tenantId))).map(creatorFromItem);
}

/** Ids of the creators linked to an activity. */
export async function creatorIdsOfActivity(tenantId: string, activityId: string): Promise<Set<string>> {
  const items = await queryPrefix(keys.creatorsOfActivity(tenantId, activityId), {
    ProjectionExpression: 'creatorId',
  });
  return new Set(items.map((item) => item.creatorId as string));
}

/**
 * The own-brand record of a workspace, created the first time. The claim item is written in the
 * same transaction as the record, conditionally, so concurrent first calls create exactly one; the
 * losers read the claim and return the winner's record.
 */
export async function ensureOwnBrand(tenantId: string, name: string): Promise<{ creator: Creator; created: boolean }> {
  const { creator, transactItems } = newCreatorItems(tenantId, { name }, { isOwnBrand: true });
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.ownBrand(tenantId), creatorId: creator.id, createdAt: creator.createdAt },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...transactItems,
        ],
      }),
    );
    return { creator, created: true };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0] !== 'ConditionalCheckFailed') {
      if (reasons?.[3] === 'ConditionalCheckFailed') throw notFound('The workspace');
      throw error;
    }
  }
  const claim = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.ownBrand(tenantId), ConsistentRead: true }));
  const existing = claim.Item && (await getCreator(tenantId, claim.Item.creatorId as string, { consistent: true }));
  // The claim and the record are written and deleted together; a miss means it was deleted just now.
  if (!existing) throw notFound('The own-brand record');
  return { creator: existing, created: false };
}

const TRANSACTION_LIMIT = 100;

/**
 * Deletes a creator permanently: its costs, its notes, its social accounts, its activity links (each activity's
 * creatorsCount goes down with it), the record, its pointer and the own-brand claim when it is the
 * own-brand record, and the tenant's creatorsCount. Links and accounts go first in transactions of
 * their own when there are more than one transaction holds; the record goes last, so a failure
 * midway leaves a creator that can be deleted again.
 */
export async function deleteCreator(tenantId: string, creator: Creator): Promise<void> {
  // First, so that a retry after an interruption still finds the creator and finishes.
  await deleteCostsOfCreator(tenantId, creator.id);
  await deleteNotesOf(tenantId, 'creator', creator.id);
  await deleteFilesOf(tenantId, 'creator', creator.id);
  const [accounts, activityIds] = await Promise.all([socialAccountsOf(tenantId, creator.id), activityIdsOfCreator(tenantId, creator.id)]);
  const dependents = [
    ...accounts.map((a) => socialAccountDeletes(tenantId, a)),
    ...activityIds.map((activityId) => [
      { Delete: { TableName: tableName(), Key: keys.activityCreator(tenantId, activityId, creator.id), ConditionExpression: 'attribute_exists(pk)' } },
      // linksRevision: a metric change of the activity must not count this creator any more.
      aggregateUpdate(keys.activity(tenantId, activityId), { counts: { creatorsCount: -1, linksRevision: 1 } })!,
    ]),
  ];
  const role = onRole(creator.role);
  const final: Record<string, unknown>[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.creator(tenantId, creator.id),
        // The role as read, so that its role counter goes down with it.
        ConditionExpression: `attribute_exists(pk) AND ${role.condition}`,
        ExpressionAttributeNames: role.names,
        ExpressionAttributeValues: role.values,
      },
    },
    pointerDelete(creator.id),
    tenantAggregateUpdate(tenantId, { counts: { creatorsCount: -1 } })!,
    roleMove(tenantId, creatorRoleKey(creator), undefined)!,
    ...(creator.isOwnBrand ? [{ Delete: { TableName: tableName(), Key: keys.ownBrand(tenantId) } }] : []),
  ];
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length) await documentClient().send(new TransactWriteCommand({ TransactItems: batch as never }));
    batch = [];
  };
  try {
    for (const group of dependents) {
      if (batch.length + group.length > TRANSACTION_LIMIT - final.length) await flush();
      batch.push(...group);
    }
    batch.push(...final);
    await flush();
  } catch (error) {
    if (!cancellationReasons(error)?.includes('ConditionalCheckFailed')) throw error;
    // Its role changed since it was read: delete it as it is now (every step before is idempotent).
    const now = await getCreator(tenantId, creator.id, { consistent: true });
    if (now && now.role !== creator.role) return deleteCreator(tenantId, now);
    // A concurrent delete removed the record or one of its links first.
    throw notFound('The creator');
  }
  // A note or file written between the first sweep and the record's removal; none can be written after it.
  await deleteNotesOf(tenantId, 'creator', creator.id);
  await deleteFilesOf(tenantId, 'creator', creator.id);
  // Its activities' days stop naming it, so that no later reading counts for it.
  for (const activityId of activityIds) await placeMetricDays(tenantId, activityId);
}
