/**
 * Reports say why activities have no metrics (docs/decisions.md "Reporting evidence": "a platform with no metrics ... never as a
 * silent zero"; docs/decisions.md "Reporting evidence"): a TikTok activity (its platform publishes no
 * metrics of other people's content) and a YouTube one whose credentials are not configured,
 * linked to a campaign and a creator, are named per reason in the organization's, campaign's and
 * creator's `_meta.warnings`, and the generic "no metrics yet" line counts only the others. The
 * counters follow the activity: a reading clears its reason, unlinking and deleting take it away.
 * A web analytics connection needing reconnection is named in the organization-level reports.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, deleteActivity } from '../../../shared/db/catalogue/activities.ts';
import { markNeedsReconnect, saveGrant } from '../../../shared/db/analytics/analytics.ts';
import { linkActivity, unlinkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { markUnavailable, recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';
import { youtubeReading } from '../../support/readings.ts';
import { getOk } from './helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

const get = (path: string, query: Record<string, string | number>) => getOk(owner, path, query);

const noPublicMetrics = (n: number, of: number) =>
  `${n} of ${of} activities are on platforms that publish no metrics of other people's content (TikTok, LinkedIn): only manual counts can record them.`;
const noCredentials = (n: number, of: number) =>
  `${n} of ${of} activities have no metrics because their platform's API credentials are not configured: they are read once the credentials are set, or can be counted manually.`;
const notYet = (n: number, of: number) =>
  `${n} of ${of} activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.`;

/** The warnings about activities without metrics (other warnings left out). */
const metricWarnings = (body: { _meta: { warnings: string[] } }) =>
  body._meta.warnings.filter((w) => / activities /.test(w));

const reading = (views: number) => youtubeReading(new Date().toISOString(), { views, likes: 2, comments: 1 });

async function seeded() {
  const orgId = await newOrganization(owner, { currency: 'USD' });
  const campaign = await createCampaign(orgId, { name: 'Launch' });
  const creator = await createCreator(orgId, { name: 'Ada' });
  const tiktok = await createActivity(orgId, {
    channel: 'tiktok',
    activity: 'tiktok_video',
    name: 'Dance',
    creatorId: creator.id,
  });
  const youtube = await createActivity(orgId, {
    channel: 'youtube',
    activity: 'youtube_video',
    name: 'Review',
    creatorId: creator.id,
  });
  const unread = await createActivity(orgId, {
    channel: 'youtube',
    activity: 'youtube_video',
    name: 'Unboxing',
    creatorId: creator.id,
  });
  for (const a of [tiktok, youtube, unread]) await linkActivity(orgId, campaign.id, a.id);
  await markUnavailable(orgId, tiktok.id, 'platform_has_no_public_metrics');
  await markUnavailable(orgId, youtube.id, 'platform_credentials_missing');
  const reports = {
    organization: () => get('/v1/reporting/organization/metrics', { organizationId: orgId }),
    campaign: () => get('/v1/reporting/campaign/metrics', { organizationId: orgId, campaignId: campaign.id }),
    creator: () => get('/v1/reporting/creator/metrics', { organizationId: orgId, creatorId: creator.id }),
    creators: () => get('/v1/creators/metrics', { workspaceId: orgId, creatorId: creator.id }),
  };
  return { orgId, campaign, creator, tiktok, youtube, unread, reports };
}

