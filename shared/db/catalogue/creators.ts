/**
 * Creators (Form A): people, communities and brand partners a workspace works with, plus one
 * own-brand record per workspace. Each creator item keeps its stored aggregates (activity count,
 * follower total, impressions, engagement, costs and spend per currency) as attributes.
 *
 * This module holds the record shape and its creation and reads; the Creators group extends it.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { roundSpend } from '../../domain/currencies.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { activityIdsOfCreator } from './activities.ts';
import { aggregateUpdate, tenantAggregateUpdate, withoutReportingCounters } from '../table/aggregates.ts';
import { conditionHeld, defineEntity, defineProjection, getRecord, updateRecord } from '../table/entity.ts';
import { absent, all, asRead, exists } from '../table/expressions.ts';
import { placeMetricDays } from '../metrics/metric-days.ts';
import type { KeyCondition } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import { deleteCostsOfCreator } from './costs.ts';
import { batchGet, recordOf } from '../table/operations.ts';
import { queryItems, queryRecords } from '../table/query.ts';
import { CreatorLinks } from './creator-links.ts';
import { deleteFilesOf } from '../evidence/files.ts';
import { deleteNotesOf } from '../evidence/notes.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { socialAccountDeletes, socialAccountsOf } from './social-accounts.ts';
import { SPEND_ORDER_ATTRIBUTE } from './spend-order.ts';
import { indexPage, type PageRequest } from '../table/paging.ts';
import { transact, transactionsOf, type TransactItem } from '../table/transact.ts';
import { valueCounts, valueMove } from '../table/value-counters.ts';
import type { CreatorRole, Creator } from '../../records/creator.ts';
export type { Creator } from '../../records/creator.ts';

import { Creators } from './creator-entity.ts';

/** The workspace's claim on its one own-brand record (`ensureOwnBrand`). */
const OwnBrandClaims = defineEntity({
  name: 'The own-brand record',
  schema: () => z.object({ creatorId: z.string(), createdAt: z.string() }),
  key: keys.ownBrand,
});

/** A creator's link to an activity (written by activities.ts), as the creator's delete removes it. */
const ActivityLinks = defineProjection(CreatorLinks, () => z.object({ creatorId: z.string() }));

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

const roleMove = (tenantId: string, from: string | undefined, to: string | undefined) =>
  valueMove(keys.creatorRoles(tenantId), from, to);

/** The condition that a creator's role is still the one read (null: none, stored as null or absent), for a write that moves its role counter. */
const onRole = (role: string | null) => asRead('role', role);

/** How many of the tenant's creators count under each role (`creatorRoleKey`; none at 0): the list's facet and total. */
export function creatorRoleCounts(tenantId: string): Promise<Record<string, number>> {
  return valueCounts(keys.creatorRoles(tenantId));
}

/**
 * One page of the tenant's creators (own brand left out) in an order kept in an index key
 * (`collections.creatorsByCreation`, `creatorsByName`, `creatorsByImpressions`, `creatorsByEngagement`,
 * `creatorsBySpend`),
 * without reading the others (see `indexPage`).
 */
export async function creatorPage(
  order: KeyCondition,
  page: PageRequest,
  direction: 'asc' | 'desc',
): Promise<Creator[]> {
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
    ...Creators.emptyCounters(),
    createdAt: now,
    updatedAt: now,
  };
  const key = Creators.key(tenantId, creator.id);
  const transactItems: TransactItem[] = [
    // Its spend in the tenant's currency (gsi9's sort key, spend-order.ts), none yet.
    Creators.tx.put(key, creator, { condition: absent }, { [SPEND_ORDER_ATTRIBUTE]: 0 }),
    pointerPut('creator', creator.id, tenantId, key),
    { ...tenantAggregateUpdate(tenantId, { counts: { creatorsCount: 1 } })!, failure: () => notFound('The workspace') },
    roleMove(tenantId, undefined, creatorRoleKey(creator))!,
  ];
  return { creator, transactItems };
}

export async function createCreator(tenantId: string, input: NewCreator): Promise<Creator> {
  const { creator, transactItems } = newCreatorItems(tenantId, input);
  await transact(transactItems);
  return creator;
}

