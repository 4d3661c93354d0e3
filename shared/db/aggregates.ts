/**
 * Stored aggregates: counters and spend per currency kept on the record they describe (creator,
 * activity, category, campaign) and on the tenant's AGGREGATE item, changed by the same
 * transaction as the write that changes them. DynamoDB's ADD is atomic and exact for decimals, so
 * concurrent writes lose nothing and sums carry no floating-point drift.
 *
 * A record that keeps an aggregate is created with its counters at 0 and `spend: {}` (see
 * `emptyAggregate`), because ADD on a nested `spend.<currency>` needs the map to exist.
 */
import { tableName } from './client.ts';
import { keys, type Key } from './keys.ts';

export interface AggregateDelta {
  /** Counter attributes to change, e.g. `{ costsCount: 1 }`. */
  counts?: Record<string, number>;
  /** Spend to add (negative to remove) in one currency, in major units. */
  spend?: { currency: string; amount: number };
  /** Spend to add in several currencies at once (moving a whole record's spend elsewhere). */
  spends?: Record<string, number>;
}

/** The initial aggregate attributes of a record that keeps some. */
export function emptyAggregate(counters: readonly string[]): Record<string, number | Record<string, number>> {
  return { ...Object.fromEntries(counters.map((c) => [c, 0])), spend: {} };
}

/**
 * A `TransactWriteItems` Update applying `delta` to the aggregate attributes of the item at `key`.
 * By default the item must exist (a missing record cancels the transaction).
 */
export function aggregateUpdate(key: Key, delta: AggregateDelta, { mustExist = true } = {}) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  Object.entries(delta.counts ?? {}).forEach(([counter, by], i) => {
    if (by === 0) return;
    names[`#c${i}`] = counter;
    values[`:c${i}`] = by;
    adds.push(`#c${i} :c${i}`);
  });
  if (delta.spend && delta.spend.amount !== 0) {
    names['#spend'] = 'spend';
    names['#cur'] = delta.spend.currency;
    values[':amount'] = delta.spend.amount;
    adds.push('#spend.#cur :amount');
  }
  Object.entries(delta.spends ?? {}).forEach(([currency, amount], i) => {
    if (amount === 0) return;
    names['#spend'] = 'spend';
    names[`#cur${i}`] = currency;
    values[`:amount${i}`] = amount;
    adds.push(`#spend.#cur${i} :amount${i}`);
  });
  if (!adds.length) return undefined;
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ...(mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The same delta for the tenant's AGGREGATE item (created with the tenant). */
export function tenantAggregateUpdate(tenantId: string, delta: AggregateDelta) {
  return aggregateUpdate(keys.tenantAggregate(tenantId), delta);
}

/**
 * The condition that a record's stored metrics are still those read: whoever adds an activity's
 * metrics to another record (its creators, its campaign) is sent round again by a change in between.
 */
export function metricsUnchanged(read: { impressions: number; engagement: number }) {
  return {
    condition: '#imp = :imp AND #eng = :eng',
    names: { '#imp': 'impressions', '#eng': 'engagement' },
    values: { ':imp': read.impressions, ':eng': read.engagement },
  };
}

/** An Update of `aggregateUpdate` with one more condition (and its names and values) on its item. */
export function withCondition(
  update: NonNullable<ReturnType<typeof aggregateUpdate>>,
  extra: { condition: string; names: Record<string, string>; values: Record<string, unknown> },
) {
  const { Update } = update;
  return {
    Update: {
      ...Update,
      ConditionExpression: Update.ConditionExpression ? `${Update.ConditionExpression} AND ${extra.condition}` : extra.condition,
      ExpressionAttributeNames: { ...Update.ExpressionAttributeNames, ...extra.names },
      ExpressionAttributeValues: { ...Update.ExpressionAttributeValues, ...extra.values },
    },
  };
}

/**
 * A record without the counters kept on its item for reporting alone (`contribution` in
 * shared/domain/activity-metrics.ts: coverage, provenance, the per-currency CPM/CPE sums and the
 * activities without metrics per unavailable reason), which
 * are no part of the creator or campaign record.
 */
export function withoutReportingCounters<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !/^activitiesWith(Api|Manual)?Metrics$|^(cpmSpend|cpmImpressions|cpeSpend|cpeEngagement|activitiesUnavailable|outcomeValue|outcomeCount)_/.test(name))) as T;
}

/** Drops the `undefined` entries of a list of optional transaction items. */
export function present<T>(items: (T | undefined)[]): T[] {
  return items.filter((item): item is T => item !== undefined);
}
