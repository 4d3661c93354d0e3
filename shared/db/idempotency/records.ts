/**
 * The records of `Idempotency-Key`s (docs/decisions.md "Retries and browsers"): one item per user
 * and key (`idempotencyKeys`), claimed by a request before the route's work runs, then holding the
 * route's first final answer for 24 hours (`ttl`; an expired record counts as absent, since
 * DynamoDB's TTL deletes it hours or days later).
 *
 * A record is `running` (claimed by the request `runId`, held until `leaseUntil`), `written` (a
 * transaction of the route committed and marked it in the same write: the route's changes are
 * made, its answer not kept yet) or `done` (the answer kept). A claim left `running` past its lease
 * was left by a crash before anything was written, and a repeat takes it over; the old run's
 * transaction, conditioned on its own `runId`, could then no longer commit. A `written` record is
 * never taken over: running again would write twice.
 *
 * The stack grants these records' writes to the functions of the routes that take the header, on
 * these records' partitions only (infra/table-access.ts analyses this room apart from the handlers).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { conflict } from '../../domain/errors.ts';
import { conditionHeld, defineEntity, deleteRecord, getRecord, putRecord, updateRecord } from '../table/entity.ts';
import { absent, all, any, compare, equals } from '../table/expressions.ts';
import { idempotencyKeys } from '../table/keys.ts';
import { carriedInTransaction, carryInNextTransaction, type TransactItem } from '../table/transact.ts';

/** How long an answer is kept. */
export const KEPT_SECONDS = 24 * 60 * 60;

/**
 * How long a claim holds against a repeat: longer than any route function may run (10 s; API
 * Gateway gives up at 30 s), so a claim older than this was left by a run that died.
 */
export const LEASE_SECONDS = 60;

/** An HTTP answer as kept: status, headers and body exactly as first sent. */
export interface KeptAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Whose record, under which key. */
export interface KeyOwner {
  userId: string;
  key: string;
}

/** What a claim found: the key is this request's now, or the first request's answer, or why neither. */
export type Claim =
  | { outcome: 'claimed'; runId: string }
  | { outcome: 'replay'; answer: KeptAnswer }
  /** The key was first sent with another request. */
  | { outcome: 'reused' }
  /** The first request with the key is still running. */
  | { outcome: 'running' }
  /** The first request wrote its changes and died before its answer was kept. */
  | { outcome: 'lost' };

const Records = defineEntity({
  name: 'The idempotency record',
  schema: () =>
    z.object({
      state: z.enum(['running', 'written', 'done']),
      /** sha256 of the request's route and normalised input (middleware/idempotency.ts). */
      fingerprint: z.string(),
      runId: z.string(),
      /** Epoch seconds until which the claim holds against a repeat. */
      leaseUntil: z.number(),
      /** Epoch seconds: DynamoDB TTL removes the record after this. */
      ttl: z.number(),
      answer: z.optional(
        z.object({ statusCode: z.number(), headers: z.record(z.string(), z.string()), body: z.string() }),
      ),
    }),
  key: (owner: KeyOwner) => idempotencyKeys.record(owner.userId, owner.key),
});

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Puts a fresh claim where there is no live record, or only a dead run's claim of the same request. */
async function putClaim(owner: KeyOwner, fingerprint: string, now: number): Promise<string | undefined> {
  const runId = randomUUID();
  const free = any(
    absent,
    compare('ttl', '<', now),
    all(equals('state', 'running'), compare('leaseUntil', '<', now), equals('fingerprint', fingerprint)),
  );
  const record = {
    state: 'running' as const,
    fingerprint,
    runId,
    leaseUntil: now + LEASE_SECONDS,
    ttl: now + KEPT_SECONDS,
  };
  return (await conditionHeld((failure) =>
    putRecord(Records, Records.key(owner), record, { condition: free, failure }),
  ))
    ? runId
    : undefined;
}

/**
 * Claims `owner`'s key for a request whose method, path and normalised input hash to
 * `fingerprint`; once claimed, the request's first transaction that commits marks the record
 * written. Tries again when the record it lost to was released or expired meanwhile.
 */
export async function claimKey(owner: KeyOwner, fingerprint: string, nowMs = Date.now()): Promise<Claim> {
  const now = seconds(nowMs);
  for (let attempt = 0; attempt < 3; attempt++) {
    const runId = await putClaim(owner, fingerprint, now);
    if (runId) {
      carryInNextTransaction(writtenMark(owner, runId));
      return { outcome: 'claimed', runId };
    }
    const found = await getRecord(Records, Records.key(owner), { consistent: true });
    if (!found || found.ttl < now) continue;
    if (found.fingerprint !== fingerprint) return { outcome: 'reused' };
    if (found.state === 'done' && found.answer) return { outcome: 'replay', answer: found.answer };
    if (found.leaseUntil >= now) return { outcome: 'running' };
    if (found.state === 'written') return { outcome: 'lost' };
  }
  return { outcome: 'running' };
}

/** The transaction item that marks the claim written; it fails when the claim is no longer this run's. */
function writtenMark(owner: KeyOwner, runId: string): TransactItem {
  return Records.tx.update(
    Records.key(owner),
    { set: { state: 'written' } },
    {
      condition: all(equals('runId', runId), equals('state', 'running')),
      failure: () => conflict('Another request has taken over this Idempotency-Key; nothing was changed.'),
    },
  );
}

/** Whether a transaction of this request committed with the record's written mark. */
export const claimWritten = (): boolean => carriedInTransaction();

/** The request is over: its next transactions carry no mark. */
export const endClaim = (): void => carryInNextTransaction(undefined);

/** Keeps the answer of the run that holds the claim (nothing when another run holds it). */
export async function keepAnswer(owner: KeyOwner, runId: string, answer: KeptAnswer): Promise<void> {
  await conditionHeld((failure) =>
    updateRecord(
      Records,
      Records.key(owner),
      { set: { state: 'done', answer } },
      { condition: equals('runId', runId), failure },
    ),
  );
}

/** Deletes an unwritten claim of this run, so that a repeat runs again. */
export async function releaseKey(owner: KeyOwner, runId: string): Promise<void> {
  await conditionHeld((failure) =>
    deleteRecord(Records, Records.key(owner), {
      condition: all(equals('runId', runId), equals('state', 'running')),
      failure,
    }),
  );
}
