/**
 * The reporting oracle (test/support/reporting-oracle.ts) on small tenants worked out by hand, so
 * that a reader can see it is right before trusting it against the routes.
 */
import { describe, expect, it } from 'vitest';
import {
  lastDates,
  ReportingOracle,
  roundHalfAwayFromZero,
  roundMoneyIn,
  type OracleActivity,
  type OracleTenant,
} from '../support/reporting-oracle.ts';

const activity = (id: string, fields: Partial<OracleActivity> = {}): OracleActivity => ({
  id,
  startAt: null,
  campaignId: null,
  creatorIds: [],
  readings: [],
  manualCounts: [],
  ...fields,
});
const reading = (fetchedAt: string, views: number | null, likes = 0, comments = 0, other = 0) => ({
  fetchedAt,
  views,
  likes,
  comments,
  other,
});
const cost = (
  activityId: string,
  amount: number,
  currency: string,
  fields: { creatorId?: string; createdAt?: string } = {},
) => ({
  activityId,
  amount,
  currency,
  creatorId: fields.creatorId ?? null,
  createdAt: fields.createdAt ?? '2026-03-01T00:00:00.000Z',
});

const tenant = (fields: Partial<OracleTenant>): OracleTenant => ({
  currency: 'USD',
  timeZone: 'UTC',
  now: '2026-03-10T12:00:00.000Z',
  campaigns: [],
  creatorIds: [],
  activities: [],
  costs: [],
  definitions: [],
  measurements: [],
  ...fields,
});

describe('rounding', () => {
  it('rounds half away from zero to the minor unit of the currency, JPY to whole yen', () => {
    expect(roundHalfAwayFromZero(6.175, 2)).toBe(6.18);
    expect(roundHalfAwayFromZero(0.30875, 2)).toBe(0.31);
    expect(roundHalfAwayFromZero(-2.5, 0)).toBe(-3);
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundMoneyIn(1001 / 3, 'JPY')).toBe(334);
    expect(roundMoneyIn(0.1 + 0.2, 'EUR')).toBe(0.3);
    expect(roundMoneyIn(-0.001, 'USD')).toBe(0);
  });
});