/** The record as shown: reporting's counters and the spend order's key left out, spend rounded, currencies whose spend went back to 0 left out. */
function shown(stored: Creator): Creator {
  const { [SPEND_ORDER_ATTRIBUTE]: _order, ...creator } = withoutReportingCounters(
    stored as Creator & { [SPEND_ORDER_ATTRIBUTE]?: number },
  );
  return { ...creator, spend: roundSpend(creator.spend) };
}

/** The record of a stored creator item, as shown. */
export const creatorFromItem = (item: Record<string, unknown>): Creator => shown(Creators.fromItem(item));

export async function getCreator(
  tenantId: string,
  creatorId: string,
  { consistent = false } = {},
): Promise<Creator | undefined> {
  const stored = await getRecord(Creators, Creators.key(tenantId, creatorId), { consistent });
  return stored && shown(stored);
}

export type CreatorChanges = Partial<Pick<Creator, 'name' | 'email' | 'role' | 'country' | 'notes'>>;

/**
 * Sets the fields given (and `updatedAt`); 404 when the creator is gone. Returns the whole record.
 * A name change rewrites its name-order key; a role change moves the role counters in the same
 * transaction, conditioned on the role it leaves (read again when it changed meanwhile).
 */
export async function updateCreator(tenantId: string, creatorId: string, changes: CreatorChanges): Promise<Creator> {
  const key = Creators.key(tenantId, creatorId);
  // Only the sort key: the own-brand record, which has no partition key there, stays out of the index.
  const nameKey =
    changes.name === undefined ? {} : { gsi2sk: keys.creatorByName(tenantId, changes.name, creatorId).gsi2sk };
  const set = { ...changes, updatedAt: new Date().toISOString(), ...nameKey };
  for (let attempt = 0; attempt < 5; attempt++) {
    const read = changes.role === undefined ? undefined : await getCreator(tenantId, creatorId, { consistent: true });
    if (changes.role !== undefined && !read) throw Creators.missing();
    const move = read && roleMove(tenantId, creatorRoleKey(read), creatorRoleKey({ ...read, role: changes.role! }));
    if (!move) return shown(await updateRecord(Creators, key, { set }));
    // The role changed since it was read (or the creator went): read it again.
    const moved = await conditionHeld((failure) =>
      transact([Creators.tx.update(key, { set }, { condition: all(exists, onRole(read.role)), failure }), move]),
    );
    if (!moved) continue;
    const after = await getCreator(tenantId, creatorId, { consistent: true });
    if (!after) throw Creators.missing();
    return after;
  }
  throw conflict('The creator kept changing meanwhile; retry.');
}

/** The creators of a tenant with these ids (missing ones left out). */
export async function creatorsByIds(tenantId: string, creatorIds: readonly string[]): Promise<Creator[]> {
  const items = await batchGet(creatorIds.map((id) => keys.creator(tenantId, id)));
  return items.map(creatorFromItem);
}

/** The fields of a creator in the compact projection (`COMPACT_ATTRIBUTES`): what lists filter and sort by. */
export type CompactCreator = Pick<
  Creator,
  | 'id'
  | 'name'
  | 'role'
  | 'isOwnBrand'
  | 'createdAt'
  | 'spend'
  | 'impressions'
  | 'engagement'
  | 'activitiesCount'
  | 'totalFollowersCount'
>;

/**
 * Every creator of a tenant, own brand included, from the compact projection (gsi5): small
 * entries, not the items, for lists and stats whose order or filter no key holds.
 */
export async function compactCreatorsOfTenant(tenantId: string): Promise<CompactCreator[]> {
  return (await queryItems(Creators.query.compact(tenantId))).map(creatorFromItem);
}

/** The fields of a creator in the search projection (`CREATOR_SEARCH_ATTRIBUTES`): what a search term matches. */
export type SearchableCreator = Pick<Creator, 'id' | 'name' | 'email' | 'notes'>;

/**
 * Every creator of a tenant, own brand included, from the search projection (gsi6): the fields a
 * search matches, which the compact projection leaves out so that its reads stay small.
 */
export async function searchableCreatorsOfTenant(tenantId: string): Promise<SearchableCreator[]> {
  return (await queryItems(Creators.query.search(tenantId))).map(recordOf<SearchableCreator>);
}

