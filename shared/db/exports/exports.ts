/**
 * Exports (docs/exports.md): the job record of one export, in its tenant's partition and addressed by id
 * through its record pointer (so a stranger's GET is a 404, like any record of another tenant).
 *
 * The worker claims an export before it writes (`claimExport`): `queued` becomes `running` under
 * an attempt id and a lease. A redelivered queue message finds it `succeeded` or `failed` (nothing
 * to do: no second file, no second count) or `running` under a live lease (another delivery is at
 * it); a lease run out (a worker that died) may be claimed again, and writes the same object key,
 * so there is still one file. Only the attempt holding the claim may finish it.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { defineEntity, conditionHeld, getRecord, updateRecord } from '../table/entity.ts';
import { absent, all, any, compare, equals } from '../table/expressions.ts';
import { exportKeys } from '../table/keys.ts';
import { timeOrderedId } from '../table/ids.ts';
import { pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';
import { ExportSchema, type ExportFormat, type ExportKind, type ExportRecord } from '../../records/export.ts';

/** How long the file is kept (the exports bucket's lifecycle rule deletes it then). */
export const EXPORT_KEPT_DAYS = 7;

/** How long a claim holds: the worker's timeout (infra/exports.ts takes it), after which another delivery may take over. */
export const EXPORT_LEASE_MS = 15 * 60_000;

const Exports = defineEntity({
  name: 'The export',
  schema: () => z.object({
    ...ExportSchema.shape,
    /** Its object in the exports bucket: chosen at creation, unguessable, never returned. */
    s3Key: z.string(),
    /** The name a download saves it under: ASCII letters, digits, `-` and `.` only. */
    fileName: z.string(),
    /** The attempt holding the claim, and until when (ISO instant). */
    attempt: z.optional(z.nullable(z.string())),
    leaseUntil: z.optional(z.nullable(z.string())),
  }),
  key: exportKeys.record,
});

export type StoredExport = z.infer<typeof Exports.schema>;

export const exportWithObjectFromItem = Exports.fromItem;

/** The record as returned: never the object key or the claim. */
export function publicExport({ s3Key: _k, fileName: _f, attempt: _a, leaseUntil: _l, ...record }: StoredExport): ExportRecord {
  return record;
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'json' };

/** Creates a queued export (and its pointer). */
export async function createExport(tenantId: string, input: { kind: ExportKind; format: ExportFormat; filters: Record<string, unknown> }, now = new Date()): Promise<StoredExport> {
  const id = timeOrderedId(now.getTime());
  const extension = EXTENSIONS[input.format];
  const record: StoredExport = {
    id,
    organizationId: tenantId,
    kind: input.kind,
    format: input.format,
    filters: input.filters,
    status: 'queued',
    rowCount: null,
    createdAt: now.toISOString(),
    completedAt: null,
    expiresAt: null,
    error: null,
    // 128 random bits besides the ids: knowing an export's id is not knowing where its file is.
    s3Key: `exports/${tenantId}/${id}/${randomBytes(16).toString('hex')}.${extension}`,
    fileName: `${input.kind.replaceAll('_', '-')}-${now.toISOString().slice(0, 10)}-${id.slice(0, 8)}.${extension}`,
    attempt: null,
    leaseUntil: null,
  };
  const key = Exports.key(tenantId, id);
  await transact([Exports.tx.put(key, record, { condition: absent }), pointerPut('export', id, tenantId, key)]);
  return record;
}

export function getExport(tenantId: string, exportId: string): Promise<StoredExport | undefined> {
  return getRecord(Exports, Exports.key(tenantId, exportId), { consistent: true });
}

export type Claim = { claimed: true; record: StoredExport } | { claimed: false; reason: 'missing' | 'finished' | 'busy' };

/** Takes the export for one attempt until `leaseUntil` (see the module's comment). */
export async function claimExport(tenantId: string, exportId: string, attempt: string, now: Date, leaseMs: number): Promise<Claim> {
  const key = Exports.key(tenantId, exportId);
  let record: StoredExport | undefined;
  const held = await conditionHeld(async (failure) => {
    record = await updateRecord(
      Exports,
      key,
      { set: { status: 'running', attempt, leaseUntil: new Date(now.getTime() + leaseMs).toISOString() } },
      {
        condition: any(equals('status', 'queued'), all(equals('status', 'running'), compare('leaseUntil', '<', now.toISOString()))),
        failure,
      },
    );
  });
  if (held && record) return { claimed: true, record };
  const current = await getExport(tenantId, exportId);
  if (!current) return { claimed: false, reason: 'missing' };
  return { claimed: false, reason: current.status === 'running' ? 'busy' : 'finished' };
}

const holding = (attempt: string) => all(equals('status', 'running'), equals('attempt', attempt));

/** Marks the claimed export succeeded with its row count; false when the claim was lost meanwhile. */
export function completeExport(tenantId: string, exportId: string, attempt: string, rowCount: number, now = new Date()): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + EXPORT_KEPT_DAYS * 86_400_000).toISOString();
  return conditionHeld((failure) =>
    updateRecord(Exports, Exports.key(tenantId, exportId), { set: { status: 'succeeded', rowCount, completedAt: now.toISOString(), expiresAt }, remove: ['attempt', 'leaseUntil'] }, { condition: holding(attempt), failure }),
  );
}

/** Marks the claimed export failed with the problem document that says why. */
export function failExport(tenantId: string, exportId: string, attempt: string, error: NonNullable<ExportRecord['error']>, now = new Date()): Promise<boolean> {
  return conditionHeld((failure) =>
    updateRecord(Exports, Exports.key(tenantId, exportId), { set: { status: 'failed', error, completedAt: now.toISOString() }, remove: ['attempt', 'leaseUntil'] }, { condition: holding(attempt), failure }),
  );
}
