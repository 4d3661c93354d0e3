/**
 * Manual counts in the histories (docs/decisions.md "Metric snapshots and refresh", docs/decisions.md "Metric snapshots and refresh": a history
 * row is the day's increase of the latest values): setting, changing or clearing a manual count adds
 * its increase (negative when it goes down) to today's day item, in the tenant's timezone, of the
 * activity, its linked creators, its campaign and the organization.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';

let owner: TestUser;
let orgId: string;
let creatorId: string;
let campaignId: string;
let activityId: string;

const req = (method: string, url: string, body?: unknown, expected = 200) =>
  expectCall(owner.token, method, url, body, expected);

/** A YouTube reading fetched at `fetchedAt`: 400 views, 5 likes and 1 comment. */
const reading = (fetchedAt: string) => youtubeReading(fetchedAt, { views: 400, likes: 5, comments: 1 });

/** The history routes of the activity, its campaign, its creator (both routes) and the organization. */
const histories = () => [
  `/v1/reporting/activity/metrics/history?organizationId=${orgId}&activityId=${activityId}`,
  `/v1/reporting/campaign/metrics/history?organizationId=${orgId}&campaignId=${campaignId}`,
  `/v1/reporting/creator/metrics/history?organizationId=${orgId}&creatorId=${creatorId}`,
  `/v1/creators/metrics/history?workspaceId=${orgId}&creatorId=${creatorId}`,
  `/v1/reporting/organization/metrics/history?organizationId=${orgId}`,
];

/** Each history's rows `[date, impressions, engagement]` over `daysBack` days ending at `now`. */
async function rowsAt(now: string, daysBack: number) {
  return atInstant(Date.parse(now), () =>
    Promise.all(
      histories().map(async (path) =>
        (await req('GET', `${path}&daysBack=${daysBack}`)).items.map(
          (r: { date: string; impressions: number; engagement: number }) => [r.date, r.impressions, r.engagement],
        ),
      ),
    ),
  );
}

const patchAt = (now: string, counts: Record<string, number | null>) =>
  atInstant(Date.parse(now), () => req('PATCH', `/v1/activities/${activityId}`, { name: 'Launch video', ...counts }));

beforeAll(async () => {
  owner = await signUp('Manual History Owner');
  // Tokyo is UTC+9: 20:00 UTC is already the next day there.
  orgId = await newOrganization(owner, { ianaTimezone: 'Asia/Tokyo' });
  creatorId = (await req('POST', '/v1/creators', { workspaceId: orgId, name: 'Ada' }, 201)).data.id;
  activityId = (
    await req(
      'POST',
      '/v1/activities',
      { organizationId: orgId, channel: 'youtube', activity: 'youtube_video', name: 'Launch video', creatorId },
      201,
    )
  ).data.id;
  campaignId = (await req('POST', '/v1/campaigns', { organizationId: orgId, name: 'Spring' }, 201)).data.id;
  await req('POST', `/v1/campaigns/${campaignId}/activities`, { activityId }, 201);
});

describe('manual counts in the metric histories', () => {
  it('add their increase to today in the tenant timezone, and clearing them takes it back to the fetched value', async () => {
    // A fetched reading on March 10th in Tokyo: impressions 400, engagement 6.
    await recordReadings(orgId, [{ activityId, reading: reading('2026-03-09T20:00:00.000Z') }]);
    // March 11th in Tokyo (20:00 UTC on the 10th): the manual counts raise the figures to 1000 and 40.
    await patchAt('2026-03-10T20:00:00.000Z', { viewsCount: 1000, likeCount: 30, replyCount: 10 });
    expect(await rowsAt('2026-03-10T21:00:00.000Z', 3)).toEqual(
      Array(5).fill([
        ['2026-03-09', 0, 0],
        ['2026-03-10', 400, 6],
        ['2026-03-11', 600, 34],
      ]),
    );
    // March 12th in Tokyo: one manual count changes, then all are cleared, back to the fetched 400 and 6.
    await patchAt('2026-03-11T16:00:00.000Z', { viewsCount: 1500 });
    await patchAt('2026-03-11T17:00:00.000Z', { viewsCount: null, likeCount: null, replyCount: null });
    expect(await rowsAt('2026-03-11T18:00:00.000Z', 3)).toEqual(
      Array(5).fill([
        ['2026-03-10', 400, 6],
        ['2026-03-11', 600, 34],
        ['2026-03-12', -600, -34],
      ]),
    );
    // The day rows add up to the figures the activity now has.
    const now = (await req('GET', `/v1/activities/${activityId}`)).data;
    expect([now.impressions, now.engagement]).toEqual([400, 6]);
  });
});
