/**
 * The texts of the campaign reports quote money and counts as a deck would (docs/decisions.md "Report
 * shapes", "Figures a reader can check"; shared/domain/words): "£11,950.00", "1,592,433
 * impressions", two CPEs that round alike written apart, a headline about campaigns with the
 * campaigns' figures, and a ratio whose basis is not the total shown saying so. The numeric fields
 * stay numbers. An agency's week in GBP: campaigns A and B, and £250.00 spent on an activity in no campaign.
 */
import { describe, expect, it } from 'vitest';
import { marketingBrief, type BriefConversions } from '../../shared/domain/reporting/brief.ts';
import type { StoredCampaign } from '../../shared/domain/reporting/campaigns.ts';
import { closeout } from '../../shared/domain/reporting/closeout.ts';
import { comparison } from '../../shared/domain/reporting/comparison.ts';
import { NO_CPA_BASIS, ratioBasis } from '../../shared/domain/reporting/figures.ts';
import { portfolio } from '../../shared/domain/reporting/portfolio.ts';
import { recommendations } from '../../shared/domain/reporting/recommendations.ts';

const ctx = { currency: 'GBP', timeZone: 'Europe/London', now: new Date('2026-06-15T12:00:00Z') };
const TODAY = '2026-06-15';
const BRIEF = {
  summary: 's',
  objective: 'o',
  audience: 'a',
  desiredOutcomes: 'd',
  channels: ['youtube'],
  ownerUserId: 'u',
};
const DATES = {
  startAt: '2026-06-01T00:00:00Z',
  endAt: '2026-07-01T00:00:00Z',
  newestSnapshotAt: '2026-06-15T06:00:00Z',
};

// A: £8,400.00 and 1,232,433 impressions; its CPM divides the £8,400.00 by the 867,530 impressions of
// the 6 activities with both (a seventh, paid in USD, has 364,903 impressions and no GBP spend):
// 8,400 / 867,530 x 1000 = 9.6827. CPE 8,400 / 39,143 = 0.214598.
const A = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'A',
  ...BRIEF,
  ...DATES,
  budget: 15_000,
  activitiesCount: 7,
  activitiesWithMetrics: 7,
  spend: { GBP: 8_400 },
  impressions: 1_232_433,
  engagement: 45_000,
  cpmSpend_GBP: 8_400,
  cpmImpressions_GBP: 867_530,
  cpmActivities_GBP: 6,
  cpeSpend_GBP: 8_400,
  cpeEngagement_GBP: 39_143,
  cpeActivities_GBP: 6,
} as StoredCampaign;
// B: £3,300.00 over its £3,000.00 budget, 360,000 impressions; CPM 3,300 / 360,000 x 1000 = 9.1667,
// CPE 3,300 / 16,019 = 0.206005: both CPEs print as £0.21.
const B = {
  id: '00000000-0000-4000-8000-00000000000b',
  name: 'B',
  ...BRIEF,
  ...DATES,
  budget: 3_000,
  activitiesCount: 1,
  activitiesWithMetrics: 1,
  spend: { GBP: 3_300 },
  impressions: 360_000,
  engagement: 16_019,
  cpmSpend_GBP: 3_300,
  cpmImpressions_GBP: 360_000,
  cpmActivities_GBP: 1,
  cpeSpend_GBP: 3_300,
  cpeEngagement_GBP: 16_019,
  cpeActivities_GBP: 1,
} as StoredCampaign;
// The organization: both campaigns and a £250.00 activity in no campaign.
const TENANT = {
  activitiesCount: 9,
  activitiesWithMetrics: 8,
  spend: { GBP: 11_950 },
  impressions: 1_592_433,
  newestSnapshotAt: DATES.newestSnapshotAt,
};
const TENANT_DAYS = [{ date: TODAY, impressions: 1_592_433, engagement: 61_019, spend: { GBP: 11_950 } }];
const NONE: BriefConversions = { conversions: null, cpa: null, basis: NO_CPA_BASIS, definitions: [] };

const brief = (audience: 'executive' | 'practitioner', campaigns = [A, B]) =>
  marketingBrief({ tenant: TENANT, campaigns, days: TENANT_DAYS, warnings: [], conversions: NONE }, audience, 30, ctx);

