/**
 * Counters of a tenant's records per value of one field (activities per channel, creators per
 * role), on one item of their own, moved in the same transaction as every write that adds a
 * record, removes it or changes the field: the lists' facets and totals, without reading the records.
 */
import * as z from 'zod/mini';
import { aggregateUpdate } from './aggregates.ts';
import { defineEntity, getRecord } from './entity.ts';
import type { Key } from './keys.ts';

/** A counter item: one number per value (its key is the caller's: keys.activityChannels, keys.creatorRoles). */
const ValueCounters = defineEntity({
  name: 'The counters',
  schema: () => z.custom<Record<string, unknown>>(),
  key: (key: Key) => key,
});

/**
 * The Update of the counters at `key` for a record arriving on `to`, leaving `from`, or moving
 * between them; none when it stays. The counter item comes into being with the first record.
 */
export function valueMove(key: Key, from: string | undefined, to: string | undefined) {
  if (from === to) return undefined;
  const counts = { ...(from ? { [from]: -1 } : {}), ...(to ? { [to]: 1 } : {}) };
  return aggregateUpdate(key, { counts }, { mustExist: false });
}

/** The counters at `key` per value, values back at 0 left out. */
export async function valueCounts(key: Key): Promise<Record<string, number>> {
  const counters = (await getRecord(ValueCounters, key)) ?? {};
  return Object.fromEntries(
    Object.entries(counters)
      .map(([value, n]) => [value, Number(n)])
      .filter(([, n]) => (n as number) > 0),
  );
}