describe('reports name why activities have no metrics', () => {
  it('names a platform without metrics and missing credentials per scope; the generic line counts only the rest', async () => {
    const { reports } = await seeded();
    const expected = [noCredentials(1, 3), noPublicMetrics(1, 3), notYet(1, 3)];
    for (const report of Object.values(reports)) {
      const body = await report();
      expect(metricWarnings(body)).toEqual(expected);
      expect(body._meta.provenance).toMatchObject({ activitiesTotal: 3, activitiesWithMetrics: 0 });
    }
  });

  it('a reading clears the credentials reason and its warning; a manual count takes the platform reason out', async () => {
    const { orgId, tiktok, youtube, reports } = await seeded();
    await recordReadings(orgId, [{ activityId: youtube.id, reading: reading(500) }]);
    for (const report of Object.values(reports))
      expect(metricWarnings(await report())).toEqual([noPublicMetrics(1, 3), notYet(1, 3)]);
    // The activity's own report: its reason gone with the reading.
    expect(
      metricWarnings(await get('/v1/reporting/activity/metrics', { organizationId: orgId, activityId: youtube.id })),
    ).toEqual([]);
    expect(
      metricWarnings(await get('/v1/reporting/activity/metrics', { organizationId: orgId, activityId: tiktok.id })),
    ).toEqual([noPublicMetrics(1, 1)]);
    // A manual count gives the TikTok activity metrics: it no longer counts as without.
    const res = await call('PATCH', `/v1/activities/${tiktok.id}`, {
      token: owner.token,
      body: { name: 'Dance', viewsCount: 1200 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const report of Object.values(reports)) expect(metricWarnings(await report())).toEqual([notYet(1, 3)]);
  });

  it('unlinking from the campaign and deleting take the reasons with the activity', async () => {
    const { orgId, campaign, tiktok, youtube, reports } = await seeded();
    await unlinkActivity(orgId, campaign.id, tiktok.id);
    expect(metricWarnings(await reports.campaign())).toEqual([noCredentials(1, 2), notYet(1, 2)]);
    expect(metricWarnings(await reports.organization())).toEqual([
      noCredentials(1, 3),
      noPublicMetrics(1, 3),
      notYet(1, 3),
    ]);
    // Linked again: it brings its reason back to the campaign.
    await linkActivity(orgId, campaign.id, tiktok.id);
    expect(metricWarnings(await reports.campaign())).toEqual([
      noCredentials(1, 3),
      noPublicMetrics(1, 3),
      notYet(1, 3),
    ]);
    await deleteActivity(orgId, tiktok.id);
    await deleteActivity(orgId, youtube.id);
    expect(metricWarnings(await reports.organization())).toEqual([notYet(1, 1)]);
    expect(metricWarnings(await reports.campaign())).toEqual([notYet(1, 1)]);
  });

  // Creator links and unlinks move the activity's whole contribution on the creator (linkCreatorItems /
  // unlinkItems): its reason, coverage, provenance and CPM/CPE sums leave with it.
  it('deleting the activities takes their reasons off the creator', async () => {
    const { orgId, tiktok, youtube, reports } = await seeded();
    await deleteActivity(orgId, tiktok.id);
    await deleteActivity(orgId, youtube.id);
    expect(metricWarnings(await reports.creator())).toEqual([notYet(1, 1)]);
  });

  it('names a web analytics connection needing reconnection in the organization-level reports', async () => {
    const { orgId } = await seeded();
    const warning = (body: { _meta: { warnings: string[] } }) =>
      body._meta.warnings.filter((w) => w.startsWith('The web analytics connection'));
    expect(warning(await get('/v1/reporting/organization/metrics', { organizationId: orgId }))).toEqual([]);
    await saveGrant(orgId, { sealedRefreshToken: 'sealed', connectedBy: owner.userId });
    await markNeedsReconnect(orgId);
    const expected = [
      'The web analytics connection needs reconnecting: Google refused the stored grant, so analytics figures stop at the last import until an owner connects again.',
    ];
    expect(warning(await get('/v1/reporting/organization/metrics', { organizationId: orgId }))).toEqual(expected);
    expect(warning(await get('/v1/reporting/organization/metrics/history', { organizationId: orgId }))).toEqual(
      expected,
    );
    expect(warning(await get('/v1/reporting/campaign/portfolio', { organizationId: orgId, daysBack: 30 }))).toEqual(
      expected,
    );
    const brief = await get('/v1/reporting/marketing-brief', {
      organizationId: orgId,
      daysBack: 30,
      audience: 'practitioner',
    });
    expect(warning(brief)).toEqual(expected);
  });
});
