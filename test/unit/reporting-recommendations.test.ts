/** Each recommendation rule of shared/domain/reporting/recommendations.md: when it fires, what it says, and the order. */
import { describe, expect, it } from 'vitest';
import type { StoredCampaign } from '../../shared/domain/reporting/campaigns.ts';
import { recommendations, sampleConfidence } from '../../shared/domain/reporting/recommendations.ts';

const now = new Date('2026-06-15T12:00:00Z');
const ctx = { currency: 'USD', timeZone: 'UTC', now };
const READY = {
  summary: 's',
  objective: 'o',
  audience: 'a',
  desiredOutcomes: 'd',
  channels: ['youtube'],
  ownerUserId: 'u',
  budget: 1000,
};
let n = 0;

function campaign(name: string, fields: Partial<StoredCampaign> = {}): StoredCampaign {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    ...READY,
    startAt: '2026-06-01T00:00:00Z',
    endAt: '2026-07-01T00:00:00Z',
    activitiesCount: 2,
    activitiesWithMetrics: 2,
    spend: {},
    ...fields,
  } as StoredCampaign;
}

const rules = (tenant: Record<string, unknown>, campaigns: StoredCampaign[]) =>
  recommendations(tenant, campaigns, ctx).map((r) => r.rule);

describe('recommendation rules', () => {
  it('none for a tidy organization', () => {
    expect(recommendations({ activitiesCount: 2, activitiesWithMetrics: 2 }, [campaign('Tidy')], ctx)).toEqual([]);
  });

  it('no_metric_evidence: activities and none with metrics', () => {
    const [rec] = recommendations({ activitiesCount: 3, activitiesWithMetrics: 0 }, [], ctx);
    expect(rec).toMatchObject({ rule: 'no_metric_evidence', priority: 'high', confidence: 'high', campaignIds: [] });
    expect(rec!.rationale).toBe(
      'None of the 3 activities has metrics, so impressions, engagement, CPM and CPE cannot be reported.',
    );
    expect(rules({ activitiesCount: 0 }, [])).toEqual([]);
  });

  it('over_budget: recorded spend above the budget, in the organization currency only', () => {
    const over = campaign('Over', { budget: 100, spend: { USD: 150 } });
    const [rec] = recommendations(
      {},
      [over, campaign('Euro', { budget: 100, spend: { USD: 10, EUR: 500 } })],
      ctx,
    ).filter((r) => r.rule === 'over_budget');
    expect(rec).toEqual({
      rule: 'over_budget',
      priority: 'high',
      confidence: 'high',
      title: 'Review the budget of Over',
      rationale: 'Recorded spend $150.00 is 150% of its budget of $100.00.',
      evidence: [
        { label: 'totalCosts', value: 150 },
        { label: 'budget', value: 100 },
      ],
      campaignIds: [over.id],
    });
  });

  it('active_without_activities', () => {
    const empty = campaign('Empty', { activitiesCount: 0, activitiesWithMetrics: 0 });
    expect(recommendations({}, [empty], ctx).find((r) => r.rule === 'active_without_activities')).toMatchObject({
      priority: 'high',
      campaignIds: [empty.id],
    });
  });

  it('brief_incomplete: high within 14 days of the start, medium later', () => {
    const soon = campaign('Soon', { startAt: '2026-06-20T00:00:00Z', summary: null });
    const later = campaign('Later', {
      startAt: '2026-09-01T00:00:00Z',
      endAt: '2026-10-01T00:00:00Z',
      objective: null,
    });
    const recs = recommendations({}, [later, soon], ctx).filter((r) => r.rule === 'brief_incomplete');
    expect(recs.map((r) => [r.campaignIds[0], r.priority])).toEqual([
      [soon.id, 'high'],
      [later.id, 'medium'],
    ]);
    expect(recs[0]!.rationale).toBe('Soon starts in 5 days and its brief is missing summary.');
  });

  it("low_metric_coverage: under half of an active or completed campaign's activities with metrics", () => {
    const thin = campaign('Thin', { activitiesCount: 5, activitiesWithMetrics: 2 });
    expect(
      recommendations({}, [thin, campaign('Half', { activitiesCount: 4, activitiesWithMetrics: 2 })], ctx).filter(
        (r) => r.rule === 'low_metric_coverage',
      ),
    ).toEqual([
      expect.objectContaining({
        priority: 'medium',
        campaignIds: [thin.id],
        rationale: 'Only 2 of 5 activities of Thin have metrics, so its figures leave most of its activities out.',
      }),
    ]);
  });

  it('cpm_gap: the highest CPM at least twice the lowest, confidence from the sample each side rests on', () => {
    const cheap = campaign('Cheap', { cpmSpend_USD: 10, cpmImpressions_USD: 10_000, cpmActivities_USD: 12 });
    const dear = campaign('Dear', { cpmSpend_USD: 30, cpmImpressions_USD: 10_000, cpmActivities_USD: 10 });
    const [rec] = recommendations({}, [cheap, dear], ctx).filter((r) => r.rule === 'cpm_gap');
    expect(rec).toMatchObject({ priority: 'medium', confidence: 'high', campaignIds: [dear.id, cheap.id] });
    expect(rec!.rationale).toBe(
      "Dear's CPM ($3.00 over 10 activities) is 3.0 times Cheap's ($1.00 over 12 activities), counting the activities with both spend and impressions.",
    );
    // The case: 2 activities against 1 is a low-confidence comparison, however complete each campaign's coverage.
    const two = campaign('Two', { cpmSpend_USD: 10, cpmImpressions_USD: 10_000, cpmActivities_USD: 2 });
    const one = campaign('One', { cpmSpend_USD: 30, cpmImpressions_USD: 10_000, cpmActivities_USD: 1 });
    const thin = recommendations({}, [two, one], ctx).find((r) => r.rule === 'cpm_gap')!;
    expect(thin.confidence).toBe('low');
    expect(thin.rationale).toContain('over 1 activity)');
    const some = campaign('Some', { cpmSpend_USD: 30, cpmImpressions_USD: 10_000, cpmActivities_USD: 3 });
    expect(recommendations({}, [cheap, some], ctx).find((r) => r.rule === 'cpm_gap')!.confidence).toBe('medium');
    expect(rules({}, [cheap, campaign('Close', { cpmSpend_USD: 19, cpmImpressions_USD: 10_000 })])).not.toContain(
      'cpm_gap',
    );
  });

  it('cpm_gap compares the CPMs unrounded: in JPY a CPM that rounds to ¥0 is still a CPM to compare, written apart', () => {
    const yen = { ...ctx, currency: 'JPY' };
    // 0.3 and 0.9 yen per thousand impressions: both round to ¥0 or ¥1, the second is three times the first.
    const cheap = campaign('Cheap', { cpmSpend_JPY: 3, cpmImpressions_JPY: 10_000, cpmActivities_JPY: 1 });
    const dear = campaign('Dear', { cpmSpend_JPY: 9, cpmImpressions_JPY: 10_000, cpmActivities_JPY: 1 });
    const rec = recommendations({}, [cheap, dear], yen).find((r) => r.rule === 'cpm_gap')!;
    expect(rec.rationale).toBe(
      "Dear's CPM (¥0.9000 over 1 activity) is 3.0 times Cheap's (¥0.3000 over 1 activity), counting the activities with both spend and impressions.",
    );
    expect(rec.evidence.slice(0, 2)).toEqual([
      { label: 'cpm Dear', value: 1 },
      { label: 'cpm Cheap', value: 0 },
    ]);
  });

  it('write money with its symbol and counts grouped', () => {
    expect(recommendations({ activitiesCount: 12_500, activitiesWithMetrics: 0 }, [], ctx)[0]!.rationale).toBe(
      'None of the 12,500 activities has metrics, so impressions, engagement, CPM and CPE cannot be reported.',
    );
    const big = campaign('Big', { budget: 10_000, spend: { USD: 11_950 } });
    expect(recommendations({}, [big], ctx).find((r) => r.rule === 'over_budget')!.rationale).toBe(
      'Recorded spend $11,950.00 is 120% of its budget of $10,000.00.',
    );
    const [rec] = recommendations({ spend: { USD: 5, ARS: 2_500 } }, [], ctx);
    expect(rec!.rationale).toBe(
      'ARS 2,500.00 of costs are left out of the USD figures: no exchange rate was booked for them and the ECB publishes none.',
    );
  });

  it('sample confidence: high from 10 activities in every group, medium from 3, else low', () => {
    expect(
      [
        [10, 25],
        [9, 25],
        [3, 3],
        [2, 40],
        [0, 0],
      ].map((groups) => sampleConfidence(groups)),
    ).toEqual(['high', 'medium', 'medium', 'low', 'low']);
  });

  it('stale_snapshots: the newest snapshot older than 7 days', () => {
    expect(rules({ newestSnapshotAt: '2026-06-01T00:00:00Z' }, [])).toEqual(['stale_snapshots']);
    expect(rules({ newestSnapshotAt: '2026-06-10T00:00:00Z' }, [])).toEqual([]);
  });

  it('other_currency_costs: costs in another currency, linking the campaigns that have them', () => {
    const euro = campaign('Euro', { spend: { EUR: 12.5 } });
    const [rec] = recommendations({ spend: { USD: 5, EUR: 12.5 } }, [euro], ctx);
    expect(rec).toMatchObject({
      rule: 'other_currency_costs',
      priority: 'low',
      campaignIds: [euro.id],
      evidence: [{ label: 'spend_EUR', value: 12.5 }],
    });
  });

  it('orders by priority, then rule, the same for the same data', () => {
    const tenant = {
      activitiesCount: 4,
      activitiesWithMetrics: 0,
      spend: { EUR: 1 },
      newestSnapshotAt: '2026-01-01T00:00:00Z',
    };
    const list = [
      campaign('B over', { budget: 1, spend: { USD: 2 } }),
      campaign('A empty', { activitiesCount: 0, activitiesWithMetrics: 0 }),
    ];
    const first = recommendations(tenant, list, ctx);
    expect(first.map((r) => r.rule)).toEqual([
      'no_metric_evidence',
      'over_budget',
      'active_without_activities',
      'stale_snapshots',
      'other_currency_costs',
    ]);
    expect(recommendations(tenant, [...list].reverse(), ctx)).toEqual(first);
  });
});
