/**
 * The totals of active outcome measurements per definition, on the tenant's AGGREGATE item and on
 * the item of the measurement's campaign: `outcomeValue_<definitionId>` (the sum of their values)
 * and `outcomeCount_<definitionId>` (how many). Every measurement write moves both in its own
 * transaction (outcome-measurements.ts), so the organization's and a campaign's conversions are read
 * with their aggregate, never from their measurements.
 *
 * Kept for every definition whatever its kind: a definition's `valueKind` can change, so the report
 * keeps those that are counts when it reads them. Measurements written before these counters
 * existed are not in them.
 */
import { aggregateUpdate } from '../table/aggregates.ts';
import type { Condition } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';

const VALUE = 'outcomeValue_';
const COUNT = 'outcomeCount_';

/** A measurement entering (+1) or leaving (-1) the active ones of a definition with its value. */
export interface OutcomeMove {
  definitionId: string;
  value: number;
  sign: 1 | -1;
}

/** The counters these moves change: none when they cancel out (the same value kept). */
function totalsDelta(moves: readonly OutcomeMove[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { definitionId, value, sign } of moves) {
    counts[`${VALUE}${definitionId}`] = (counts[`${VALUE}${definitionId}`] ?? 0) + sign * value;
    counts[`${COUNT}${definitionId}`] = (counts[`${COUNT}${definitionId}`] ?? 0) + sign;
  }
  // A change of value is a difference of binary floats: back to 15 significant digits (0.3 - 0.1 is 0.2).
  for (const name of Object.keys(counts)) counts[name] = Number.parseFloat(counts[name]!.toPrecision(15));
  return counts;
}

/**
 * The Updates of the tenant's and the campaign's totals for these moves; none when they cancel out.
 * `campaignCondition`: the campaign item's own (by default, that it exists).
 */
export function outcomeTotalsUpdates(
  tenantId: string,
  campaignId: string,
  moves: readonly OutcomeMove[],
  campaignCondition?: Condition,
) {
  const counts = totalsDelta(moves);
  return [
    aggregateUpdate(keys.tenantAggregate(tenantId), { counts }),
    aggregateUpdate(keys.campaign(tenantId, campaignId), { counts }, { condition: campaignCondition }),
  ].flatMap((u) => u ?? []);
}

/** The definitions with active measurements and the sum of their values, from the tenant's or a campaign's aggregate item. */
export function outcomeTotalsOf(aggregate: Record<string, unknown>): { definitionId: string; value: number }[] {
  return Object.keys(aggregate)
    .filter((name) => name.startsWith(COUNT) && Number(aggregate[name]) > 0)
    .map((name) => {
      const definitionId = name.slice(COUNT.length);
      return { definitionId, value: Number(aggregate[`${VALUE}${definitionId}`] ?? 0) };
    });
}
