/**
 * A CPM or CPE from its basis, and the words that say when that basis is not the total a report
 * shows beside it (docs/decisions.md "Figures a reader can check": CPM and CPE count only the
 * activities with both spend and the denominator, so their spend and impressions may be fewer than
 * the totals shown). Pure.
 */
import type { RatioBasis } from '../activity-metrics.ts';
import { counted, formatMoney } from '../words/index.ts';

/**
 * The unrounded CPM (spend / impressions x 1000) or CPE (spend / engagement) its basis gives, null
 * without a denominator: what texts compare, since two ratios rounded to the minor unit may be
 * equal when the ratios are not.
 */
export function basisRatio(basis: RatioBasis, ratio: 'cpm' | 'cpe'): number | null {
  const denominator = ratio === 'cpm' ? basis.cpm.impressions : basis.cpe.engagement;
  return denominator > 0 ? (basis[ratio].spend / denominator) * (ratio === 'cpm' ? 1000 : 1) : null;
}

/** The totals a report shows beside its ratios. */
export interface ShownTotals {
  totalCosts: number;
  impressions: number;
  engagement: number;
  cpm: number | null;
  cpe: number | null;
}

/**
 * One sentence per ratio whose basis is not the totals shown: what it divides, over how many
 * activities, and the totals it leaves aside. None when each ratio divides exactly the totals.
 */
export function basisNotes(shown: ShownTotals, basis: RatioBasis, currency: string): string[] {
  const money = (n: number) => formatMoney(n, currency);
  const notes: string[] = [];
  const { cpm, cpe } = basis;
  if (shown.cpm !== null && (cpm.spend !== shown.totalCosts || cpm.impressions !== shown.impressions)) {
    notes.push(
      `CPM ${money(shown.cpm)} divides ${money(cpm.spend)} by ${counted(cpm.impressions, 'impression', 'impressions')} (x 1,000), those of the ` +
        `${counted(cpm.activities, 'activity', 'activities')} with both spend and impressions; the totals shown are ${money(shown.totalCosts)} and ${counted(shown.impressions, 'impression', 'impressions')}.`,
    );
  }
  if (shown.cpe !== null && (cpe.spend !== shown.totalCosts || cpe.engagement !== shown.engagement)) {
    notes.push(
      `CPE ${money(shown.cpe)} divides ${money(cpe.spend)} by ${counted(cpe.engagement, 'engagement', 'engagements')}, those of the ` +
        `${counted(cpe.activities, 'activity', 'activities')} with both spend and engagement; the totals shown are ${money(shown.totalCosts)} and ${counted(shown.engagement, 'engagement', 'engagements')}.`,
    );
  }
  return notes;
}
