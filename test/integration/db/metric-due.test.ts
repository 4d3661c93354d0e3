/**
 * The metric refresh's due index (gsi4): an activity is found by the dispatcher's per-shard query
 * exactly when its next reading is due, at each cadence boundary; a disconnected or deleted one is
 * never found; a stale due time cannot move it.
 */
import { describe, expect, it } from 'vitest';
import {
  createActivity,
  deleteActivity,
  getActivity,
  updateActivity,
} from '../../../shared/db/catalogue/activities.ts';
import { dueActivities, moveDue, trackedActivities } from '../../../shared/db/metrics/metric-due.ts';
import { nextFetchAt } from '../../../shared/domain/refresh-cadence.ts';
import { randomUUID } from 'node:crypto';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function tracked(startAt: string | null = null) {
  const tenantId = (await createTenant({ name: 'Due', ownerUserId: randomUUID() })).id;
  const activity = await createActivity(tenantId, {
    channel: 'youtube',
    activity: 'youtube_video',
    name: 'Launch',
    startAt,
  });
  const connected = await updateActivity(
    tenantId,
    activity.id,
    { contentHref: 'https://youtu.be/dQw4w9WgXcQ' },
    { tracking: 'due' },
  );
  return { tenantId, activityId: activity.id, dueAt: connected.metricsFetchDueAt! };
}

const dueIds = async (tenantId: string, now: Date) =>
  (await dueActivities(now)).filter((d) => d.tenantId === tenantId).map((d) => d.activityId);

describe('metric due index', () => {
  it('finds an activity at once when its link is connected, with the due time the record shows', async () => {
    const a = await tracked();
    const found = (await dueActivities(new Date())).filter((d) => d.tenantId === a.tenantId);
    expect(found).toEqual([{ tenantId: a.tenantId, activityId: a.activityId, dueAt: a.dueAt }]);
    expect(await dueIds(a.tenantId, new Date(Date.parse(a.dueAt) - 1))).toEqual([]);
  });

  it('after a reading at each cadence boundary, finds it again exactly when the next one is due', async () => {
    const published = Date.now() - 400 * DAY;
    const a = await tracked(new Date(published).toISOString());
    let from = a.dueAt;
    for (const [age, interval] of [
      [0, 2 * HOUR],
      [7 * DAY - 1, 2 * HOUR],
      [7 * DAY, DAY],
      [60 * DAY - 1, DAY],
      [60 * DAY, 7 * DAY],
    ] as const) {
      const readAt = new Date(published + age);
      const next = nextFetchAt({ publishedAt: new Date(published).toISOString(), connected: true }, readAt)!;
      expect(next.getTime() - readAt.getTime()).toBe(interval);
      expect(await moveDue(a.tenantId, a.activityId, from, next.toISOString())).toBe(true);
      from = next.toISOString();
      expect(await dueIds(a.tenantId, new Date(next.getTime() - 1))).toEqual([]);
      expect(await dueIds(a.tenantId, next)).toEqual([a.activityId]);
    }
    expect((await getActivity(a.tenantId, a.activityId))!.metricsFetchDueAt).toBe(from);
  });

  it('a stale due time (a redelivered message, a link changed meanwhile) moves nothing and reads nothing', async () => {
    const a = await tracked();
    const later = new Date(Date.parse(a.dueAt) + 2 * HOUR).toISOString();
    expect(await moveDue(a.tenantId, a.activityId, a.dueAt, later)).toBe(true);
    expect(await moveDue(a.tenantId, a.activityId, a.dueAt, new Date().toISOString())).toBe(false);
    expect(await trackedActivities([a])).toEqual([]);
    expect(await trackedActivities([{ ...a, dueAt: later }])).toMatchObject([
      { activityId: a.activityId, channel: 'youtube', contentUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    ]);
  });

  it('a disconnected, a never-connected and a deleted activity are not in the index', async () => {
    const disconnected = await tracked();
    await updateActivity(disconnected.tenantId, disconnected.activityId, { contentHref: null }, { tracking: 'stop' });
    const far = new Date(Date.now() + 1000 * DAY);
    expect(await dueIds(disconnected.tenantId, far)).toEqual([]);
    expect(await trackedActivities([disconnected])).toEqual([]);

    const tenantId = (await createTenant({ name: 'Untracked', ownerUserId: randomUUID() })).id;
    await createActivity(tenantId, { channel: 'youtube', activity: 'youtube_video', name: 'Untracked' });
    expect(await dueIds(tenantId, far)).toEqual([]);

    const deleted = await tracked();
    await deleteActivity(deleted.tenantId, deleted.activityId);
    expect(await dueIds(deleted.tenantId, far)).toEqual([]);
  });

  it('taking an activity out (next null) removes it from the index for good', async () => {
    const a = await tracked();
    expect(await moveDue(a.tenantId, a.activityId, a.dueAt, null)).toBe(true);
    expect(await dueIds(a.tenantId, new Date(Date.now() + 1000 * DAY))).toEqual([]);
    expect((await getActivity(a.tenantId, a.activityId))!.metricsFetchDueAt).toBeUndefined();
  });
});
