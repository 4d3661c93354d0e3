/**
 * Conversions and CPA (DECISIONS.md "Metric snapshots and refresh"): the sum of the active outcome
 * measurements of the campaigns in scope whose definition has `valueKind` `count`, and CPA = spend /
 * conversions; both null without such a measurement. The definitions summed are named (for
 * `_meta.provenance.conversionDefinitions`), and adding more than one is named in a warning. Pure.
 */
import { roundMoney } from '../currencies.ts';

export interface MeasuredOutcome {
  value: number;
  definition: { id: string; name: string; valueKind: string } | null;
}

export function conversionFigures(measurements: readonly MeasuredOutcome[], spend: number, currency: string) {
  const counted = measurements.filter((m) => m.definition?.valueKind === 'count');
  if (!counted.length) return { conversions: null, cpa: null, definitions: [], warnings: [] };
  const conversions = counted.reduce((sum, m) => sum + m.value, 0);
  const byId = new Map(counted.map((m) => [m.definition!.id, { id: m.definition!.id, name: m.definition!.name }]));
  const definitions = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const warnings =
    definitions.length > 1 ? [`Conversions add up the measurements of ${definitions.length} outcome definitions: ${definitions.map((d) => d.name).join(', ')}.`] : [];
  return { conversions, cpa: conversions > 0 ? roundMoney(spend / conversions, currency) : null, definitions, warnings };
}
