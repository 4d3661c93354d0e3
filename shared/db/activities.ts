/**
 * Activities (Form B): single pieces of content on a platform. Each activity item keeps its stored
 * aggregates (linked creators, costs, spend per currency, impressions, engagement) as attributes.
 * Creator links are items of their own (`keys.activityCreator`), indexed by creator on gsi2.
 *
 * This module holds the record shape, creation (with the optional creator auto-link) and reads;
 * the Activities group extends it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../http/problem.ts';
import { aggregateUpdate, emptyAggregate, tenantAggregateUpdate } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { cancellationReasons, recordOf } from './operations.ts';
import { pointerPut } from './records.ts';

export const ACTIVITY_COUNTERS = ['creatorsCount', 'costsCount', 'impressions', 'engagement'] as const;

export interface Activity {
  id: string;
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  organizationId: string;
  workspaceId: string;
  channel: string;
  activity: string;
  name: string;
  startAt: string | null;
  endAt: string | null;
  contentHref: string | null;
  viewsCount: number | null;
  likeCount: number | null;
  replyCount: number | null;
  /** The campaign it belongs to (one at a time); set by the Campaigns group. */
  campaignId: string | null;
  creatorsCount: number;
  costsCount: number;
  impressions: number;
  engagement: number;
  spend: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export interface NewActivity {
  channel: string;
  activity: string;
  name: string;
  startAt?: string | null;
  endAt?: string | null;
  creatorId?: string;
}

/** The writes that link a creator to an activity, with both records' counters. */
export function linkCreatorItems(tenantId: string, activityId: string, creatorId: string) {
  const now = new Date().toISOString();
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.activityCreator(tenantId, activityId, creatorId),
          ...keys.activityOfCreator(tenantId, creatorId, activityId),
          activityId,
          creatorId,
          createdAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    aggregateUpdate(keys.activity(tenantId, activityId), { counts: { creatorsCount: 1 } }, { mustExist: false })!,
    aggregateUpdate(keys.creator(tenantId, creatorId), { counts: { activitiesCount: 1 } })!,
  ];
}

export async function createActivity(tenantId: string, input: NewActivity): Promise<Activity> {
  const now = new Date().toISOString();
  const activity: Activity = {
    id: randomUUID(),
    organizationId: tenantId,
    workspaceId: tenantId,
    channel: input.channel,
    activity: input.activity,
    name: input.name,
    startAt: input.startAt ?? null,
    endAt: input.endAt ?? null,
    contentHref: null,
    viewsCount: null,
    likeCount: null,
    replyCount: null,
    campaignId: null,
    ...(emptyAggregate(ACTIVITY_COUNTERS) as Pick<Activity, (typeof ACTIVITY_COUNTERS)[number] | 'spend'>),
    createdAt: now,
    updatedAt: now,
  };
  const key = keys.activity(tenantId, activity.id);
  const link = input.creatorId ? linkCreatorItems(tenantId, activity.id, input.creatorId) : [];
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          // The link's counter update on this new activity would conflict with its Put: start at 1 instead.
          {
            Put: {
              TableName: tableName(),
              Item: { ...key, ...activity, creatorsCount: link.length ? 1 : 0 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          pointerPut('activity', activity.id, tenantId, key),
          tenantAggregateUpdate(tenantId, { counts: { activitiesCount: 1 } })!,
          ...(link.length ? [link[0]!, link[2]!] : []),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[2] === 'ConditionalCheckFailed') throw notFound('The organization');
    if (reasons?.[4] === 'ConditionalCheckFailed') throw notFound('The creator');
    if (reasons?.[3] === 'ConditionalCheckFailed') throw conflict('The creator is already linked.');
    throw error;
  }
  return { ...activity, creatorsCount: link.length ? 1 : 0 };
}

export function activityFromItem(item: Record<string, unknown>): Activity {
  return recordOf<Activity>(item);
}

export async function getActivity(tenantId: string, activityId: string): Promise<Activity | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId) }));
  return out.Item ? activityFromItem(out.Item) : undefined;
}
