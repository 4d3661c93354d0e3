/**
 * The exports a tenant runs at once (docs/decisions.md "The service's own routes": at most 3, a queued
 * one counting as running): one slot item per place in the tenant's partition. An export takes a
 * free slot in the transaction that creates it, so concurrent creates cannot both take the last
 * one, and gives it back when it finishes, succeeded or failed. A slot whose export never
 * finished (its worker killed on every delivery) frees itself at `heldUntil`, past the longest an
 * export can be queued and run, so a tenant is never blocked for good.
 */
import * as z from 'zod/mini';
import { defineEntity, conditionHeld, deleteRecord } from '../table/entity.ts';
import { absent, any, compare, equals } from '../table/expressions.ts';
import { exportKeys } from '../table/keys.ts';
import type { TransactItem } from '../table/transact.ts';

/** Exports of one tenant queued or running at once. */
export const EXPORTS_AT_ONCE = 3;

/**
 * How long a slot holds without its export finishing: its queue's three deliveries, each up to
 * 90 minutes apart (the visibility timeout, infra/exports.ts), with time to wait in the queue.
 */
export const SLOT_HELD_MS = 6 * 3_600_000;

const Slots = defineEntity({
  name: 'The export slot',
  schema: () =>
    z.object({
      /** The export holding it. */
      exportId: z.string(),
      /** When it frees itself if that export never finishes (ISO instant). */
      heldUntil: z.string(),
      /** When the table's TTL may remove it (epoch seconds). */
      ttl: z.number(),
    }),
  key: exportKeys.slot,
});

/** Raised by a slot's failed condition: another export holds it. */
export class SlotTaken extends Error {
  override name = 'SlotTaken';
}

/** The transaction item that takes slot `slot` for the export, when free or its holder's time is up. */
export function takeSlot(tenantId: string, slot: number, exportId: string, now: Date): TransactItem {
  const heldUntil = new Date(now.getTime() + SLOT_HELD_MS);
  return Slots.tx.put(
    Slots.key(tenantId, slot),
    { exportId, heldUntil: heldUntil.toISOString(), ttl: Math.floor(heldUntil.getTime() / 1000) + 86_400 },
    { condition: any(absent, compare('heldUntil', '<', now.toISOString())), failure: () => new SlotTaken() },
  );
}

/** Gives the slot back, when this export still holds it (a slot taken over after its time is another's). */
export async function releaseSlot(tenantId: string, slot: number, exportId: string): Promise<void> {
  await conditionHeld((failure) =>
    deleteRecord(Slots, Slots.key(tenantId, slot), { condition: equals('exportId', exportId), failure }),
  );
}
