/**
 * Money and ratios of a creator (docs/decisions.md "Money and metrics", "Report shapes"): spend in one
 * currency, CPM and CPE null without a denominator, money rounded half away from zero to the
 * currency's minor unit. `creatorFigures` works from the stored aggregates alone (list columns and
 * sorting); the creator's metrics report is functions/reporting/creator-figures.ts.
 */
import type { Creator } from '../../shared/db/catalogue/index.ts';
import { roundMoney } from '../../shared/domain/currencies.ts';

export interface CreatorFigures {
  spend: number;
  cpm: number | null;
  cpe: number | null;
}

/** Spend in `currency` (other currencies are not converted) and the ratios over the creator's totals. */
export function creatorFigures(
  creator: Pick<Creator, 'spend' | 'impressions' | 'engagement'>,
  currency: string,
): CreatorFigures {
  const spend = creator.spend?.[currency] ?? 0;
  return {
    spend: roundMoney(spend, currency),
    cpm: creator.impressions > 0 ? roundMoney((spend / creator.impressions) * 1000, currency) : null,
    cpe: creator.engagement > 0 ? roundMoney(spend / creator.engagement, currency) : null,
  };
}
