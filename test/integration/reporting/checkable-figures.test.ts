/**
 * Figures a reader can check (docs/decisions.md): the defects a new user met, each reproduced on the
 * figures the issue quotes. Every CPM, CPE and CPA names its basis; one campaign's conversions and CPA
 * are the same in campaign metrics, comparison and closeout; the organization's CPA divides the spend
 * of its campaigns with conversions; texts quote the counts used and compare only what was compared;
 * confidence follows the sample; activity reports carry their freshness.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { createOutcomeDefinition } from '../../../shared/db/evidence/outcome-definitions.ts';
import { createMeasurement } from '../../../shared/db/evidence/outcome-measurements.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { youtubeReading } from '../../support/readings.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';
import { getOk } from './helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Checkable Figures Owner');
});

/** An activity of the organization with these views, its cost (if any) and campaign (if any). */
async function activity(
  orgId: string,
  name: string,
  { views, spend, campaignId }: { views?: number; spend?: number; campaignId?: string },
) {
  const created = await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name });
  if (views !== undefined) await updateActivity(orgId, created.id, { viewsCount: views });
  if (campaignId) await linkActivity(orgId, campaignId, created.id);
  if (spend !== undefined) await newCost(owner, { activityId: created.id, amount: spend, currency: 'GBP' });
  return created.id;
}

const organizationMetrics = (orgId: string) =>
  getOk(owner, '/v1/reporting/organization/metrics', { organizationId: orgId });

