/**
 * Stored aggregates: counters and spend per currency kept on the record they describe (creator,
 * activity, category, campaign) and on the tenant's AGGREGATE item, changed by the same
 * transaction as the write that changes them. DynamoDB's ADD is atomic and exact for decimals, so
 * concurrent writes lose nothing and sums carry no floating-point drift.
 *
 * A record that keeps an aggregate is created with its counters at 0 and `spend: {}` (its entity's
 * `emptyCounters`), because ADD on a nested `spend.<currency>` needs the map to exist.
 */
import { tableName } from './client.ts';
import { exists, Placeholders, type Condition } from './expressions.ts';
import type { Key } from './keys.ts';
import * as keys from './item-keys.ts';

export interface AggregateDelta {
  /** Counter attributes to change, e.g. `{ costsCount: 1 }`. */
  counts?: Record<string, number>;
  /** Spend to add (negative to remove) in one currency, in major units. */
  spend?: { currency: string; amount: number };
  /** Spend to add in several currencies at once (moving a whole record's spend elsewhere). */
  spends?: Record<string, number>;
}

/** How an aggregate's update is guarded, and what it sets besides its counters. */
export interface AggregateOptions {
  /** The item must exist (default), so a missing record cancels the transaction. */
  mustExist?: boolean;
  /** Its condition instead of existence alone (include `exists` where it must exist too). */
  condition?: Condition;
  /** Attributes set with the ADD (a freshness mark). */
  set?: Record<string, unknown>;
}

/**
 * A `TransactWriteItems` Update applying `delta` to the aggregate attributes of the item at `key`
 * (counters ADDed by their whole names, spend under `spend.<currency>`), built with expressions.ts's
 * placeholders; undefined when nothing moves and nothing is set.
 */
export function aggregateUpdate(
  key: Key,
  delta: AggregateDelta,
  { mustExist = true, condition, set }: AggregateOptions = {},
) {
  const p = new Placeholders();
  const adds = Object.entries(delta.counts ?? {})
    .filter(([, by]) => by !== 0)
    .map(([counter, by]) => `${p.name(counter)} ${p.value(by)}`);
  const spends = { ...(delta.spends ?? {}), ...(delta.spend ? { [delta.spend.currency]: delta.spend.amount } : {}) };
  for (const [currency, amount] of Object.entries(spends)) {
    if (amount !== 0) adds.push(`${p.name('spend')}.${p.name(currency)} ${p.value(amount)}`);
  }
  const sets = Object.entries(set ?? {}).map(([attribute, value]) => `${p.name(attribute)} = ${p.value(value)}`);
  if (!adds.length && !sets.length) return undefined;
  const guard = condition ?? (mustExist ? exists : undefined);
  const ConditionExpression = guard?.(p);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: [adds.length ? `ADD ${adds.join(', ')}` : '', sets.length ? `SET ${sets.join(', ')}` : '']
        .filter(Boolean)
        .join(' '),
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ExpressionAttributeNames: p.names,
      ExpressionAttributeValues: p.values,
    },
  };
}

/** The same delta for the tenant's AGGREGATE item (created with the tenant). */
export function tenantAggregateUpdate(tenantId: string, delta: AggregateDelta) {
  return aggregateUpdate(keys.tenantAggregate(tenantId), delta);
}

/**
 * A record without the counters kept on its item for reporting alone (`contribution` in
 * shared/domain/activity-metrics.ts: coverage, provenance, the per-currency CPM/CPE sums, the
 * activities without metrics per unavailable reason and those with backdated first readings), and
 * its freshness (`newestSnapshotAt`, written by the first reading), which are no part of the
 * creator or campaign record.
 */
export function withoutReportingCounters<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([name]) =>
        !/^activitiesWith(Api|Manual)?Metrics$|^activitiesBackdated$|^newestSnapshotAt$|^(cpmSpend|cpmImpressions|cpmActivities|cpeSpend|cpeEngagement|cpeActivities|activitiesUnavailable|outcomeValue|outcomeCount|conv)_/.test(
          name,
        ),
    ),
  ) as T;
}

/** Drops the `undefined` entries of a list of optional transaction items. */
export function present<T>(items: (T | undefined)[]): T[] {
  return items.filter((item): item is T => item !== undefined);
}
