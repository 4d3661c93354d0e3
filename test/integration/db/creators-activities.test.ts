/** The record shapes of creators and activities, and the creator auto-link with its counters. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActivity, getActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCreator, getCreator } from '../../../shared/db/catalogue/creators.ts';
import { createTenant, getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { NotFoundError } from '../../../shared/domain/errors.ts';

describe('creators and activities', () => {
  it('creates a creator and an activity linked to it, counting both in the stored aggregates', async () => {
    const tenant = await createTenant({ name: 'Agg', ownerUserId: randomUUID() });
    const creator = await createCreator(tenant.id, { name: 'Ada' });
    expect(creator).toMatchObject({ workspaceId: tenant.id, activitiesCount: 0, spend: {}, isOwnBrand: false });
    const activity = await createActivity(tenant.id, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Launch',
      creatorId: creator.id,
    });
    expect(activity.creatorsCount).toBe(1);
    expect((await getActivity(tenant.id, activity.id))?.creatorsCount).toBe(1);
    expect((await getCreator(tenant.id, creator.id))?.activitiesCount).toBe(1);
    expect(await getTenantAggregate(tenant.id)).toMatchObject({ creatorsCount: 1, activitiesCount: 1 });
  });

  it('refuses to link a creator of another tenant (404) and writes nothing', async () => {
    const mine = await createTenant({ name: 'Mine', ownerUserId: randomUUID() });
    const theirs = await createTenant({ name: 'Theirs', ownerUserId: randomUUID() });
    const foreign = await createCreator(theirs.id, { name: 'Not yours' });
    const error = await createActivity(mine.id, {
      channel: 'tiktok',
      activity: 'tiktok_video',
      name: 'X',
      creatorId: foreign.id,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(await getTenantAggregate(mine.id)).toMatchObject({ activitiesCount: 0 });
  });
});
