/**
 * Records addressed by id alone (a creator at /v1/creators/:id, say): a pointer item per record
 * names its tenant and key. Authorization reads the pointer (one GetItem), then the caller's membership and
 * the record itself in one batch — two round trips for any single-record read.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { keys, type Key } from './keys.ts';

export type RecordKind =
  | 'creator'
  | 'activity'
  | 'campaign'
  | 'campaignActivity'
  | 'cost'
  | 'note'
  | 'file'
  | 'expenseCategory'
  | 'outcomeDefinition'
  | 'outcomeMeasurement';

export interface RecordLocation {
  tenantId: string;
  recordKey: Key;
}

/** The pointer's Put, for the transaction that creates the record. */
export function pointerPut(kind: RecordKind, recordId: string, tenantId: string, recordKey: Key) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.recordPointer(recordId), kind, tenantId, recordPk: recordKey.pk, recordSk: recordKey.sk },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The pointer's Delete, for the transaction (or batch) that deletes the record. */
export function pointerDelete(recordId: string) {
  return { Delete: { TableName: tableName(), Key: keys.recordPointer(recordId) } };
}

/** Where a record of this kind lives, or undefined when there is none. */
export async function locate(kind: RecordKind, recordId: string): Promise<RecordLocation | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.recordPointer(recordId), ConsistentRead: true }));
  const item = out.Item;
  if (!item || item.kind !== kind) return undefined;
  return { tenantId: item.tenantId as string, recordKey: { pk: item.recordPk as string, sk: item.recordSk as string } };
}

/** `tenantOf` for a handler whose input names a record of `kind` in `field`. */
export function recordTenant<I extends Record<string, unknown>>(kind: RecordKind, field: keyof I & string): (input: I) => Promise<RecordLocation | undefined> {
  return (input) => locate(kind, input[field] as string);
}