describe('deck-ready words of the campaign reports', () => {
  it('brief: the headline about campaigns quotes the campaigns’ figures (£11,700.00), not the organization’s (£11,950.00)', () => {
    expect(brief('executive').headline).toBe(
      '2 active campaigns: £11,700.00 spent and 1,592,433 impressions recorded by them in all.',
    );
    expect(brief('practitioner').headline).toBe(
      '2 active campaigns: £11,700.00 spent and 1,592,433 impressions recorded by them in all (metrics for 8 of 8 of their activities; evidence high).',
    );
  });

  it('brief: without an active campaign the headline is about the organization, and says so', () => {
    const done = { ...B, startAt: '2026-05-01T00:00:00Z', endAt: '2026-05-31T00:00:00Z' } as StoredCampaign;
    expect(brief('executive', [done]).headline).toBe(
      'No active campaign: £11,950.00 spent and 1,592,433 impressions recorded by the organization over the last 30 days.',
    );
  });

  it('brief: highlights and risks quote money with its symbol and counts grouped', () => {
    const { highlights, risks } = brief('practitioner');
    expect(highlights).toEqual([
      'A has the most recorded impressions of the 2 campaigns with impressions: 1,232,433 (77% of their 1,592,433).',
      'B has the lowest CPM of the 2 campaigns with one: £9.17 over 1 of its 1 activities (those with both spend and impressions: £3,300.00 over 360,000 impressions).',
    ]);
    expect(risks).toEqual(['B: Recorded spend £3,300.00 is above its budget of £3,000.00 (110%).']);
  });

  it('portfolio: priorities and next actions quote money with its symbol; its totals stay numbers', () => {
    const overview = portfolio([A, B], TENANT, TENANT_DAYS, 30, ctx);
    expect(overview.priorities).toEqual([
      {
        campaignId: B.id,
        name: 'B',
        status: 'active',
        reasons: ['Recorded spend £3,300.00 is above its budget of £3,000.00 (110%).'],
      },
    ]);
    expect(overview.nextActions).toEqual(['Review the budget of B: recorded spend is 110% of it.']);
    expect(overview).toMatchObject({
      spendTotal: 11_700,
      budgetTotal: 18_000,
      trend: { spend: 11_950, impressions: 1_592_433 },
    });
  });

  it('comparison: two CPEs that print alike are written to four significant figures, never called the same', () => {
    const entry = (campaign: StoredCampaign) => ({
      campaign,
      days: [
        {
          date: TODAY,
          impressions: Number(campaign.impressions),
          engagement: Number(campaign.engagement),
          spend: campaign.spend as Record<string, number>,
        },
      ],
      outcomes: { conversions: null, cpa: null },
      basis: { ...ratioBasis(campaign, 'GBP'), cpa: NO_CPA_BASIS, conversions: [] },
    });
    const compared = comparison([entry(A), entry(B)], 30, ctx);
    expect(compared.campaigns.map((c) => c.current.cpe)).toEqual([0.21, 0.21]);
    expect(compared.findings).toEqual([
      "B's CPM (£9.17 over 1 activity) is 5% below A's (£9.68 over 6 activities), counting the activities with both spend and impressions.",
      "B's CPE (£0.2060 over 1 activity) is 4% below A's (£0.2146 over 6 activities), counting the activities with both spend and engagement.",
      'A recorded £8,400.00 of the £11,700.00 of these campaigns over the last 30 days (72%).',
      'A recorded 1,232,433 impressions of the 1,592,433 impressions of these campaigns over the last 30 days (77%).',
    ]);
  });

  it('comparison: the same only when the ratios are equal unrounded', () => {
    const twin = { ...B, id: '00000000-0000-4000-8000-00000000000c', name: 'C' } as StoredCampaign;
    const entry = (campaign: StoredCampaign) => ({
      campaign,
      days: [],
      outcomes: { conversions: null, cpa: null },
      basis: { ...ratioBasis(campaign, 'GBP'), cpa: NO_CPA_BASIS, conversions: [] },
    });
    expect(comparison([entry(B), entry(twin)], 30, ctx).findings.slice(0, 2)).toEqual([
      'CPM is the same, £9.17, for B (1 activity), C (1 activity).',
      'CPE is the same, £0.21, for B (1 activity), C (1 activity).',
    ]);
  });

  it('closeout: a CPM over fewer impressions than the total shown says what it divides', () => {
    const closed = closeout(A, [], ctx);
    expect(closed.performance).toMatchObject({ totalCosts: 8_400, impressions: 1_232_433, cpm: 9.68, cpe: 0.21 });
    expect(closed.limitations).toEqual([
      'CPM £9.68 divides £8,400.00 by 867,530 impressions (x 1,000), those of the 6 activities with both spend and impressions; the totals shown are £8,400.00 and 1,232,433 impressions.',
      'CPE £0.21 divides £8,400.00 by 39,143 engagements, those of the 6 activities with both spend and engagement; the totals shown are £8,400.00 and 45,000 engagements.',
      'The campaign is active, not completed: its figures may still change.',
      'Reach is not reported: no stored evidence in scope carries it.',
      'Conversions and CPA are not reported: no outcome measurement of kind count is counted in them.',
    ]);
    // B's ratios divide exactly its totals: nothing to say.
    expect(closeout(B, [], ctx).limitations.filter((l) => l.startsWith('CP'))).toEqual([]);
  });

  it('recommendations: money with its symbol, counts grouped', () => {
    const recs = recommendations({ ...TENANT, activitiesWithMetrics: 0, activitiesCount: 1_250 }, [A, B], ctx);
    expect(recs.map((r) => r.rationale)).toEqual([
      'None of the 1,250 activities has metrics, so impressions, engagement, CPM and CPE cannot be reported.',
      'Recorded spend £3,300.00 is 110% of its budget of £3,000.00.',
    ]);
  });
});