/** Every creator of a tenant, own-brand record included, as full items: no list reads these (the tests compare with them). */
export async function creatorsOfTenant(tenantId: string): Promise<Creator[]> {
  return (await queryRecords(Creators.query.ofTenant(tenantId))).map(shown);
}

/** Ids of the creators linked to an activity. */
export async function creatorIdsOfActivity(tenantId: string, activityId: string): Promise<Set<string>> {
  const items = await queryItems(CreatorLinks.query.ofActivity(tenantId, activityId), { attributes: ['creatorId'] });
  return new Set(items.map((item) => item.creatorId as string));
}

/**
 * The own-brand record of a workspace, created the first time. The claim item is written in the
 * same transaction as the record, conditionally, so concurrent first calls create exactly one; the
 * losers read the claim and return the winner's record.
 */
export async function ensureOwnBrand(tenantId: string, name: string): Promise<{ creator: Creator; created: boolean }> {
  const { creator, transactItems } = newCreatorItems(tenantId, { name }, { isOwnBrand: true });
  const claimKey = OwnBrandClaims.key(tenantId);
  // A lost race is the claim's own failure; a gone workspace is its aggregate's (404).
  const won = await conditionHeld((failure) =>
    transact([
      OwnBrandClaims.tx.put(
        claimKey,
        { creatorId: creator.id, createdAt: creator.createdAt },
        { condition: absent, failure },
      ),
      ...transactItems,
    ]),
  );
  if (won) return { creator, created: true };
  const claim = await getRecord(OwnBrandClaims, claimKey, { consistent: true });
  const existing = claim && (await getCreator(tenantId, claim.creatorId, { consistent: true }));
  // The claim and the record are written and deleted together; a miss means it was deleted just now.
  if (!existing) throw OwnBrandClaims.missing();
  return { creator: existing, created: false };
}

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
  const [accounts, activityIds] = await Promise.all([
    socialAccountsOf(tenantId, creator.id),
    activityIdsOfCreator(tenantId, creator.id),
  ]);
  // Every condition failing means the same: a concurrent change (or delete) got there first.
  const deleted = await conditionHeld(async (failure) => {
    const dependents: TransactItem[][] = [
      ...accounts.map((a) => socialAccountDeletes(tenantId, a)),
      ...activityIds.map((activityId) => [
        ActivityLinks.tx.delete(ActivityLinks.key(tenantId, activityId, creator.id), { failure }),
        // linksRevision: a metric change of the activity must not count this creator any more.
        {
          ...aggregateUpdate(keys.activity(tenantId, activityId), { counts: { creatorsCount: -1, linksRevision: 1 } })!,
          failure,
        },
      ]),
    ];
    const final: TransactItem[] = [
      // The role as read, so that its role counter goes down with it.
      Creators.tx.delete(Creators.key(tenantId, creator.id), { condition: all(exists, onRole(creator.role)), failure }),
      pointerDelete(creator.id),
      { ...tenantAggregateUpdate(tenantId, { counts: { creatorsCount: -1 } })!, failure },
      roleMove(tenantId, creatorRoleKey(creator), undefined)!,
      ...(creator.isOwnBrand ? [OwnBrandClaims.tx.delete(OwnBrandClaims.key(tenantId), { condition: null })] : []),
    ];
    const batches = transactionsOf(dependents, final.length).map((groups) => groups.flat());
    for (const batch of batches.slice(0, -1)) await transact(batch);
    await transact([...(batches.at(-1) ?? []), ...final]);
  });
  if (!deleted) {
    // Its role changed since it was read: delete it as it is now (every step before is idempotent).
    const now = await getCreator(tenantId, creator.id, { consistent: true });
    if (now && now.role !== creator.role) return deleteCreator(tenantId, now);
    // A concurrent delete removed the record or one of its links first.
    throw Creators.missing();
  }
  // A note or file written between the first sweep and the record's removal; none can be written after it.
  await deleteNotesOf(tenantId, 'creator', creator.id);
  await deleteFilesOf(tenantId, 'creator', creator.id);
  // Its activities' days stop naming it, so that no later reading counts for it.
  for (const activityId of activityIds) await placeMetricDays(tenantId, activityId);
}
