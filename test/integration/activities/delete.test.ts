/** DELETE /v1/activities/:id: the permanent cascade (costs, creator links, pointer) and every counter it moves. */
import { describe, expect, it } from 'vitest';
import { getCreator } from '../../../shared/db/catalogue/creators.ts';
import { linksOfActivity } from '../../../shared/db/catalogue/creator-links.ts';
import { locate } from '../../../shared/db/table/records.ts';
import { costItemsOf } from '../../../shared/db/catalogue/costs.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { newActivity, newCreator } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

describe('DELETE /v1/activities/:id', () => {
  it('removes the activity, its pointer, its creator links and costs, and moves every counter back', async () => {
    const org = await newOrg();
    const ada = await newCreator(org, 'Ada');
    const bob = await newCreator(org, 'Bob');
    const keep = await newActivity(org, { creatorId: ada, name: 'Kept' });
    const gone = await newActivity(org, { creatorId: ada, name: 'Gone' });
    const link = await call('POST', `/v1/activities/${gone.id}/creators`, {
      token: org.owner.token,
      body: { creatorId: bob },
    });
    expect(link.status).toBe(201);
    for (const [activityId, amount] of [
      [gone.id, 100],
      [gone.id, 50.5],
      [keep.id, 7],
    ] as const) {
      const cost = await call('POST', '/v1/activities/costs', {
        token: org.owner.token,
        body: { activityId, amount, type: 'creator_fee', currency: 'USD', creatorId: ada },
      });
      expect(cost.status, JSON.stringify(cost.body)).toBe(201);
    }
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({
      activitiesCount: 2,
      costsCount: 3,
      spend: { USD: 157.5 },
    });

    const res = await call('DELETE', `/v1/activities/${gone.id}`, { token: org.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: gone.id, deleted: true } });

    expect(await locate('activity', gone.id)).toBeUndefined();
    expect(await linksOfActivity(org.organizationId, gone.id)).toEqual([]);
    expect((await costItemsOf(org.organizationId)).map((c) => c.activityId)).toEqual([keep.id]);
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({
      activitiesCount: 1,
      costsCount: 1,
      spend: { USD: 7 },
    });
    expect(await getCreator(org.organizationId, ada)).toMatchObject({
      activitiesCount: 1,
      costsCount: 1,
      spend: { USD: 7 },
    });
    expect(await getCreator(org.organizationId, bob)).toMatchObject({ activitiesCount: 0 });
    expect((await call('GET', `/v1/activities/${gone.id}`, { token: org.owner.token })).status).toBe(404);
    expect((await call('GET', `/v1/activities/${keep.id}`, { token: org.owner.token })).body.data).toMatchObject({
      creatorIds: [ada],
      costsCount: 1,
    });
  });

  it('answers 404 the second time, changing no counter', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    expect((await call('DELETE', `/v1/activities/${a.id}`, { token: org.owner.token })).status).toBe(200);
    const again = await call('DELETE', `/v1/activities/${a.id}`, { token: org.owner.token });
    expect(again.status).toBe(404);
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({ activitiesCount: 0 });
  });

  it('answers 404 to a member of another tenant and 403 to a viewer, deleting nothing', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const a = await newActivity(org);
    expect((await call('DELETE', `/v1/activities/${a.id}`, { token: other.owner.token })).status).toBe(404);
    const viewer = await signUp('Viewer');
    await call('POST', `/v1/organizations/${org.organizationId}/users`, {
      token: org.owner.token,
      body: { userId: viewer.userId, role: 'viewer' },
    });
    const asViewer = await call('DELETE', `/v1/activities/${a.id}`, { token: viewer.token });
    expect(asViewer.status).toBe(403);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).status).toBe(200);
  });
});

describe('DELETE /v1/activities/:id under concurrency', () => {
  it('deletes once when two deletes race: one 200, one 404, the tenant and creator counted down once', async () => {
    const org = await newOrg();
    const ada = await newCreator(org);
    await newActivity(org, { creatorId: ada, name: 'Stays' });
    const a = await newActivity(org, { creatorId: ada });
    const [x, y] = await Promise.all([
      call('DELETE', `/v1/activities/${a.id}`, { token: org.owner.token }),
      call('DELETE', `/v1/activities/${a.id}`, { token: org.owner.token }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 404]);
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({ activitiesCount: 1 });
    expect(await getCreator(org.organizationId, ada)).toMatchObject({ activitiesCount: 1 });
  });
});
