/**
 * Creators (Form A): people, communities and brand partners a workspace works with, plus one
 * own-brand record per workspace. Each creator item keeps its stored aggregates (activity count,
 * follower total, impressions, engagement, costs and spend per currency) as attributes.
 *
 * This module holds the record shape and its creation and reads; the Creators group extends it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '../http/problem.ts';
import { emptyAggregate, tenantAggregateUpdate } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { cancellationReasons, recordOf } from './operations.ts';
import { pointerPut } from './records.ts';

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

/** The creator item and the writes that create it (record, pointer, tenant count). */
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
      { Put: { TableName: tableName(), Item: { ...key, ...creator }, ConditionExpression: 'attribute_not_exists(pk)' } },
      pointerPut('creator', creator.id, tenantId, key),
      tenantAggregateUpdate(tenantId, { counts: { creatorsCount: 1 } })!,
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

export function creatorFromItem(item: Record<string, unknown>): Creator {
  return recordOf<Creator>(item);
}

export async function getCreator(tenantId: string, creatorId: string): Promise<Creator | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.creator(tenantId, creatorId) }));
  return out.Item ? creatorFromItem(out.Item) : undefined;
}
