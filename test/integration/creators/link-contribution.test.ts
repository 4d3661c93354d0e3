/**
 * Linking a creator to an activity that already has metrics counts the activity's whole
 * contribution on the creator (coverage and provenance, not only impressions and engagement), and
 * unlinking takes all of it off again.
 */
import { describe, expect, it } from 'vitest';
import { signUp } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';
import { expectCall } from '../../support/requests.ts';

describe('a creator linked to a measured activity', () => {
  it('counts its coverage and provenance, and gives them back on unlink', async () => {
    const owner = await signUp('Contribution Owner');
    const orgId = await newOrganization(owner);
    const send = (method: string, url: string, body?: unknown) => expectCall(owner.token, method, url, body);
    const creatorId = (await send('POST', '/v1/creators', { workspaceId: orgId, name: 'Linked late' })).data.id;
    const activityId = (
      await send('POST', '/v1/activities', {
        organizationId: orgId,
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'Measured',
      })
    ).data.id;
    await send('PATCH', `/v1/activities/${activityId}`, { name: 'Measured', viewsCount: 500, likeCount: 20 });
    const metrics = async () =>
      send('GET', `/v1/reporting/creator/metrics?organizationId=${orgId}&creatorId=${creatorId}`);

    await send('POST', `/v1/activities/${activityId}/creators`, { creatorId });
    const linked = await metrics();
    expect([linked.data.impressions, linked.data.engagement, linked.data.deliveryCoverage]).toEqual([500, 20, 1]);
    expect(linked._meta.provenance).toMatchObject({
      activitiesTotal: 1,
      activitiesWithMetrics: 1,
      sources: { api: 0, manual: 1 },
    });

    await send('DELETE', `/v1/activities/${activityId}/creators/${creatorId}`);
    const unlinked = await metrics();
    expect([unlinked.data.impressions, unlinked.data.engagement]).toEqual([0, 0]);
    expect(unlinked._meta.provenance).toMatchObject({
      activitiesTotal: 0,
      activitiesWithMetrics: 0,
      sources: { api: 0, manual: 0 },
    });
  });
});