describe('the oracle', () => {
  it('converts a cost in a currency the ECB quotes at the last publication on or before its day: 99.99 USD x 0.86355 / 1.0565 = 81.73 GBP', () => {
    // The stand-in's file ends on 2017-03-03 (USD 1.0565, GBP 0.86355 per EUR); a cost dated 2026 takes that day's rates.
    const oracle = new ReportingOracle(
      tenant({
        currency: 'GBP',
        activities: [activity('a1', { readings: [reading('2026-03-02T00:00:00.000Z', 10_000)] })],
        costs: [cost('a1', 100, 'GBP'), cost('a1', 99.99, 'USD'), cost('a1', 0.01, 'USD'), cost('a1', 50, 'ARS')],
      }),
    );
    const figures = oracle.organization();
    // 0.01 USD converts to 0.0082 GBP, 0.01 once rounded: sums add the rounded amounts.
    expect(figures).toMatchObject({ totalCosts: 181.74, otherCurrencySpend: { ARS: 50 }, cpm: 18.17 });
    expect(figures.basis.conversions).toEqual([
      {
        currency: 'USD',
        amount: 100,
        converted: 81.74,
        source: 'ecb',
        firstRateDate: '2017-03-03',
        lastRateDate: '2017-03-03',
      },
    ]);
    expect(figures.basis.cpm).toEqual({ spend: 181.74, impressions: 10_000, activities: 1 });
  });

  it('converts at a booked rate while the tenant keeps the currency it was booked in, then at the ECB rates: 200 ARS x 0.0051 = 1.02 GBP', () => {
    const booked = { ...cost('a1', 200, 'ARS'), exchangeRate: 0.0051, exchangeRateCurrency: 'GBP' };
    const inGbp = new ReportingOracle(
      tenant({
        currency: 'GBP',
        activities: [activity('a1')],
        costs: [booked, { ...cost('a1', 10, 'USD'), exchangeRate: 0.8, exchangeRateCurrency: 'GBP' }],
      }),
    );
    expect(inGbp.organization().totalCosts).toBe(9.02);
    expect(inGbp.organization().basis.conversions).toEqual([
      {
        currency: 'ARS',
        amount: 200,
        converted: 1.02,
        source: 'booked',
        firstRateDate: '2026-03-01',
        lastRateDate: '2026-03-01',
      },
      {
        currency: 'USD',
        amount: 10,
        converted: 8,
        source: 'booked',
        firstRateDate: '2026-03-01',
        lastRateDate: '2026-03-01',
      },
    ]);
    // The tenant now counts in EUR: the booked GBP rates no longer apply; USD goes at the ECB's (10 / 1.0565 = 9.47 EUR), ARS has none.
    const inEur = new ReportingOracle(
      tenant({
        currency: 'EUR',
        activities: [activity('a1')],
        costs: [booked, { ...cost('a1', 10, 'USD'), exchangeRate: 0.8, exchangeRateCurrency: 'GBP' }],
      }),
    );
    expect(inEur.organization()).toMatchObject({ totalCosts: 9.47, otherCurrencySpend: { ARS: 200 } });
    expect(inEur.organization().basis.conversions).toEqual([
      {
        currency: 'USD',
        amount: 10,
        converted: 9.47,
        source: 'ecb',
        firstRateDate: '2017-03-03',
        lastRateDate: '2017-03-03',
      },
    ]);
  });

  it('computes CPM over exactly the activities with both spend and impressions: 1,950 / 218,143 x 1000 = 8.94 GBP', () => {
    // Spend 2,200 GBP in all and 544,458 impressions in all, but CPM over the two activities with both.
    const oracle = new ReportingOracle(
      tenant({
        currency: 'GBP',
        activities: [
          activity('a1', { readings: [reading('2026-03-02T00:00:00.000Z', 64_302, 900, 100)] }),
          activity('a2', { readings: [reading('2026-03-02T00:00:00.000Z', 153_841)] }),
          activity('a3'),
          activity('a4', { readings: [reading('2026-03-02T00:00:00.000Z', 326_315, 40)] }),
        ],
        costs: [
          cost('a1', 1000, 'GBP'),
          cost('a1', 350, 'GBP'),
          cost('a2', 600, 'GBP'),
          cost('a3', 250, 'GBP'),
          cost('a4', 99.99, 'ARS'),
        ],
      }),
    );
    const figures = oracle.organization();
    expect(figures).toMatchObject({
      totalCosts: 2200,
      impressions: 544_458,
      engagement: 1040,
      deliveryCoverage: 0.75,
      cpm: 8.94,
      // CPE over a1 alone (a4's engagement has no spend): 1,350 / 1,000.
      cpe: 1.35,
      conversions: null,
      cpa: null,
      otherCurrencySpend: { ARS: 99.99 },
      provenance: { activitiesTotal: 4, activitiesWithMetrics: 3, costsCount: 5 },
      freshness: '2026-03-02T00:00:00.000Z',
    });
    expect(figures.basis).toEqual({
      cpm: { spend: 1950, impressions: 218_143, activities: 2 },
      cpe: { spend: 1350, engagement: 1000, activities: 1 },
      cpa: { spend: 0, conversions: 0, campaigns: 0 },
      conversions: [],
    });
    expect(oracle.activity('a3')).toMatchObject({
      totalCosts: 250,
      deliveryCoverage: 0,
      cpm: null,
      cpe: null,
      freshness: null,
    });
  });

  it('counts a first reading on the publish date, later increases and manual counts on their own day, spend on the day the activity ran (Tokyo)', () => {
    const oracle = new ReportingOracle(
      tenant({
        timeZone: 'Asia/Tokyo',
        activities: [
          // Published 19:00 on March 1st in Tokyo; first read on the 3rd: its 1,000 views and 12 engagement count on the 1st.
          activity('published', {
            startAt: '2026-03-01T10:00:00.000Z',
            readings: [
              reading('2026-03-03T05:00:00.000Z', 1000, 10, 2),
              reading('2026-03-04T16:00:00.000Z', 1500, 12, 2),
            ],
            // Entered at 09:00 on the 6th in Tokyo: views 1,500 -> 2,000, engagement as read.
            manualCounts: [{ at: '2026-03-06T00:00:00.000Z', viewsCount: 2000 }],
          }),
          // Its startAt is after the reading: the reading counts on its own day (the 2nd in Tokyo).
          activity('scheduled', {
            startAt: '2026-03-08T00:00:00.000Z',
            readings: [reading('2026-03-02T01:00:00.000Z', 300, 3)],
          }),
          // No startAt: its reading on its own day, its cost on the day the cost was created (20:00Z on the 2nd is the 3rd in Tokyo).
          activity('undated', { readings: [reading('2026-03-09T14:59:00.000Z', 50)] }),
        ],
        costs: [
          cost('published', 10, 'USD'),
          cost('undated', 4.5, 'USD', { createdAt: '2026-03-02T20:00:00.000Z' }),
          cost('scheduled', 7, 'USD'),
        ],
      }),
    );
    const rows = oracle.history('organization', undefined, lastDates(10, 'Asia/Tokyo', '2026-03-10T12:00:00.000Z'));
    expect(rows.filter((r) => r.impressions || r.engagement || r.spend)).toEqual([
      { date: '2026-03-01', impressions: 1000, engagement: 12, spend: 10 },
      { date: '2026-03-02', impressions: 300, engagement: 3, spend: 0 },
      { date: '2026-03-03', impressions: 0, engagement: 0, spend: 4.5 },
      { date: '2026-03-05', impressions: 500, engagement: 2, spend: 0 },
      { date: '2026-03-06', impressions: 500, engagement: 0, spend: 0 },
      { date: '2026-03-08', impressions: 0, engagement: 0, spend: 7 },
      { date: '2026-03-09', impressions: 50, engagement: 0, spend: 0 },
    ]);
    expect(rows[0]!.date).toBe('2026-03-01');
    expect(rows.at(-1)!.date).toBe('2026-03-10');
    expect(oracle.activity('published')).toMatchObject({
      impressions: 2000,
      engagement: 14,
      freshness: '2026-03-04T16:00:00.000Z',
    });
    expect(oracle.organization().freshness).toBe('2026-03-09T14:59:00.000Z');
    expect(oracle.spendHistory('2026-03-02', '2026-03-04')).toEqual([
      { date: '2026-03-02', amount: 0, cumulativeAmount: 0 },
      { date: '2026-03-03', amount: 4.5, cumulativeAmount: 4.5 },
      { date: '2026-03-04', amount: 0, cumulativeAmount: 4.5 },
    ]);
    expect(
      oracle.historyCoversAll('organization', undefined, lastDates(10, 'Asia/Tokyo', '2026-03-10T12:00:00.000Z')),
    ).toBe(true);
    expect(
      oracle.historyCoversAll('organization', undefined, lastDates(3, 'Asia/Tokyo', '2026-03-10T12:00:00.000Z')),
    ).toBe(false);
  });

  it('overrides fetched counts field by field and counts a manual 0 as metrics', () => {
    const oracle = new ReportingOracle(
      tenant({
        activities: [
          // Likes replaced (80 -> 5), comments (20) and shares (7) as read: engagement 32.
          activity('x', {
            readings: [reading('2026-03-02T00:00:00.000Z', 900, 80, 20, 7)],
            manualCounts: [{ at: '2026-03-03T00:00:00.000Z', likeCount: 5 }],
          }),
          // A Reddit post: no views from the platform, views counted by hand as 0.
          activity('reddit', {
            readings: [reading('2026-03-02T00:00:00.000Z', null, 0, 0)],
            manualCounts: [{ at: '2026-03-03T00:00:00.000Z', viewsCount: 0 }],
          }),
          // A reading of zeros alone is no metrics.
          activity('zeros', { readings: [reading('2026-03-02T00:00:00.000Z', 0, 0, 0)] }),
        ],
      }),
    );
    expect(oracle.activity('x')).toMatchObject({ impressions: 900, engagement: 32, deliveryCoverage: 1 });
    expect(oracle.activity('reddit')).toMatchObject({ impressions: 0, engagement: 0, deliveryCoverage: 1 });
    expect(oracle.activity('zeros')).toMatchObject({ deliveryCoverage: 0 });
  });

  it("divides an organization's spend of the campaigns with conversions by their conversions, never everyone's spend", () => {
    const campaign = (id: string) => ({ id, name: id, budget: null, startAt: null, endAt: null });
    const oracle = new ReportingOracle(
      tenant({
        campaigns: [campaign('A'), campaign('B'), campaign('C')],
        creatorIds: ['kai'],
        activities: [
          activity('a', {
            campaignId: 'A',
            creatorIds: ['kai'],
            readings: [reading('2026-03-02T00:00:00.000Z', 4000, 40)],
          }),
          activity('b', {
            campaignId: 'B',
            creatorIds: ['kai'],
            readings: [reading('2026-03-02T00:00:00.000Z', 1000)],
          }),
          activity('c', { campaignId: 'C' }),
        ],
        costs: [cost('a', 100, 'USD', { creatorId: 'kai' }), cost('b', 300, 'USD'), cost('c', 50, 'USD')],
        definitions: [
          { id: 'signups', name: 'Sign-ups', valueKind: 'count' },
          { id: 'revenue', name: 'Revenue', valueKind: 'currency' },
        ],
        measurements: [
          { campaignId: 'A', definitionId: 'signups', value: 20, active: true },
          { campaignId: 'A', definitionId: 'signups', value: 5, active: true },
          { campaignId: 'A', definitionId: 'signups', value: 7, active: false },
          { campaignId: 'A', definitionId: 'revenue', value: 5000, active: true },
          { campaignId: 'C', definitionId: 'signups', value: 0, active: true },
        ],
      }),
    );
    // 100 / 25 = 4.00, not 450 / 25 = 18.00.
    expect(oracle.organization()).toMatchObject({ totalCosts: 450, conversions: 25, cpa: 4 });
    expect(oracle.organization().basis.cpa).toEqual({ spend: 100, conversions: 25, campaigns: 1 });
    expect(oracle.campaign('A')).toMatchObject({ totalCosts: 100, conversions: 25, cpa: 4, cpm: 25 });
    expect(oracle.campaign('B')).toMatchObject({ conversions: null, cpa: null });
    expect(oracle.campaign('C')).toMatchObject({
      conversions: 0,
      cpa: null,
      basis: { cpa: { spend: 0, conversions: 0, campaigns: 0 } },
    });
    // The creator: both activities' metrics, only the cost attributed to it (a's 100): CPM 100 / 4,000 x 1000.
    expect(oracle.creator('kai')).toMatchObject({
      totalCosts: 100,
      impressions: 5000,
      cpm: 25,
      cpe: 2.5,
      conversions: null,
      provenance: { activitiesTotal: 2, costsCount: 1 },
    });
    expect(oracle.portfolio(30)).toMatchObject({ counts: { draft: 3 }, budgetTotal: 0, spendTotal: 450 });
  });
});
