/** DELETE /v1/creators/:id: permanent, with its social accounts, activity links and counters. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, getActivity, linkCreatorItems } from '../../../shared/db/catalogue/activities.ts';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../shared/db/table/client.ts';
import * as collections from '../../../shared/db/table/collections.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { locate } from '../../../shared/db/table/records.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { createWorkspace, newMember } from '../workspaces/helpers.ts';
import { createCreator } from './helpers.ts';

let owner: TestUser;
let ws: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  ws = (await createWorkspace(owner)).id;
});

/** Every item of the workspace whose sort key or gsi2 key mentions the creator. */
async function itemsAbout(creatorId: string) {
  const items = await queryItems(collections.tenantItems(ws));
  return items.filter((i) => String(i.sk).includes(creatorId) || String(i.gsi2pk ?? '').includes(creatorId));
}

describe('DELETE /v1/creators/:id', () => {
  it('removes the creator, its social accounts and activity links, and decrements every counter', async () => {
    const creator = await createCreator(owner, ws, { name: 'Gone' });
    const other = await createCreator(owner, ws, { name: 'Stays' });
    const a1 = await createActivity(ws, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'One',
      creatorId: creator.id,
    });
    const a2 = await createActivity(ws, {
      channel: 'tiktok',
      activity: 'tiktok_video',
      name: 'Two',
      creatorId: other.id,
    });
    await documentClient().send(new TransactWriteCommand({ TransactItems: linkCreatorItems(ws, a2.id, creator.id) }));
    for (const profileUrl of ['@gone', 'https://x.com/gone']) {
      const platform = profileUrl.startsWith('@') ? 'instagram' : 'twitter';
      expect(
        (
          await call('POST', '/v1/creators/social-accounts/connect', {
            token: owner.token,
            body: { creatorId: creator.id, platform, profileUrl },
          })
        ).status,
      ).toBe(201);
    }
    expect((await itemsAbout(creator.id)).length).toBe(7); // record, 2 accounts with their claims, 2 links
    const before = (await getTenantAggregate(ws)).creatorsCount;

    const res = await call('DELETE', `/v1/creators/${creator.id}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: creator.id, deleted: true });

    expect(await itemsAbout(creator.id)).toEqual([]);
    expect(await locate('creator', creator.id)).toBeUndefined();
    expectProblem(await call('GET', `/v1/creators/${creator.id}`, { token: owner.token }), 404, 'not_found');
    expect((await getActivity(ws, a1.id))?.creatorsCount).toBe(0);
    expect((await getActivity(ws, a2.id))?.creatorsCount).toBe(1);
    expect((await getTenantAggregate(ws)).creatorsCount).toBe(before - 1);
    const remaining = await call('GET', `/v1/creators?workspaceId=${ws}&pageIndex=0&pageSize=10&activityId=${a2.id}`, {
      token: owner.token,
    });
    expect(remaining.body.items.map((c: { name: string }) => c.name)).toEqual(['Stays']);
  });

  it('removes the costs attributed to the creator, as unlinking does, with every aggregate', async () => {
    const creator = await createCreator(owner, ws, { name: 'Paid' });
    const activity = await createActivity(ws, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Sponsored',
      creatorId: creator.id,
    });
    const before = await getTenantAggregate(ws);
    const paid = await call('POST', '/v1/activities/costs', {
      token: owner.token,
      body: { activityId: activity.id, amount: 250, type: 'creator_fee', currency: 'USD' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.creatorId).toBe(creator.id);

    expect((await call('DELETE', `/v1/creators/${creator.id}`, { token: owner.token })).status).toBe(200);
    expect(await locate('cost', paid.body.data.id)).toBeUndefined();
    expect(await getActivity(ws, activity.id)).toMatchObject({ costsCount: 0 });
    expect((await getActivity(ws, activity.id))!.spend).toEqual({});
    const after = await getTenantAggregate(ws);
    expect(after.costsCount).toBe(before.costsCount);
    expect(after.spend.USD ?? 0).toBe(before.spend.USD ?? 0);
  });

  it('answers 404 the second time, and needs the member role', async () => {
    const creator = await createCreator(owner, ws);
    const viewer = await newMember(ws, owner, 'viewer');
    expectProblem(await call('DELETE', `/v1/creators/${creator.id}`, { token: viewer.token }), 403, 'forbidden');
    expect((await call('DELETE', `/v1/creators/${creator.id}`, { token: owner.token })).status).toBe(200);
    expectProblem(await call('DELETE', `/v1/creators/${creator.id}`, { token: owner.token }), 404, 'not_found');
  });

  it('deletes a creator with more links than one transaction holds', async () => {
    const creator = await createCreator(owner, ws, { name: 'Busy' });
    const activities = [];
    for (let i = 0; i < 60; i++) {
      activities.push(
        await createActivity(ws, {
          channel: 'youtube',
          activity: 'youtube_video',
          name: `A${i}`,
          creatorId: creator.id,
        }),
      );
    }
    const res = await call('DELETE', `/v1/creators/${creator.id}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await itemsAbout(creator.id)).toEqual([]);
    expect((await getActivity(ws, activities[59]!.id))?.creatorsCount).toBe(0);
    expect((await getActivity(ws, activities[0]!.id))?.creatorsCount).toBe(0);
  }, 60_000);
});