describe('figures a reader can check', () => {
  it('CPM names its basis: the spend and impressions of exactly the activities that have both', async () => {
    const orgId = await newOrganization(owner, { currency: 'GBP' });
    await activity(orgId, 'Seen and paid', { views: 64_302, spend: 1350 });
    await activity(orgId, 'Also seen and paid', { views: 153_841, spend: 600 });
    await activity(orgId, 'Paid, never seen', { spend: 250 });
    await activity(orgId, 'Seen, never paid', { views: 326_315 });

    const { data, _meta } = await organizationMetrics(orgId);
    expect(data).toMatchObject({ totalCosts: 2200, impressions: 544_458, cpm: 8.94 });
    const { cpm } = _meta.provenance.basis;
    expect(cpm).toEqual({ spend: 1950, impressions: 218_143, activities: 2 });
    // What a reader does with it: 1,950 / 218,143 x 1000 = 8.94, not 2,200 / 544,458 x 1000 = 4.04.
    expect(Math.round((cpm.spend / cpm.impressions) * 1000 * 100) / 100).toBe(data.cpm);
    expect(_meta.provenance.basis.cpe).toEqual({ spend: 0, engagement: 0, activities: 0 });
  });

  it("one campaign's conversions and CPA are the same in campaign metrics, comparison and closeout, and the organization divides only converting campaigns' spend", async () => {
    const orgId = await newOrganization(owner, { currency: 'GBP' });
    const spring = await createCampaign(orgId, { name: 'Spring' });
    const autumn = await createCampaign(orgId, { name: 'Autumn' });
    await activity(orgId, 'Spring video', { views: 40_000, spend: 1600, campaignId: spring.id });
    await activity(orgId, 'Autumn video', { views: 20_000, spend: 600, campaignId: autumn.id });
    const signUps = await createOutcomeDefinition(orgId, { name: 'Sign-ups', valueKind: 'count' });
    await createMeasurement(
      orgId,
      spring.id,
      { outcomeDefinitionId: signUps.id, value: 212, sourceMethod: 'platform_report' },
      null,
    );

    const query = { organizationId: orgId, campaignId: spring.id };
    const expected = { conversions: 212, cpa: 7.55 }; // 1,600 / 212
    const metrics = await getOk(owner, '/v1/reporting/campaign/metrics', query);
    expect(metrics.data).toMatchObject(expected);
    expect(metrics._meta.provenance.basis.cpa).toEqual({ spend: 1600, conversions: 212, campaigns: 1 });
    for (let read = 0; read < 2; read++) {
      const comparison = await getOk(owner, '/v1/reporting/campaign/comparison', {
        organizationId: orgId,
        campaignIds: `${spring.id},${autumn.id}`,
        daysBack: 30,
      });
      expect(comparison.data.campaigns[0]).toMatchObject({
        name: 'Spring',
        current: expected,
        basis: { cpa: { spend: 1600, conversions: 212, campaigns: 1 } },
      });
      expect(comparison.data.campaigns[1]).toMatchObject({ name: 'Autumn', current: { conversions: null, cpa: null } });
    }
    expect((await getOk(owner, '/v1/reporting/campaign/closeout', query)).data.performance).toMatchObject(expected);

    // The organization: Spring's 212 over Spring's 1,600, never over everyone's 2,200 (10.38).
    const organization = await organizationMetrics(orgId);
    expect(organization.data).toMatchObject({ totalCosts: 2200, conversions: 212, cpa: 7.55 });
    expect(organization._meta.provenance.basis.cpa).toEqual({ spend: 1600, conversions: 212, campaigns: 1 });
    const brief = await getOk(owner, '/v1/reporting/marketing-brief', {
      organizationId: orgId,
      daysBack: 30,
      audience: 'practitioner',
    });
    expect(brief.data.highlights[0]).toBe(
      '212 conversions recorded in all (active outcome measurements of Sign-ups, whatever their period); CPA £7.55: £1,600.00 spent by the 1 campaign with conversions over their 212 conversions.',
    );
  });

  it('texts quote the counts their figure used and compare only what was compared', async () => {
    const orgId = await newOrganization(owner, { currency: 'GBP' });
    const only = await createCampaign(orgId, { name: 'Only' });
    await activity(orgId, 'Counted', { views: 10_000, spend: 39, campaignId: only.id });
    await activity(orgId, 'Seen, unpaid', { views: 5_000, campaignId: only.id });
    const brief = async () =>
      (
        await getOk(owner, '/v1/reporting/marketing-brief', {
          organizationId: orgId,
          daysBack: 30,
          audience: 'practitioner',
        })
      ).data;

    // One campaign: nothing to be the lowest or the most of.
    const alone = await brief();
    expect(alone.highlights.join(' ')).not.toMatch(/lowest|most|% of/);

    // A second campaign with nothing recorded is no comparison either: no share of one's own total.
    const other = await createCampaign(orgId, { name: 'Other' });
    expect((await brief()).highlights.join(' ')).not.toMatch(/lowest|most|% of/);
    const comparison = await getOk(owner, '/v1/reporting/campaign/comparison', {
      organizationId: orgId,
      campaignIds: `${only.id},${other.id}`,
      daysBack: 30,
    });
    expect(comparison.data.findings.join(' ')).not.toMatch(/recorded .* of the .* of these campaigns/);

    await activity(orgId, 'Dear', { views: 1_000, spend: 50, campaignId: other.id });
    const two = await brief();
    // Only's CPM 3.90 rests on 1 of its 2 activities (the other has no spend), not "2 of 2".
    expect(two.highlights).toContain(
      'Only has the lowest CPM of the 2 campaigns with one: £3.90 over 1 of its 2 activities (those with both spend and impressions: £39.00 over 10,000 impressions).',
    );
    expect(two.highlights).toContain(
      'Only has the most recorded impressions of the 2 campaigns with impressions: 15,000 (94% of their 16,000).',
    );
  });

  it('a recommendation comparing 2 activities with 1 is of low confidence, and says so with its sample', async () => {
    const orgId = await newOrganization(owner, { currency: 'GBP' });
    const cheap = await createCampaign(orgId, { name: 'Cheap' });
    const dear = await createCampaign(orgId, { name: 'Dear' });
    await activity(orgId, 'Cheap one', { views: 10_000, spend: 10, campaignId: cheap.id });
    await activity(orgId, 'Cheap two', { views: 10_000, spend: 10, campaignId: cheap.id });
    await activity(orgId, 'Dear one', { views: 10_000, spend: 50, campaignId: dear.id });

    const { data } = await getOk(owner, '/v1/reporting/recommendations', { organizationId: orgId });
    const gap = data.find((r: { rule: string }) => r.rule === 'cpm_gap');
    expect(gap).toMatchObject({ confidence: 'low', campaignIds: [dear.id, cheap.id] });
    expect(gap.rationale).toBe(
      "Dear's CPM (£5.00 over 1 activity) is 5.0 times Cheap's (£1.00 over 2 activities), counting the activities with both spend and impressions.",
    );
  });

  it('an activity report carries its freshness: its newest reading', async () => {
    const orgId = await newOrganization(owner);
    const read = await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name: 'Read' });
    const fetchedAt = new Date(Date.now() - 3_600_000).toISOString();
    await recordReadings(orgId, [
      { activityId: read.id, reading: youtubeReading(fetchedAt, { views: 500, likes: 20 }) },
    ]);

    const report = await getOk(owner, '/v1/reporting/activity/metrics', { organizationId: orgId, activityId: read.id });
    expect(report.data).toMatchObject({ impressions: 500, engagement: 20 });
    expect(report._meta.freshness).toBe(fetchedAt);
    expect((await organizationMetrics(orgId))._meta.freshness).toBe(fetchedAt);
  });
});
