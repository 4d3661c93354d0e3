/**
 * The records that notes and files attach to (ENTITY_TYPE / OWNER_TYPE of interface.md: activity,
 * campaign, creator) and their keys, so that a note or a file is written only on the condition that
 * its entity exists in the tenant (a ConditionCheck in the same transaction).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys, type Key } from './keys.ts';

export const ENTITY_TYPES = ['activity', 'campaign', 'creator'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The key of an entity of the tenant. */
export function entityKey(tenantId: string, entityType: EntityType, entityId: string): Key {
  if (entityType === 'creator') return keys.creator(tenantId, entityId);
  if (entityType === 'activity') return keys.activity(tenantId, entityId);
  return keys.campaign(tenantId, entityId);
}

/** A live entity: stored, and not being deleted (a campaign marked `deletingAt` reads as gone). */
const LIVE = 'attribute_exists(pk) AND attribute_not_exists(deletingAt)';

/** The entity's existence as a transaction item (404 `entityMissing` when its condition fails). */
export function entityExists(tenantId: string, entityType: EntityType, entityId: string) {
  return { ConditionCheck: { TableName: tableName(), Key: entityKey(tenantId, entityType, entityId), ConditionExpression: LIVE } };
}

export const entityMissing = (entityType: EntityType) => notFound(`The ${entityType}`);

/** Whether the entity exists in the tenant and is not being deleted (one strongly consistent read). */
export async function entityStored(tenantId: string, entityType: EntityType, entityId: string): Promise<boolean> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: entityKey(tenantId, entityType, entityId), ProjectionExpression: 'pk, deletingAt', ConsistentRead: true }),
  );
  return out.Item !== undefined && out.Item.deletingAt === undefined;
}
