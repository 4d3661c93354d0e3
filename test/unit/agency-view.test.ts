/**
 * The agency view's arithmetic (docs/decisions.md "Agency view", "Money and metrics"): rows in their
 * own currency, `convertedTotalCosts` at the last publication's cross rate rounded half away from
 * zero, totals summing the rounded converted amounts, CPM/CPE/CPA over the summed converted bases,
 * and a row without a rate (or no publication at all) left out of the totals with a warning.
 */
import { describe, expect, it } from 'vitest';
import { agencyView, MAX_AGENCY_ROWS, type TenantReport } from '../../shared/domain/reporting/agency.ts';
import type { Evidence } from '../../shared/domain/reporting/figures.ts';

// Per 1 EUR, as the ECB quotes them: 1 GBP = 1/0.8 EUR, 1 USD = 1/1.25 EUR.
const QUOTES = { date: '2017-03-03', rates: { GBP: 0.8, USD: 1.25, JPY: 125 } };

function report(
  id: string,
  currency: string,
  over: Partial<TenantReport['figures']> = {},
  basis: Partial<Evidence['provenance']['basis']> = {},
  warnings: string[] = [],
): TenantReport {
  const figures = {
    totalCosts: 100,
    impressions: 10_000,
    engagement: 500,
    cpm: 10,
    cpe: 0.2,
    conversions: null,
    cpa: null,
    ...over,
  };
  return {
    tenant: { id, name: `Tenant ${id}`, currency },
    figures,
    activeCampaigns: 1,
    evidence: {
      currency,
      freshness: `2026-01-0${id}T00:00:00.000Z`,
      provenance: {
        activitiesTotal: 2,
        activitiesWithMetrics: 1,
        sources: { api: 1, manual: 0 },
        costsCount: 3,
        basis: {
          cpm: { spend: figures.totalCosts, impressions: figures.impressions, activities: 1 },
          cpe: { spend: figures.totalCosts, engagement: figures.engagement, activities: 1 },
          cpa: { spend: 0, conversions: 0, campaigns: 0 },
          conversions: [],
          ...basis,
        },
        conversionDefinitions: [],
      },
      warnings,
    },
  };
}

describe('agencyView', () => {
  it('converts each row at the cross rate, rounds each, and sums the rounded amounts', () => {
    // 100.01 EUR x 0.8 = 80.008 -> 80.01; 33.33 USD x 0.8 / 1.25 = 21.3312 -> 21.33; 12.5 GBP as it is.
    const view = agencyView(
      'GBP',
      [
        report('1', 'EUR', { totalCosts: 100.01 }),
        report('2', 'USD', { totalCosts: 33.33 }),
        report('3', 'GBP', { totalCosts: 12.5 }),
      ],
      QUOTES,
    );
    expect(view.rows.map((r) => r.convertedTotalCosts)).toEqual([80.01, 21.33, 12.5]);
    expect(view.totals.totalCosts).toBe(113.84);
    expect(view.totals.impressions).toBe(30_000);
    expect(view.evidence.provenance.basis.conversions).toEqual([
      {
        currency: 'EUR',
        amount: 100.01,
        converted: 80.01,
        source: 'ecb',
        firstRateDate: '2017-03-03',
        lastRateDate: '2017-03-03',
      },
      {
        currency: 'USD',
        amount: 33.33,
        converted: 21.33,
        source: 'ecb',
        firstRateDate: '2017-03-03',
        lastRateDate: '2017-03-03',
      },
    ]);
    expect(view.evidence.provenance.exchangeRates).toEqual([
      { currency: 'EUR', rate: 0.8, rateDate: '2017-03-03', source: 'ecb' },
      { currency: 'USD', rate: 0.8 / 1.25, rateDate: '2017-03-03', source: 'ecb' },
    ]);
    expect(view.evidence.freshness).toBe('2026-01-03T00:00:00.000Z');
    expect(view.evidence.provenance.costsCount).toBe(9);
  });

  it('rounds half away from zero into a currency without minor units', () => {
    // 2.5 EUR x 125 = 312.5 JPY -> 313.
    const view = agencyView('JPY', [report('1', 'EUR', { totalCosts: 2.5 })], QUOTES);
    expect(view.rows[0]!.convertedTotalCosts).toBe(313);
  });

  it("divides the summed converted bases for CPM, CPE and CPA, never averages the rows' ratios", () => {
    const eur = report(
      '1',
      'EUR',
      { totalCosts: 500, conversions: 10, cpa: 40 },
      { cpm: { spend: 400, impressions: 100_000, activities: 2 }, cpa: { spend: 400, conversions: 10, campaigns: 1 } },
    );
    const gbp = report(
      '2',
      'GBP',
      { totalCosts: 90, conversions: null },
      { cpm: { spend: 90, impressions: 10_000, activities: 1 } },
    );
    const view = agencyView('GBP', [eur, gbp], QUOTES);
    // CPM spend 400 EUR -> 320 GBP, + 90 = 410 over 110,000 impressions: 3.7272... -> 3.73.
    expect(view.evidence.provenance.basis.cpm).toEqual({ spend: 410, impressions: 110_000, activities: 3 });
    expect(view.totals.cpm).toBe(3.73);
    // CPA: 320 GBP over 10 conversions; the row without conversions adds none.
    expect(view.evidence.provenance.basis.cpa).toEqual({ spend: 320, conversions: 10, campaigns: 1 });
    expect(view.totals).toMatchObject({ conversions: 10, cpa: 32 });
  });

  it('leaves out a row whose currency the publication does not quote, or every other currency with no publication', () => {
    const rows = [
      report('1', 'GBP', {}, {}, ['1 of 2 activities have no metrics yet.']),
      report('2', 'CHF', { totalCosts: 70 }),
    ];
    const view = agencyView('GBP', rows, QUOTES);
    expect(view.rows[1]!.convertedTotalCosts).toBeNull();
    expect(view.totals).toMatchObject({ totalCosts: 100, impressions: 10_000 });
    expect(view.evidence.provenance.basis.conversions).toEqual([]);
    expect(view.evidence.warnings).toEqual([
      `"Tenant 2" (CHF) is left out of the GBP totals: the ECB's last publication (2017-03-03) quotes no CHF. Its 70 CHF of costs, 10,000 impressions and 500 engagement are in its row only.`,
      '"Tenant 1": 1 of 2 activities have no metrics yet.',
    ]);
    const none = agencyView('GBP', [report('1', 'GBP'), report('2', 'EUR')], undefined);
    expect(none.rows.map((r) => r.convertedTotalCosts)).toEqual([100, null]);
    expect(none.evidence.warnings[0]).toContain('no ECB publication is stored yet');
  });

  it('says how many readable workspaces past the first 200 are neither shown nor counted', () => {
    const view = agencyView('GBP', [report('1', 'GBP')], QUOTES, 3);
    expect(view.evidence.warnings).toContain(
      `3 more of the organization's workspaces you can read are neither shown nor counted: the view covers the first ${MAX_AGENCY_ROWS} by name.`,
    );
  });

  it('has zero totals and null ratios over nothing', () => {
    expect(agencyView('GBP', [], QUOTES).totals).toEqual({
      totalCosts: 0,
      impressions: 0,
      engagement: 0,
      cpm: null,
      cpe: null,
      conversions: null,
      cpa: null,
    });
  });
});
