/**
 * GET /v1/creators/metrics computes CPM and CPE denominator-aware (docs/decisions.md "Money and
 * metrics"): only over the creator's activities that have both spend and the denominator.
 */
import { describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { createCreator } from './helpers.ts';

describe('creator CPM and CPE', () => {
  it('leave out spend on activities without the denominator, and the metrics of activities without spend', async () => {
    const owner = await signUp('Owner');
    const ws = (await createWorkspace(owner)).id;
    const creator = await createCreator(owner, ws);
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await call(method, url, { token: owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    };
    const activity = (name: string) =>
      createActivity(ws, { channel: 'youtube', activity: 'youtube_video', name, creatorId: creator.id });
    const [viewed, liked, unmeasured, unpaid] = await Promise.all(
      ['Viewed', 'Liked', 'Unmeasured', 'Unpaid'].map(activity),
    );
    await send('PATCH', `/v1/activities/${viewed!.id}`, { name: 'Viewed', viewsCount: 1000 });
    await send('PATCH', `/v1/activities/${liked!.id}`, { name: 'Liked', likeCount: 4 });
    await send('PATCH', `/v1/activities/${unpaid!.id}`, { name: 'Unpaid', viewsCount: 19000, likeCount: 96 });
    for (const [a, amount] of [
      [viewed!, 10],
      [liked!, 2],
      [unmeasured!, 88],
    ] as const) {
      await send('POST', '/v1/activities/costs', { activityId: a.id, amount, currency: 'USD', type: 'creator_fee' });
    }
    const { data } = await send('GET', `/v1/creators/metrics?workspaceId=${ws}&creatorId=${creator.id}`);
    expect(data).toMatchObject({ spend: 100, impressions: 20000, engagement: 100 });
    // CPM: 10 USD over the 1000 impressions of the one activity with both; CPE: 2 USD over 4 likes.
    expect(data.cpm).toBe(10);
    expect(data.cpe).toBe(0.5);
  });
});
