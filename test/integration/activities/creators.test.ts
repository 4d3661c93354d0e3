/** Activity creators: list, count, link (POST /v1/activities/:id/creators) and unlink with its cost removal. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getCreator } from '../../../shared/db/catalogue/creators.ts';
import { costItemsOf } from '../../../shared/db/catalogue/costs.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { newActivity, newCreator, paths } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

const link = (org: Org, activityId: string, creatorId: string) =>
  call('POST', `/v1/activities/${activityId}/creators`, { token: org.owner.token, body: { creatorId } });

describe('POST /v1/activities/:id/creators', () => {
  it('links a creator of the tenant, counting it on both records', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const ada = await newCreator(org);
    const res = await link(org, a.id, ada);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { activityId: a.id, creatorId: ada, createdAt: expect.any(String) } });
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data).toMatchObject({
      creatorsCount: 1,
      creatorIds: [ada],
    });
    expect((await getCreator(org.organizationId, ada))?.activitiesCount).toBe(1);
  });

  it('answers 409 for a second link and 404 for a creator of another tenant, changing no counter', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const a = await newActivity(org);
    const ada = await newCreator(org);
    expect((await link(org, a.id, ada)).status).toBe(201);
    const again = await link(org, a.id, ada);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    const foreign = await link(org, a.id, await newCreator(other));
    expect(foreign.status).toBe(404);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data.creatorsCount).toBe(1);
    expect((await getCreator(org.organizationId, ada))?.activitiesCount).toBe(1);
    expect(paths(await call('POST', `/v1/activities/${a.id}/creators`, { token: org.owner.token, body: {} }))).toEqual([
      'creatorId',
    ]);
  });

  it('answers 404 to a member of another tenant', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const a = await newActivity(org);
    const res = await call('POST', `/v1/activities/${a.id}/creators`, {
      token: other.owner.token,
      body: { creatorId: await newCreator(other) },
    });
    expect(res.status).toBe(404);
  });
});

describe('GET /v1/activities/creators and /count', () => {
  it('lists the linked creators, last linked first, paged, with an exact count', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const ids = [];
    for (const name of ['C1', 'C2', 'C3']) {
      const id = await newCreator(org, name);
      ids.push(id);
      expect((await link(org, a.id, id)).status).toBe(201);
    }
    await newCreator(org, 'Unlinked');
    const base = `/v1/activities/creators?organizationId=${org.organizationId}&activityId=${a.id}`;
    const first = await call('GET', `${base}&pageIndex=0&pageSize=2`, { token: org.owner.token });
    expect(first.status).toBe(200);
    expect(first.body.items.map((c: { name: string }) => c.name)).toEqual(['C3', 'C2']);
    expect(first.body.items[0]).toMatchObject({
      id: ids[2],
      workspaceId: org.organizationId,
      activitiesCount: 1,
      socialAccounts: [],
    });
    expect(first.body.totalCount).toBe(3);
    const last = await call('GET', `${base}&pageIndex=1&pageSize=2`, { token: org.owner.token });
    expect(last.body.items.map((c: { name: string }) => c.name)).toEqual(['C1']);
    const beyond = await call('GET', `${base}&pageIndex=2&pageSize=2`, { token: org.owner.token });
    expect(beyond.body).toEqual({ items: [], totalCount: 3, facets: {} });
    const counted = await call(
      'GET',
      `/v1/activities/creators/count?organizationId=${org.organizationId}&activityId=${a.id}`,
      { token: org.owner.token },
    );
    expect(counted.body).toEqual({ count: 3 });
  });

  it('answers 404 for an activity of another tenant and 403 naming the organization to a non-member', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const theirs = await newActivity(other);
    const res = await call(
      'GET',
      `/v1/activities/creators?organizationId=${org.organizationId}&activityId=${theirs.id}&pageIndex=0&pageSize=10`,
      {
        token: org.owner.token,
      },
    );
    expect(res.status).toBe(404);
    const count = await call(
      'GET',
      `/v1/activities/creators/count?organizationId=${org.organizationId}&activityId=${randomUUID()}`,
      { token: org.owner.token },
    );
    expect(count.status).toBe(404);
    const stranger = await signUp('Stranger');
    const forbidden = await call(
      'GET',
      `/v1/activities/creators/count?organizationId=${other.organizationId}&activityId=${theirs.id}`,
      { token: stranger.token },
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.detail).toMatch(/organization/);
  });
});

describe('DELETE /v1/activities/:id/creators/:creatorId', () => {
  it("removes the link, its counters and that creator's costs on this activity only", async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const b = await newActivity(org, { name: 'Other activity' });
    const ada = await newCreator(org, 'Ada');
    const bob = await newCreator(org, 'Bob');
    for (const [activityId, creatorId] of [
      [a.id, ada],
      [a.id, bob],
      [b.id, ada],
    ])
      expect((await link(org, activityId, creatorId)).status).toBe(201);
    for (const [activityId, creatorId, amount] of [
      [a.id, ada, 10],
      [a.id, bob, 20],
      [b.id, ada, 40],
    ] as const) {
      const cost = await call('POST', '/v1/activities/costs', {
        token: org.owner.token,
        body: { activityId, creatorId, amount, type: 'fee', currency: 'USD' },
      });
      expect(cost.status, JSON.stringify(cost.body)).toBe(201);
    }
    const res = await call('DELETE', `/v1/activities/${a.id}/creators/${ada}`, { token: org.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: ada, deleted: true } });
    const costs = (await costItemsOf(org.organizationId)).map((c) => [c.activityId, c.creatorId]).sort();
    expect(costs).toEqual(
      [
        [a.id, bob],
        [b.id, ada],
      ].sort(),
    );
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data).toMatchObject({
      creatorIds: [bob],
      creatorsCount: 1,
      costsCount: 1,
      spend: { USD: 20 },
    });
    expect(await getCreator(org.organizationId, ada)).toMatchObject({
      activitiesCount: 1,
      costsCount: 1,
      spend: { USD: 40 },
    });
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({ costsCount: 2, spend: { USD: 60 } });
  });

  it('answers 404 for a creator that is not linked, and to a member of another tenant', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const a = await newActivity(org);
    const ada = await newCreator(org);
    expect((await call('DELETE', `/v1/activities/${a.id}/creators/${ada}`, { token: org.owner.token })).status).toBe(
      404,
    );
    expect((await link(org, a.id, ada)).status).toBe(201);
    expect((await call('DELETE', `/v1/activities/${a.id}/creators/${ada}`, { token: other.owner.token })).status).toBe(
      404,
    );
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data.creatorIds).toEqual([
      ada,
    ]);
  });
});
