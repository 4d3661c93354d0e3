/**
 * Outcome definitions (Form A): what a tenant measures (a KPI's name, kind of value, unit). Each
 * definition keeps `activeMeasurementsCount`, moved with ADD in the same transaction as every
 * measurement create, delete and definition change (shared/db/evidence/outcome-measurements.ts), so the
 * soft delete can be conditioned on it: a definition with live measurements is never deleted.
 */
import * as z from 'zod/mini';
import { ConflictError, conflict } from '../../domain/errors.ts';
import { defineEntity, getRecord, updateRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import { absent, all, equals, exists, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchGet } from '../table/operations.ts';
import { timeOrderedId } from '../table/ids.ts';
import { pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';
import { OutcomeDefinitionSchema } from '../../records/outcome-definition.ts';

const Definitions = defineEntity({
  name: 'The outcome definition',
  schema: () =>
    z.object({
      ...OutcomeDefinitionSchema.shape,
      /** A soft-deleted definition stays, so that its measurements' join never breaks. */
      deletedAt: z.optional(z.string()),
    }),
  key: keys.outcomeDefinition,
  queries: { ofTenant: collections.outcomeDefinitionsOfTenant },
});

type StoredDefinition = z.infer<typeof Definitions.schema>;
export type OutcomeDefinition = z.infer<typeof OutcomeDefinitionSchema>;

export interface NewOutcomeDefinition {
  name: string;
  valueKind: string;
  description?: string | null;
  unitLabel?: string | null;
  defaultCurrency?: string | null;
}

export type OutcomeDefinitionChanges = Partial<NewOutcomeDefinition>;

/** A live definition: stored and not soft-deleted. */
const live = all(has('pk'), lacks('deletedAt'));

export function definitionFromItem(item: Record<string, unknown>): OutcomeDefinition {
  return publicView(Definitions.fromItem(item));
}

/** The record as returned; fields older items may lack read as null / 0. */
function publicView(d: StoredDefinition): OutcomeDefinition {
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

export async function createOutcomeDefinition(
  tenantId: string,
  input: NewOutcomeDefinition,
): Promise<OutcomeDefinition> {
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
  const key = Definitions.key(tenantId, definition.id);
  await transact([
    Definitions.tx.put(key, definition, { condition: absent }),
    pointerPut('outcomeDefinition', definition.id, tenantId, key),
  ]);
  return definition;
}

/** The tenant's live definitions, newest first (ids are time-ordered: createdAt, then id). */
export async function outcomeDefinitionsOf(tenantId: string): Promise<OutcomeDefinition[]> {
  const stored = await queryRecords(Definitions.query.ofTenant(tenantId));
  return stored
    .filter((d) => d.deletedAt === undefined)
    .map(publicView)
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
}

/** A live definition of the tenant, read consistently; undefined when missing or deleted. */
export async function getOutcomeDefinition(
  tenantId: string,
  definitionId: string,
): Promise<OutcomeDefinition | undefined> {
  const stored = await getRecord(Definitions, Definitions.key(tenantId, definitionId), { consistent: true });
  return stored && stored.deletedAt === undefined ? publicView(stored) : undefined;
}

/** The definitions with these ids (deleted ones included: a measurement's join never breaks), by id. */
export async function outcomeDefinitionsById(
  tenantId: string,
  ids: Iterable<string>,
): Promise<Map<string, OutcomeDefinition>> {
  const items = await batchGet([...ids].map((id) => Definitions.key(tenantId, id)));
  return new Map(items.map((item) => [item.id as string, definitionFromItem(item)]));
}

/** Sets the fields given (partial update); 404 when the definition is gone or deleted. Returns the whole record. */
export async function updateOutcomeDefinition(
  tenantId: string,
  definitionId: string,
  changes: OutcomeDefinitionChanges,
): Promise<OutcomeDefinition> {
  const { name, valueKind, description, unitLabel, defaultCurrency } = changes;
  const updated = await updateRecord(
    Definitions,
    Definitions.key(tenantId, definitionId),
    {
      set: { name, valueKind, description, unitLabel, defaultCurrency, updatedAt: new Date().toISOString() },
    },
    { condition: live },
  );
  return publicView(updated);
}

/**
 * Soft-deletes a definition no live measurement uses. `activeMeasurementsCount = 0` is the
 * write's own condition, so a measurement created meanwhile makes it a 409, never an orphan.
 */
export async function deleteOutcomeDefinition(tenantId: string, definitionId: string): Promise<void> {
  const now = new Date().toISOString();
  const inUse = () => conflict('in use');
  try {
    await updateRecord(
      Definitions,
      Definitions.key(tenantId, definitionId),
      { set: { deletedAt: now, updatedAt: now } },
      {
        condition: all(live, equals('activeMeasurementsCount', 0)),
        failure: inUse,
      },
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const current = await getOutcomeDefinition(tenantId, definitionId);
    if (!current) throw Definitions.missing();
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
  const { Update } = Definitions.tx.update(
    Definitions.key(tenantId, definitionId),
    { add: { activeMeasurementsCount: by } },
    { condition: by > 0 ? live : exists },
  );
  // Bare: the measurement writes read the cancellation reasons themselves (outcome-measurements.ts).
  return { Update };
}
