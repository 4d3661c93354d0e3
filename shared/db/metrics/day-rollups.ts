/**
 * Daily rollups: one item per scope (the tenant, a campaign, a creator, an activity) and day (the
 * day in the tenant's timezone), holding that day's increases of impressions and engagement and the
 * spend attributed to it. Writers ADD to them in the transaction (or idempotent batch) that changes
 * the figures, so a history of N days is one Query of at most N items, whatever the tenant's size.
 *
 * Spend is kept per currency in flat attributes `spend_<CUR>` (major units, exact decimal ADD), so
 * an item needs no map to exist before the first ADD and can be created by it.
 */
import * as z from 'zod/mini';
import { aggregateUpdate } from '../table/aggregates.ts';
import { defineEntity } from '../table/entity.ts';
import type { RollupScope } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { queryItems } from '../table/query.ts';

export type { RollupScope } from '../table/keys.ts';

/**
 * A day item, as its readers condition on its figures; `metricScopes`: where an activity's day is
 * counted (metric-days.ts). Its spend is flat `spend_<CUR>` attributes beside these (below).
 */
export const DayRollups = defineEntity({
  name: 'The activity day',
  schema: () =>
    z.object({
      impressions: z.optional(z.number()),
      engagement: z.optional(z.number()),
      metricScopes: z.optional(z.array(z.string())),
    }),
  key: keys.dayRollup,
  queries: {
    /** Every stored day of a scope, oldest first. */
    ofScope: collections.daysOfScope,
    /** A scope's days of a date range (both ends included). */
    between: collections.daysOfScopeBetween,
  },
});

/** A change to one day of one scope; missing parts are 0. */
export interface DayDelta {
  impressions?: number;
  engagement?: number;
  /** Spend to add per currency, major units (negative to remove). */
  spend?: Record<string, number>;
}

export interface DayFigures {
  date: string;
  impressions: number;
  engagement: number;
  spend: Record<string, number>;
}

const SPEND_PREFIX = 'spend_';

/** The TransactWriteItems Update adding `delta` to a day (created by it when absent); undefined when the delta is all zeros. */
export function dayRollupUpdate(tenantId: string, scope: RollupScope, date: string, delta: DayDelta) {
  const spend = Object.fromEntries(
    Object.entries(delta.spend ?? {}).map(([currency, amount]) => [`${SPEND_PREFIX}${currency}`, amount]),
  );
  return aggregateUpdate(
    keys.dayRollup(tenantId, scope, date),
    { counts: { impressions: delta.impressions ?? 0, engagement: delta.engagement ?? 0, ...spend } },
    { mustExist: false },
  );
}

/** Adds deltas of the same day and scope together, so that a batch writes each rollup item once. */
export function mergeDayDeltas(into: DayDelta, delta: DayDelta): DayDelta {
  const spend = { ...into.spend };
  for (const [currency, amount] of Object.entries(delta.spend ?? {})) spend[currency] = (spend[currency] ?? 0) + amount;
  return {
    impressions: (into.impressions ?? 0) + (delta.impressions ?? 0),
    engagement: (into.engagement ?? 0) + (delta.engagement ?? 0),
    spend,
  };
}

/**
 * The stored days of a scope from `fromDate` to `toDate` (inclusive, YYYY-MM-DD), oldest first:
 * one Query (paged only past 1 MB). Days without an item are absent; callers zero-fill.
 */
export async function readDays(
  tenantId: string,
  scope: RollupScope,
  fromDate: string,
  toDate: string,
): Promise<DayFigures[]> {
  return (await queryItems(DayRollups.query.between(tenantId, scope, fromDate, toDate))).map(dayFromItem);
}

function dayFromItem(item: Record<string, unknown>): DayFigures {
  const spend: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) {
    if (name.startsWith(SPEND_PREFIX) && typeof value === 'number') spend[name.slice(SPEND_PREFIX.length)] = value;
  }
  return {
    date: String(item.sk).slice(-10),
    impressions: Number(item.impressions ?? 0),
    engagement: Number(item.engagement ?? 0),
    spend,
  };
}
