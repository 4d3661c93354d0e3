/**
 * A creator's CPM and CPE pair the costs attributed to it with the metrics of the activities those
 * costs were spent on (docs/decisions.md "Report shapes": creator metrics cover the activities linked to
 * the creator and the costs attributed to it), not the whole spend of a shared activity: through
 * cost writes and moves between creators, manual counts, a fetched reading, a late link and an
 * unlink. The activity, campaign-free organization and its tenant count the whole spend.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';

let owner: TestUser;
let orgId: string;

const send = (method: string, url: string, body?: unknown) => expectCall(owner.token, method, url, body);

const creator = async (name: string) =>
  (await send('POST', '/v1/creators', { workspaceId: orgId, name })).data.id as string;
const cost = async (activityId: string, amount: number, creatorId: string | null) =>
  (await send('POST', '/v1/activities/costs', { activityId, amount, currency: 'USD', type: 'creator_fee', creatorId }))
    .data.id as string;

/** [totalCosts, impressions, cpm, cpe] of a creator, as both metrics routes answer them. */
async function figures(creatorId: string) {
  const reporting = (await send('GET', `/v1/reporting/creator/metrics?organizationId=${orgId}&creatorId=${creatorId}`))
    .data;
  const creators = (await send('GET', `/v1/creators/metrics?workspaceId=${orgId}&creatorId=${creatorId}`)).data;
  expect(creators).toMatchObject({ totalCosts: reporting.totalCosts, cpm: reporting.cpm, cpe: reporting.cpe });
  return [reporting.totalCosts, reporting.impressions, reporting.cpm, reporting.cpe];
}

const reading = (fetchedAt: string, views: number) => youtubeReading(fetchedAt, { views });

beforeAll(async () => {
  owner = await signUp('Attributed Spend Owner');
  orgId = await newOrganization(owner);
});

describe("a creator's CPM and CPE on an activity it shares", () => {
  it('count only the costs attributed to it, whatever moves the costs or the metrics', async () => {
    const ana = await creator('Ana');
    const ben = await creator('Ben');
    const activityId = (
      await send('POST', '/v1/activities', {
        organizationId: orgId,
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'Shared',
        creatorId: ana,
      })
    ).data.id as string;
    await send('POST', `/v1/activities/${activityId}/creators`, { creatorId: ben });
    await send('PATCH', `/v1/activities/${activityId}`, { name: 'Shared', viewsCount: 10_000, likeCount: 100 });
    const anaCost = await cost(activityId, 100, ana);
    await cost(activityId, 50, ben);
    await cost(activityId, 30, null);

    // Ana: 100 over 10,000 impressions and 100 likes; Ben: 50; the activity and the organization: all 180.
    expect(await figures(ana)).toEqual([100, 10_000, 10, 1]);
    expect(await figures(ben)).toEqual([50, 10_000, 5, 0.5]);
    expect(
      (await send('GET', `/v1/reporting/activity/metrics?organizationId=${orgId}&activityId=${activityId}`)).data,
    ).toMatchObject({ totalCosts: 180, cpm: 18, cpe: 1.8 });
    expect((await send('GET', `/v1/reporting/organization/metrics?organizationId=${orgId}`)).data).toMatchObject({
      totalCosts: 180,
      cpm: 18,
    });
    // The bookkeeping behind it stays out of the record.
    const shown = (await send('GET', `/v1/activities/${activityId}`)).data;
    expect(Object.keys(shown).filter((name) => name.startsWith('creatorSpend'))).toEqual([]);

    // Ana's cost moves to Ben: Ana keeps the impressions, no spend (no CPM); Ben 150.
    await send('PATCH', `/v1/activities/costs/${anaCost}`, { creatorId: ben });
    expect(await figures(ana)).toEqual([0, 10_000, null, null]);
    expect(await figures(ben)).toEqual([150, 10_000, 15, 1.5]);

    // The manual views double, then give way to a fetched reading of 40,000.
    await send('PATCH', `/v1/activities/${activityId}`, { name: 'Shared', viewsCount: 20_000 });
    expect(await figures(ben)).toEqual([150, 20_000, 7.5, 1.5]);
    await send('PATCH', `/v1/activities/${activityId}`, { name: 'Shared', viewsCount: null });
    expect(await figures(ben)).toEqual([150, 0, null, 1.5]);
    await recordReadings(orgId, [{ activityId, reading: reading(new Date().toISOString(), 40_000) }]);
    expect(await figures(ben)).toEqual([150, 40_000, 3.75, 1.5]);
    expect(await figures(ana)).toEqual([0, 40_000, null, null]);

    // A cost attributed to a creator before its link counts from the link on; its unlink takes its costs and all of it off.
    const cy = await creator('Cy');
    await cost(activityId, 20, cy);
    expect(await figures(cy)).toEqual([20, 0, null, null]);
    await send('POST', `/v1/activities/${activityId}/creators`, { creatorId: cy });
    expect(await figures(cy)).toEqual([20, 40_000, 0.5, 0.2]);
    await send('DELETE', `/v1/activities/${activityId}/creators/${ben}`);
    expect(await figures(ben)).toEqual([0, 0, null, null]);
    expect(await figures(cy)).toEqual([20, 40_000, 0.5, 0.2]);
    expect((await send('GET', `/v1/reporting/organization/metrics?organizationId=${orgId}`)).data).toMatchObject({
      totalCosts: 50,
      cpm: 1.25,
    });
  });
});
