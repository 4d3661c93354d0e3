/**
 * Activity records carry `latestCounts` (docs/decisions.md "Figures a reader can check"): the newest
 * reading in one vocabulary for every platform, null before the first reading, on every route
 * that returns the record.
 */
import { describe, expect, it } from 'vitest';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';
import { newActivity } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

describe('latestCounts', () => {
  it('is null until the activity is read, then the newest reading as views, likes, comments and shares', async () => {
    const org = await newOrg();
    const req = (method: string, url: string, body?: unknown) => expectCall(org.owner.token, method, url, body);
    const created = await newActivity(org, { name: 'Counted' });
    expect(created.latestCounts).toBeNull();
    expect((await req('GET', `/v1/activities/${created.id}`)).data.latestCounts).toBeNull();

    await recordReadings(org.organizationId, [{ activityId: created.id, reading: youtubeReading('2026-03-12T15:00:00.000Z', { views: 64_302, likes: 1_200, comments: 80 }) }]);
    await recordReadings(org.organizationId, [{ activityId: created.id, reading: youtubeReading('2026-03-13T15:00:00.000Z', { views: 70_000, likes: 1_300, comments: 90 }) }]);
    const expected = { views: 70_000, likes: 1_300, comments: 90, shares: null, fetchedAt: '2026-03-13T15:00:00.000Z', source: 'api' };

    expect((await req('GET', `/v1/activities/${created.id}`)).data.latestCounts).toEqual(expected);
    const listed = (await req('GET', `/v1/activities?organizationId=${org.organizationId}&pageIndex=0&pageSize=10`)).items.find((a: { id: string }) => a.id === created.id);
    expect(listed.latestCounts).toEqual(expected);
    expect((await req('PATCH', `/v1/activities/${created.id}`, { name: 'Counted again' })).data.latestCounts).toEqual(expected);
  });
});
