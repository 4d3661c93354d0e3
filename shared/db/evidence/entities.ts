/**
 * The records that notes and files attach to (ENTITY_TYPE / OWNER_TYPE of docs/spec/interface.md: activity,
 * campaign, creator) and their keys, so that a note or a file is written only on the condition that
 * its entity exists in the tenant (a ConditionCheck in the same transaction).
 */
import * as z from 'zod/mini';
import { notFound } from '../../domain/errors.ts';
import { defineEntity, getRecord } from '../table/entity.ts';
import { all, has, lacks } from '../table/expressions.ts';
import type { Key } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import { ENTITY_TYPES, type EntityType } from '../../records/fields.ts';

export { ENTITY_TYPES, type EntityType };

/** The key of an entity of the tenant. */
export function entityKey(tenantId: string, entityType: EntityType, entityId: string): Key {
  if (entityType === 'creator') return keys.creator(tenantId, entityId);
  if (entityType === 'activity') return keys.activity(tenantId, entityId);
  return keys.campaign(tenantId, entityId);
}

/** What notes and files need of the entity they attach to: whether it is live (its record is its repository's). */
const Attachable = defineEntity({
  name: 'The entity',
  schema: () => z.object({ deletingAt: z.optional(z.string()) }),
  key: entityKey,
});

/** A live entity: stored, and not being deleted (a campaign marked `deletingAt` reads as gone). */
const live = all(has('pk'), lacks('deletingAt'));

export const entityMissing = (entityType: EntityType) => notFound(`The ${entityType}`);

/** The entity's existence as a transaction item (404 `entityMissing` when its condition fails). */
export function entityExists(tenantId: string, entityType: EntityType, entityId: string) {
  return Attachable.tx.check(Attachable.key(tenantId, entityType, entityId), {
    condition: live,
    failure: () => entityMissing(entityType),
  });
}

/** Whether the entity exists in the tenant and is not being deleted (one strongly consistent read). */
export async function entityStored(tenantId: string, entityType: EntityType, entityId: string): Promise<boolean> {
  const entity = await getRecord(Attachable, Attachable.key(tenantId, entityType, entityId), {
    consistent: true,
    attributes: ['deletingAt'],
  });
  return entity !== undefined && entity.deletingAt === undefined;
}
