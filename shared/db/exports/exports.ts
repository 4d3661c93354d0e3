/**
 * Exports: the job record of one export, in its tenant's partition and addressed by id
 * through its record pointer (so a stranger's GET is a 404, like any record of another tenant).
 *
 * Creating one is limited per tenant (docs/decisions.md "The service's own routes"): it takes one of
 * the tenant's EXPORTS_AT_ONCE slots (export-slots.ts), given back when it succeeds or fails, and
 * counts against the exports started per day (rate-limits.ts), both in its own transaction; past
 * either, 429 with Retry-After and nothing written.
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
import { countAgainst, LIMITS } from '../tenancy/rate-limits.ts';
import { rateLimited } from '../../domain/errors.ts';
import { EXPORTS_AT_ONCE, releaseSlot, SlotTaken, takeSlot } from './export-slots.ts';
import { ExportSchema, type ExportFormat, type ExportKind, type ExportRecord } from '../../records/export.ts';

/** How long the file is kept (the exports bucket's lifecycle rule deletes it then). */
export const EXPORT_KEPT_DAYS = 7;

/** How long a claim holds: the worker's timeout (infra/exports.ts takes it), after which another delivery may take over. */
export const EXPORT_LEASE_MS = 15 * 60_000;

const Exports = defineEntity({
  name: 'The export',
  schema: () =>
    z.object({
      ...ExportSchema.shape,
      /** Its object in the exports bucket: chosen at creation, unguessable, never returned. */
      s3Key: z.string(),
      /** The name a download saves it under: ASCII letters, digits, `-` and `.` only. */
      fileName: z.string(),
      /** The attempt holding the claim, and until when (ISO instant). */
      attempt: z.optional(z.nullable(z.string())),
      leaseUntil: z.optional(z.nullable(z.string())),
      /** The slot it holds until it finishes (absent on exports created before slots). */
      slot: z.optional(z.number()),
    }),
  key: exportKeys.record,
});

export type StoredExport = z.infer<typeof Exports.schema>;

export const exportWithObjectFromItem = Exports.fromItem;

/** The record as returned: never the object key or the claim. */
export function publicExport({
  s3Key: _k,
  fileName: _f,
  attempt: _a,
  leaseUntil: _l,
  slot: _s,
  ...record
}: StoredExport): ExportRecord {
  return record;
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'json' };

/** How long a client refused for exports running at once waits: most exports finish within it. */
export const SLOTS_RETRY_AFTER_SECONDS = 60;

/**
 * Creates a queued export (and its pointer) in a free slot, counted against the day's exports;
 * 429 when the day's are used up or every slot is held. The slots are tried from a random one, so
 * concurrent creates seldom race for the same.
 */
export async function createExport(
  tenantId: string,
  input: { kind: ExportKind; format: ExportFormat; filters: Record<string, unknown> },
  now = new Date(),
): Promise<StoredExport> {
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
  const first = Math.floor(Math.random() * EXPORTS_AT_ONCE);
  for (let n = 0; n < EXPORTS_AT_ONCE; n++) {
    const slot = (first + n) % EXPORTS_AT_ONCE;
    const held = { ...record, slot };
    try {
      // The day's count first: when it is used up too, its Retry-After (the day's end) is the one that helps.
      await transact([
        ...countAgainst([{ limit: LIMITS.exportsPerTenant, by: tenantId }], now.getTime()),
        takeSlot(tenantId, slot, id, now),
        Exports.tx.put(key, held, { condition: absent }),
        pointerPut('export', id, tenantId, key),
      ]);
      return held;
    } catch (error) {
      if (!(error instanceof SlotTaken)) throw error;
    }
  }
  throw rateLimited(
    `An organization may run at most ${EXPORTS_AT_ONCE} exports at once, queued ones included, and this one has reached that limit; retry after Retry-After seconds.`,
    SLOTS_RETRY_AFTER_SECONDS,
  );
}

/** Gives back the slot an export holds (its end, or a queue that never took it). */
export async function releaseExportSlot(record: Pick<StoredExport, 'organizationId' | 'id' | 'slot'>): Promise<void> {
  if (record.slot !== undefined) await releaseSlot(record.organizationId, record.slot, record.id);
}

export function getExport(tenantId: string, exportId: string): Promise<StoredExport | undefined> {
  return getRecord(Exports, Exports.key(tenantId, exportId), { consistent: true });
}

export type Claim =
  | { claimed: true; record: StoredExport }
  | { claimed: false; reason: 'missing' | 'finished' | 'busy' };

/** Takes the export for one attempt until `leaseUntil` (see the module's comment). */
export async function claimExport(
  tenantId: string,
  exportId: string,
  attempt: string,
  now: Date,
  leaseMs: number,
): Promise<Claim> {
  const key = Exports.key(tenantId, exportId);
  let record: StoredExport | undefined;
  const held = await conditionHeld(async (failure) => {
    record = await updateRecord(
      Exports,
      key,
      { set: { status: 'running', attempt, leaseUntil: new Date(now.getTime() + leaseMs).toISOString() } },
      {
        condition: any(
          equals('status', 'queued'),
          all(equals('status', 'running'), compare('leaseUntil', '<', now.toISOString())),
        ),
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

/**
 * Finishes the claimed export with these changes and gives its slot back; false when the claim was
 * lost meanwhile. The slot is given back after the record is final: a crash between the two leaves
 * it held until its time is up, never a running export without one.
 */
async function finish(
  tenantId: string,
  exportId: string,
  attempt: string,
  set: Partial<StoredExport>,
): Promise<boolean> {
  let finished: StoredExport | undefined;
  const held = await conditionHeld(async (failure) => {
    finished = await updateRecord(
      Exports,
      Exports.key(tenantId, exportId),
      { set, remove: ['attempt', 'leaseUntil'] },
      { condition: holding(attempt), failure },
    );
  });
  if (held && finished) await releaseExportSlot(finished);
  return held;
}

/** Marks the claimed export succeeded with its row count; false when the claim was lost meanwhile. */
export function completeExport(
  tenantId: string,
  exportId: string,
  attempt: string,
  rowCount: number,
  now = new Date(),
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + EXPORT_KEPT_DAYS * 86_400_000).toISOString();
  return finish(tenantId, exportId, attempt, {
    status: 'succeeded',
    rowCount,
    completedAt: now.toISOString(),
    expiresAt,
  });
}

/** Marks the claimed export failed with the problem document that says why. */
export function failExport(
  tenantId: string,
  exportId: string,
  attempt: string,
  error: NonNullable<ExportRecord['error']>,
  now = new Date(),
): Promise<boolean> {
  return finish(tenantId, exportId, attempt, { status: 'failed', error, completedAt: now.toISOString() });
}
