/**
 * An activity's metric history follows it (docs/decisions.md "Metric snapshots and refresh": "linking, moving and unlinking an activity,
 * linking and unlinking a creator ... move these sums as they move spend"): after a link, a move to
 * another campaign, an unlink, a creator link and unlink, each campaign's and creator's history sums
 * to what its aggregate counts, readings and manual counts interleaved, and a second placement moves
 * nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { placeMetricDays } from '../../../shared/db/metrics/metric-days.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';

let owner: TestUser;
let orgId: string;

const req = (method: string, url: string, body?: unknown, expected = 200) =>
  expectCall(owner.token, method, url, body, expected);

const reading = (fetchedAt: string, views: number, likes: number) => youtubeReading(fetchedAt, { views, likes });

const NOW = '2026-03-12T12:00:00.000Z';

/** A scope's history over the 3 days to March 12th (UTC tenant): `[date, impressions, engagement]` rows. */
const history = (scope: 'campaign' | 'creator', id: string) =>
  atInstant(Date.parse(NOW), async () =>
    (
      await req('GET', `/v1/reporting/${scope}/metrics/history?organizationId=${orgId}&${scope}Id=${id}&daysBack=3`)
    ).items.map((r: { date: string; impressions: number; engagement: number }) => [
      r.date,
      r.impressions,
      r.engagement,
    ]),
  );

const metrics = async (scope: 'campaign' | 'creator', id: string) =>
  req('GET', `/v1/reporting/${scope}/metrics?organizationId=${orgId}&${scope}Id=${id}`);

const rows = (tenth: [number, number], eleventh: [number, number], twelfth: [number, number] = [0, 0]) => [
  ['2026-03-10', ...tenth],
  ['2026-03-11', ...eleventh],
  ['2026-03-12', ...twelfth],
];
const EMPTY = rows([0, 0], [0, 0]);

beforeAll(async () => {
  owner = await signUp('Metric Days Owner');
  orgId = await newOrganization(owner);
});

describe('the metric history follows the activity', () => {
  it('into a campaign it is linked to, to the next one it moves to, and out when unlinked', async () => {
    const activityId = (
      await req(
        'POST',
        '/v1/activities',
        { organizationId: orgId, channel: 'youtube', activity: 'youtube_video', name: 'Moves' },
        201,
      )
    ).data.id;
    const [a, b] = [
      (await req('POST', '/v1/campaigns', { organizationId: orgId, name: 'A' }, 201)).data.id,
      (await req('POST', '/v1/campaigns', { organizationId: orgId, name: 'B' }, 201)).data.id,
    ];
    // Read on two days before it is in any campaign.
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-10T09:00:00.000Z', 100, 10) }]);
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-11T09:00:00.000Z', 250, 12) }]);

    await req('POST', `/v1/campaigns/${a}/activities`, { activityId }, 201);
    expect(await history('campaign', a)).toEqual(rows([100, 10], [150, 2]));
    const inA = await metrics('campaign', a);
    expect([inA.data.impressions, inA._meta.provenance.sources.api, inA._meta.freshness]).toEqual([
      250,
      1,
      '2026-03-11T09:00:00.000Z',
    ]);

    // A reading and a manual count while in A count there.
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-12T09:00:00.000Z', 300, 12) }]);
    await atInstant(Date.parse('2026-03-12T10:00:00.000Z'), () =>
      req('PATCH', `/v1/activities/${activityId}`, { name: 'Moves', likeCount: 20 }),
    );
    expect(await history('campaign', a)).toEqual(rows([100, 10], [150, 2], [50, 8]));

    // Moved: every day goes with it.
    await req('POST', `/v1/campaigns/${b}/activities`, { activityId }, 201);
    expect(await history('campaign', a)).toEqual(EMPTY);
    expect(await history('campaign', b)).toEqual(rows([100, 10], [150, 2], [50, 8]));
    expect((await metrics('campaign', a)).data.impressions).toBe(0);
    expect((await metrics('campaign', b)).data.impressions).toBe(300);
    // Placing again moves nothing.
    expect(await placeMetricDays(orgId, activityId)).toBe(0);

    await req('DELETE', `/v1/campaigns/${b}/activities/${activityId}`);
    expect(await history('campaign', b)).toEqual(EMPTY);
    // The organization's history keeps every day throughout.
    const org = await atInstant(Date.parse(NOW), () =>
      req('GET', `/v1/reporting/organization/metrics/history?organizationId=${orgId}&daysBack=3`),
    );
    expect(org.items.map((r: { impressions: number }) => r.impressions)).toEqual([100, 150, 50]);
  });

  it('into a creator it is linked to, and out when unlinked', async () => {
    const activityId = (
      await req(
        'POST',
        '/v1/activities',
        { organizationId: orgId, channel: 'youtube', activity: 'youtube_video', name: 'Creator days' },
        201,
      )
    ).data.id;
    const creatorId = (await req('POST', '/v1/creators', { workspaceId: orgId, name: 'Grace' }, 201)).data.id;
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-10T09:00:00.000Z', 40, 4) }]);

    await req('POST', `/v1/activities/${activityId}/creators`, { creatorId }, 201);
    expect(await history('creator', creatorId)).toEqual(rows([40, 4], [0, 0]));
    // A reading while linked counts for the creator on its day.
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-11T09:00:00.000Z', 90, 5) }]);
    expect(await history('creator', creatorId)).toEqual(rows([40, 4], [50, 1]));

    await req('DELETE', `/v1/activities/${activityId}/creators/${creatorId}`);
    expect(await history('creator', creatorId)).toEqual(EMPTY);
    expect((await metrics('creator', creatorId)).data.impressions).toBe(0);
  });

  it('out of every history when the activity is deleted', async () => {
    const creatorId = (await req('POST', '/v1/creators', { workspaceId: orgId, name: 'Deleted days' }, 201)).data.id;
    const activityId = (
      await req(
        'POST',
        '/v1/activities',
        { organizationId: orgId, channel: 'youtube', activity: 'youtube_video', name: 'Deleted', creatorId },
        201,
      )
    ).data.id;
    const campaignId = (await req('POST', '/v1/campaigns', { organizationId: orgId, name: 'Deleted days' }, 201)).data
      .id;
    await req('POST', `/v1/campaigns/${campaignId}/activities`, { activityId }, 201);
    const orgBefore = await atInstant(Date.parse(NOW), () =>
      req('GET', `/v1/reporting/organization/metrics/history?organizationId=${orgId}&daysBack=3`),
    );
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-10T09:00:00.000Z', 70, 7) }]);
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-11T09:00:00.000Z', 100, 9) }]);
    expect(await history('campaign', campaignId)).toEqual(rows([70, 7], [30, 2]));
    expect(await history('creator', creatorId)).toEqual(rows([70, 7], [30, 2]));

    await req('DELETE', `/v1/activities/${activityId}`);
    expect(await history('campaign', campaignId)).toEqual(EMPTY);
    expect(await history('creator', creatorId)).toEqual(EMPTY);
    const orgAfter = await atInstant(Date.parse(NOW), () =>
      req('GET', `/v1/reporting/organization/metrics/history?organizationId=${orgId}&daysBack=3`),
    );
    expect(orgAfter.items).toEqual(orgBefore.items);
  });
});
