/**
 * Conversions and CPA (docs/decisions.md "Metric snapshots and refresh", "Figures a reader can check"):
 * a campaign's conversions are the sum of its active outcome measurements whose definition has
 * `valueKind` `count` (null without such a measurement), and its CPA is its spend over them. Over
 * several campaigns (an organization), conversions are the sum of theirs and CPA divides the spend of
 * the campaigns with conversions by those conversions, never one campaign's conversions over
 * everyone's spend. The basis (`_meta.provenance.basis.cpa`) names what was divided, the definitions
 * summed are named, and adding more than one is named in a warning. Pure.
 */
import { roundMoney } from '../currencies.ts';

export interface MeasuredOutcome {
  value: number;
  definition: { id: string; name: string; valueKind: string } | null;
}

/** What a CPA divides: the spend of the campaigns with conversions, their conversions, how many campaigns. */
export interface CpaBasis {
  spend: number;
  conversions: number;
  campaigns: number;
}

/** One campaign's conversions (null: no measurement of kind count) and its spend in the report currency. */
export interface CampaignConversions {
  conversions: number | null;
  spend: number;
  definitions: readonly { id: string; name: string }[];
}

/** The conversions of one campaign's measurements (or their per-definition totals) with the definitions counted. */
export function campaignConversions(measurements: readonly MeasuredOutcome[], spend: number): CampaignConversions {
  const counted = measurements.filter((m) => m.definition?.valueKind === 'count');
  return {
    conversions: counted.length ? counted.reduce((sum, m) => sum + m.value, 0) : null,
    spend,
    definitions: counted.map((m) => ({ id: m.definition!.id, name: m.definition!.name })),
  };
}

/**
 * Conversions and CPA over campaigns (one campaign, or an organization's), with the basis of the
 * CPA, the definitions summed (sorted, each once) and the warning when they are more than one.
 */
export function conversionFigures(campaigns: readonly CampaignConversions[], currency: string) {
  const measured = campaigns.filter((c) => c.conversions !== null);
  const converting = measured.filter((c) => c.conversions! > 0);
  const basis: CpaBasis = {
    spend: roundMoney(
      converting.reduce((sum, c) => sum + c.spend, 0),
      currency,
    ),
    conversions: converting.reduce((sum, c) => sum + c.conversions!, 0),
    campaigns: converting.length,
  };
  const byId = new Map(measured.flatMap((c) => c.definitions).map((d) => [d.id, { id: d.id, name: d.name }]));
  const definitions = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const warnings =
    definitions.length > 1
      ? [
          `Conversions add up the measurements of ${definitions.length} outcome definitions: ${definitions.map((d) => d.name).join(', ')}.`,
        ]
      : [];
  return {
    conversions: measured.length ? measured.reduce((sum, c) => sum + c.conversions!, 0) : null,
    cpa: basis.conversions > 0 ? roundMoney(basis.spend / basis.conversions, currency) : null,
    basis,
    definitions,
    warnings,
  };
}
