/** The counters an activity adds to its aggregates make CPM and CPE denominator-aware without reading activities. */
import { describe, expect, it } from 'vitest';
import {
  aggregateRatios,
  contribution,
  contributionDelta,
  withdrawn,
  type ActivityStanding,
} from '../../shared/domain/activity-metrics.ts';

const standing = (over: Partial<ActivityStanding>): ActivityStanding => ({
  impressions: 0,
  engagement: 0,
  spend: {},
  withMetrics: false,
  ...over,
});

const sum = (...parts: Record<string, number>[]) => {
  const total: Record<string, number> = {};
  for (const part of parts) for (const [name, by] of Object.entries(part)) total[name] = (total[name] ?? 0) + by;
  return total;
};

describe('activity contribution', () => {
  it('counts spend and denominators only over activities that have both', () => {
    const a = contribution(standing({ impressions: 10_000, engagement: 100, spend: { USD: 50 }, withMetrics: true }));
    const noSpend = contribution(standing({ impressions: 90_000, engagement: 900, withMetrics: true }));
    const noMetrics = contribution(standing({ spend: { USD: 30 } }));
    const total = sum(a, noSpend, noMetrics);
    expect(total.impressions).toBe(100_000);
    expect(total.activitiesWithMetrics).toBe(2);
    // CPM = 50 / 10,000 x 1000 = 5, not (80 / 100,000 x 1000): the others lack a denominator or spend.
    expect(aggregateRatios(total, 'USD')).toEqual({ cpm: 5, cpe: 0.5 });
    expect(aggregateRatios(total, 'EUR')).toEqual({ cpm: null, cpe: null });
  });

  it('moves the sums when impressions appear and cancels out when withdrawn', () => {
    const before = standing({ spend: { USD: 20 } });
    const after = standing({ impressions: 4_000, spend: { USD: 20 }, withMetrics: true });
    const delta = contributionDelta(before, after);
    expect(delta).toEqual({
      impressions: 4_000,
      activitiesWithMetrics: 1,
      cpmSpend_USD: 20,
      cpmImpressions_USD: 4_000,
      cpmActivities_USD: 1,
    });
    const net = sum(contribution(before), delta, withdrawn(contribution(after)));
    expect(Object.values(net).every((v) => v === 0)).toBe(true);
  });

  it('counts where the metrics come from, for provenance', () => {
    const fetched = contribution(standing({ impressions: 5, withMetrics: true, apiMetrics: true }));
    const both = contribution(standing({ impressions: 5, withMetrics: true, apiMetrics: true, manualMetrics: true }));
    expect(sum(fetched, both)).toMatchObject({
      activitiesWithApiMetrics: 2,
      activitiesWithManualMetrics: 1,
      activitiesWithMetrics: 2,
    });
  });
});
