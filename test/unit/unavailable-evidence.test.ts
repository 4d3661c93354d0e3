/**
 * Activities without metrics for a reason none can be fetched (`metricsUnavailableReason`) are
 * counted per reason while they have none (`activitiesUnavailable_<reason>`), and a report's
 * evidence names each reason with its figures, the generic "no metrics yet" line counting the rest.
 */
import { describe, expect, it } from 'vitest';
import {
  contribution,
  contributionDelta,
  withdrawn,
  type ActivityStanding,
} from '../../shared/domain/activity-metrics.ts';
import { evidenceOf } from '../../shared/domain/reporting/figures.ts';

const standing = (over: Partial<ActivityStanding>): ActivityStanding => ({
  impressions: 0,
  engagement: 0,
  spend: {},
  withMetrics: false,
  ...over,
});
const now = new Date('2026-03-01T00:00:00Z');

describe('unavailable reasons in the contribution', () => {
  it('counts the reason only while the activity has no metrics from either source', () => {
    expect(contribution(standing({ unavailableReason: 'platform_has_no_public_metrics' }))).toMatchObject({
      activitiesUnavailable_platform_has_no_public_metrics: 1,
    });
    expect(
      Object.keys(
        contribution(
          standing({ unavailableReason: 'platform_has_no_public_metrics', withMetrics: true, manualMetrics: true }),
        ),
      ),
    ).not.toContain('activitiesUnavailable_platform_has_no_public_metrics');
    expect(Object.keys(contribution(standing({})))).not.toContain('activitiesUnavailable_undefined');
  });

  it('moves between reasons, leaves with a manual count and cancels out when withdrawn', () => {
    const credentials = standing({ unavailableReason: 'platform_credentials_missing' });
    const gone = standing({ unavailableReason: 'content_not_found' });
    expect(contributionDelta(credentials, gone)).toEqual({
      activitiesUnavailable_platform_credentials_missing: -1,
      activitiesUnavailable_content_not_found: 1,
    });
    const counted = standing({ unavailableReason: 'content_not_found', withMetrics: true, manualMetrics: true });
    expect(contributionDelta(gone, counted)).toEqual({
      activitiesWithMetrics: 1,
      activitiesWithManualMetrics: 1,
      activitiesUnavailable_content_not_found: -1,
    });
    expect(withdrawn(contribution(gone))).toMatchObject({ activitiesUnavailable_content_not_found: -1 });
  });
});

describe('evidence per unavailable reason', () => {
  const lines = (aggregate: Record<string, unknown>, total: number) =>
    evidenceOf(aggregate, 'USD', total, now).warnings;

  it('names each reason with its count, in a fixed order, and counts only the rest as not read yet', () => {
    expect(
      lines(
        {
          activitiesWithMetrics: 1,
          activitiesUnavailable_platform_has_no_public_metrics: 2,
          activitiesUnavailable_platform_credentials_missing: 1,
          activitiesUnavailable_content_not_found: 0,
        },
        5,
      ),
    ).toEqual([
      "1 of 5 activities have no metrics because their platform's API credentials are not configured: they are read once the credentials are set, or can be counted manually.",
      "2 of 5 activities are on platforms that publish no metrics of other people's content (TikTok, LinkedIn): only manual counts can record them.",
      '1 of 5 activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.',
    ]);
  });

  it('names content not found and an unknown reason; never more activities than lack metrics', () => {
    expect(
      lines(
        {
          activitiesWithMetrics: 2,
          activitiesUnavailable_content_not_found: 1,
          activitiesUnavailable_some_new_reason: 3,
        },
        4,
      ),
    ).toEqual([
      '1 of 4 activities have no metrics because their content was not found at its link: check the link or enter manual counts.',
      '1 of 4 activities have no metrics (some_new_reason): impressions and engagement do not include them.',
    ]);
    expect(lines({ activitiesWithMetrics: 1, activitiesUnavailable_platform_has_no_public_metrics: 1 }, 1)).toEqual([]);
  });

  it('names a web analytics connection needing reconnection, and only then', () => {
    const warning =
      'The web analytics connection needs reconnecting: Google refused the stored grant, so analytics figures stop at the last import until an owner connects again.';
    expect(lines({ analyticsStatus: 'needs_reconnect' }, 0)).toEqual([warning]);
    expect(lines({ analyticsStatus: 'connected' }, 0)).toEqual([]);
  });
});
