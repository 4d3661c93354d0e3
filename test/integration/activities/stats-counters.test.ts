/**
 * GET /v1/activities/stats unfiltered answers from the counters kept on write (docs/design.md "Data: one DynamoDB table": stats
 * routes read the stored aggregates): the same figures the matching activities sum to, through
 * content links connected, changed and cleared, manual counts, costs and a delete, in two reads.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { countDynamoCalls } from '../../support/dynamodb-calls.ts';
import { newActivity } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

const stats = async (org: Org, filter = '') => {
  const res = await call('GET', `/v1/activities/stats?organizationId=${org.organizationId}${filter}`, {
    token: org.owner.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const patch = async (org: Org, id: string, body: Record<string, unknown>) => {
  const res = await call('PATCH', `/v1/activities/${id}`, { token: org.owner.token, body: { name: 'Kept', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('GET /v1/activities/stats unfiltered', () => {
  it('follows links set, changed and cleared, metrics, costs and deletes, as the filtered sums do', async () => {
    const org = await newOrg();
    const [a, b, c] = [
      await newActivity(org, { name: 'Kept' }),
      await newActivity(org, { name: 'Kept' }),
      await newActivity(org, { name: 'Kept' }),
    ];
    await patch(org, a.id, { contentHref: 'https://youtu.be/dQw4w9WgXcQ' });
    // Changing a link keeps the count; setting one with a manual count counts too.
    await patch(org, a.id, { contentHref: 'https://youtu.be/oHg5SJYRHA0' });
    await patch(org, b.id, { contentHref: 'https://youtu.be/9bZkp7q19f0', viewsCount: 10 });
    await patch(org, c.id, { contentHref: 'https://youtu.be/kJQP7kiw5Fk' });
    await patch(org, c.id, { contentHref: null });
    const cost = await call('POST', '/v1/activities/costs', {
      token: org.owner.token,
      body: { activityId: a.id, amount: 7.5, type: 'fee', currency: 'USD' },
    });
    expect(cost.status).toBe(201);

    const expected = {
      activitiesCount: 3,
      byChannel: { youtube: 3 },
      withContentLink: 2,
      withMetrics: 1,
      costsCount: 1,
      spend: { USD: 7.5 },
    };
    expect(await stats(org)).toEqual(expected);
    // The search path sums the activities themselves: the same figures.
    expect(await stats(org, '&searchTerm=kept')).toEqual(expected);

    const deleted = await call('DELETE', `/v1/activities/${b.id}`, { token: org.owner.token });
    expect(deleted.status).toBe(200);
    expect(await stats(org)).toEqual({
      ...expected,
      activitiesCount: 2,
      byChannel: { youtube: 2 },
      withContentLink: 1,
      withMetrics: 0,
    });
  });

  it('reads two items, however many activities the tenant has', async () => {
    const org = await newOrg();
    for (let i = 0; i < 5; i++) await newActivity(org, { name: `A${i}` });
    const calls = countDynamoCalls();
    /** The round trips of a request, its second time (the first may warm what authorization caches). */
    const tripsOf = async (path: string) => {
      await call('GET', path, { token: org.owner.token });
      const before = calls.read();
      await call('GET', path, { token: org.owner.token });
      return calls.read() - before;
    };
    // The count reads the channel counters alone; the stats add the tenant's aggregate, nothing per activity.
    const count = await tripsOf(`/v1/activities/count?organizationId=${org.organizationId}`);
    expect(await tripsOf(`/v1/activities/stats?organizationId=${org.organizationId}`)).toBe(count + 1);
  });
});
