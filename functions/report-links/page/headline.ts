/**
 * The headline figures, each with its basis in words (docs/decisions.md "Report links", "Figures a
 * reader can check"): "CPM £12.01: £1,200.00 over 99,932 impressions of 2 activities". Every number
 * here is one of the report's (report.ts); nothing is computed but the budget's share.
 */
import { countOf, countWords, moneyWords, NO_FIGURE, shareWords } from '../../../shared/domain/words/figures.ts';
import type { LinkReport } from '../report.ts';

export interface Headline {
  label: string;
  value: string;
  basis: string;
}

export function headlineFigures(report: LinkReport): Headline[] {
  const { figures, basis, currency } = report;
  const money = (n: number | null) => moneyWords(n, currency);
  const withMetrics = `${countWords(basis.activitiesWithMetrics)} of ${countOf(basis.activitiesTotal, 'activity', 'activities')} with metrics`;
  const definitions = report.outcomes.definitions.map((d) => d.name).join(', ');
  return [
    {
      label: 'Total costs',
      value: money(figures.totalCosts),
      basis: `${countOf(basis.costsCount, 'cost', 'costs')} recorded in ${currency}`,
    },
    { label: 'Impressions', value: countWords(figures.impressions), basis: `Observed on ${withMetrics}` },
    { label: 'Engagement', value: countWords(figures.engagement), basis: `Observed on ${withMetrics}` },
    {
      label: 'CPM',
      value: money(figures.cpm),
      basis:
        figures.cpm === null
          ? 'No activity has both spend and impressions'
          : `${money(basis.basis.cpm.spend)} over ${countWords(basis.basis.cpm.impressions)} impressions of ${countOf(basis.basis.cpm.activities, 'activity', 'activities')}, per 1,000`,
    },
    {
      label: 'CPE',
      value: money(figures.cpe),
      basis:
        figures.cpe === null
          ? 'No activity has both spend and engagement'
          : `${money(basis.basis.cpe.spend)} over ${countWords(basis.basis.cpe.engagement)} engagements of ${countOf(basis.basis.cpe.activities, 'activity', 'activities')}`,
    },
    {
      label: 'Conversions',
      value: countWords(figures.conversions),
      basis:
        figures.conversions === null
          ? 'No outcome measurement of kind count'
          : `Recorded outcome measurements of ${definitions || 'count definitions'}`,
    },
    {
      label: 'CPA',
      value: money(figures.cpa),
      basis:
        figures.cpa === null
          ? 'No conversions to divide by'
          : `${money(basis.basis.cpa.spend)} over ${countWords(basis.basis.cpa.conversions)} conversions of ${countOf(basis.basis.cpa.campaigns, 'campaign', 'campaigns')}`,
    },
    budgetUsed(report),
  ];
}

function budgetUsed({ figures, currency, scope }: LinkReport): Headline {
  if (figures.budget === null || figures.budget <= 0) {
    return {
      label: 'Budget used',
      value: NO_FIGURE,
      basis: scope.kind === 'campaign' ? 'The campaign has no budget' : 'An organization report has no budget',
    };
  }
  return {
    label: 'Budget used',
    value: shareWords(figures.totalCosts / figures.budget),
    basis: `${moneyWords(figures.totalCosts, currency)} of a ${moneyWords(figures.budget, currency)} budget`,
  };
}
