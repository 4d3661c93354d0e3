/**
 * Outcome definitions (Form A): what a tenant measures (a KPI's name, kind of value, unit). Each
 * definition keeps `activeMeasurementsCount`, moved with ADD in the same transaction as every
 * measurement create, delete and definition change (shared/db/outcome-measurements.ts), so the
 * soft delete can be conditioned on it: a definition with live measurements is never deleted.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { batchGet, isConditionFailure, queryPrefix, recordOf, transactWrite } from './operations.ts';
import { timeOrderedId } from './ids.ts';
import { pointerPut } from './records.ts';

export interface OutcomeDefinition {
  id: string;
  organizationId: string;
  workspaceId: string;
  name: string;
  description: string | null;
  valueKind: string;
  unitLabel: string | null;
  defaultCurrency: string | null;
  /** Live measurements that use the definition; the delete is blocked while it is above 0. */
  activeMeasurementsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewOutcomeDefinition {
  name: string;
  valueKind: string;
  description?: string | null;
  unitLabel?: string | null;
  defaultCurrency?: string | null;
}

export type OutcomeDefinitionChanges = Partial<NewOutcomeDefinition>;

/** A live definition: stored and not soft-deleted. */
export const LIVE = 'attribute_exists(pk) AND attribute_not_exists(deletedAt)';

const missing = () => notFound('The outcome definition');

export function definitionFromItem(item: Record<string, unknown>): OutcomeDefinition {
  const d = recordOf<OutcomeDefinition & { deletedAt?: string }>(item);
  return {
    id: d.id,
    organizationId: d.organizationId,
    workspaceId: d.workspaceId,
    name: d.name,
    description: d.description ?? null,
    valueKind: d.valueKind,
    unitLabel: d.unitLabel ?? null,
    defaultCurrency: d.defaultCurrency ?? null,
    activeMeasurementsCount: Number(d.activeMeasurementsCount ?? 0),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export async function createOutcomeDefinition(tenantId: string, input: NewOutcomeDefinition): Promise<OutcomeDefinition> {
  const now = new Date();
  const definition: OutcomeDefinition = {
    id: timeOrderedId(now.getTime()),
    organizationId: tenantId,
    workspaceId: tenantId,
    name: input.name,
    description: input.description ?? null,
    valueKind: input.valueKind,
    unitLabel: input.unitLabel ?? null,
    defaultCurrency: input.defaultCurrency ?? null,
    activeMeasurementsCount: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const key = keys.outcomeDefinition(tenantId, definition.id);
  await transactWrite([
    { Put: { TableName: tableName(), Item: { ...key, ...definition }, ConditionExpression: 'attribute_not_exists(pk)' } },
    pointerPut('outcomeDefinition', definition.id, tenantId, key),
  ]);
  return definition;
}

/** The tenant's live definitions, newest first (ids are time-ordered: createdAt, then id). */
export async function outcomeDefinitionsOf(tenantId: string): Promise<OutcomeDefinition[]> {
  const items = await queryPrefix(keys.outcomeDefinitionsOfTenant(tenantId), {
    FilterExpression: 'attribute_not_exists(deletedAt)',
  });
  return items
    .map(definitionFromItem)
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
}

/** A live definition of the tenant, read consistently; undefined when missing or deleted. */
export async function getOutcomeDefinition(tenantId: string, definitionId: string): Promise<OutcomeDefinition | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.outcomeDefinition(tenantId, definitionId), ConsistentRead: true }),
  );
  return out.Item && out.Item.deletedAt === undefined ? definitionFromItem(out.Item) : undefined;
}

/** The definitions with these ids (deleted ones included: a measurement's join never breaks), by id. */
export async function outcomeDefinitionsById(tenantId: string, ids: Iterable<string>): Promise<Map<string, OutcomeDefinition>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.outcomeDefinition(tenantId, id)));
  return new Map(items.map((item) => [item.id as string, definitionFromItem(item)]));
}

/** Sets the fields given (partial update); 404 when the definition is gone or deleted. Returns the whole record. */
export async function updateOutcomeDefinition(
  tenantId: string,
  definitionId: string,
  changes: OutcomeDefinitionChanges,
): Promise<OutcomeDefinition> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['updatedAt = :now'];
  Object.entries(changes).forEach(([field, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  });
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outcomeDefinition(tenantId, definitionId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: LIVE,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return definitionFromItem(out.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw missing();
    throw error;
  }
}

/**
 * Soft-deletes a definition no live measurement uses. `activeMeasurementsCount = 0` is the
 * write's own condition, so a measurement created meanwhile makes it a 409, never an orphan.
 */
export async function deleteOutcomeDefinition(tenantId: string, definitionId: string): Promise<void> {
  const now = new Date().toISOString();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outcomeDefinition(tenantId, definitionId),
        UpdateExpression: 'SET deletedAt = :now, updatedAt = :now',
        ConditionExpression: `${LIVE} AND activeMeasurementsCount = :zero`,
        ExpressionAttributeValues: { ':now': now, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = await getOutcomeDefinition(tenantId, definitionId);
    if (!current) throw missing();
    throw conflict(
      `The outcome definition has ${current.activeMeasurementsCount} active measurement(s); delete them or move them to another definition first.`,
    );
  }
}

/**
 * The transaction item moving a definition's `activeMeasurementsCount` by `by`. Adding requires a
 * live definition (a measurement cannot be put on a deleted one); removing only an existing one.
 */
export function definitionCountUpdate(tenantId: string, definitionId: string, by: 1 | -1) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.outcomeDefinition(tenantId, definitionId),
      UpdateExpression: 'ADD activeMeasurementsCount :by',
      ConditionExpression: by > 0 ? LIVE : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':by': by },
    },
  };
}
