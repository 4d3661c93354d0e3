/**
 * Records addressed by id alone (a creator at /v1/creators/:id, say): a pointer item per record
 * names its tenant and key. Authorization reads the pointer (one GetItem), then the caller's membership and
 * the record itself in one batch — two round trips for any single-record read.
 */
import * as z from 'zod/mini';
import { defineEntity, getRecord } from './entity.ts';
import { absent } from './expressions.ts';
import type { Key } from './keys.ts';
import * as keys from './item-keys.ts';

export const RECORD_KINDS = [
  'creator',
  'activity',
  'campaign',
  'campaignActivity',
  'cost',
  'note',
  'file',
  'expenseCategory',
  'outcomeDefinition',
  'outcomeMeasurement',
  'export',
  'webhookEndpoint',
  'webhookDelivery',
  'reportLink',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const RecordPointers = defineEntity({
  name: 'The record',
  schema: () =>
    z.object({ kind: z.enum(RECORD_KINDS), tenantId: z.string(), recordPk: z.string(), recordSk: z.string() }),
  key: keys.recordPointer,
});

export interface RecordLocation {
  tenantId: string;
  recordKey: Key;
}

/** The pointer's Put, for the transaction that creates the record (a bare SDK item: callers also send it raw). */
export function pointerPut(kind: RecordKind, recordId: string, tenantId: string, recordKey: Key) {
  const pointer = { kind, tenantId, recordPk: recordKey.pk, recordSk: recordKey.sk };
  return { Put: RecordPointers.tx.put(RecordPointers.key(recordId), pointer, { condition: absent }).Put };
}

/** The pointer's Delete, for the transaction (or batch) that deletes the record. */
export function pointerDelete(recordId: string) {
  return { Delete: RecordPointers.tx.delete(RecordPointers.key(recordId), { condition: null }).Delete };
}

/** Where a record of this kind lives, or undefined when there is none. */
export async function locate(kind: RecordKind, recordId: string): Promise<RecordLocation | undefined> {
  const pointer = await getRecord(RecordPointers, RecordPointers.key(recordId), { consistent: true });
  if (!pointer || pointer.kind !== kind) return undefined;
  return { tenantId: pointer.tenantId, recordKey: { pk: pointer.recordPk, sk: pointer.recordSk } };
}

/** `tenantOf` for a handler whose input names a record of `kind` in `field`. */
export function recordTenant<I extends Record<string, unknown>>(
  kind: RecordKind,
  field: keyof I & string,
): (input: I) => Promise<RecordLocation | undefined> {
  return (input) => locate(kind, input[field] as string);
}
