/**
 * The rule of which changes ask for a reading at once (functions/jobs/metric-refresh/due-at-once.ts),
 * on images shaped as the table keeps them; the real writes are in
 * test/integration/jobs/queue-due-readings.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { dueAtOnce } from '../../functions/jobs/metric-refresh/due-at-once.ts';
import { metricsDue } from '../../shared/db/table/item-keys.ts';

const T = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-27T12:00:00.000Z';
const activity = (dueAt: string | undefined, connectedAt: string | undefined) => ({
  pk: 'TENANT#t1',
  sk: 'ACTIVITY#a1',
  ...(dueAt ? { metricsFetchDueAt: dueAt, ...metricsDue('t1', 'a1', dueAt) } : {}),
  ...(connectedAt ? { contentConnectedAt: connectedAt } : {}),
});
const account = (dueAt: string) => ({
  pk: 'TENANT#t1',
  sk: 'CREATOR#c1#SOCIAL#s1',
  createdAt: T,
  followersFetchDueAt: dueAt,
  ...metricsDue('t1', 's1', dueAt),
});

describe('dueAtOnce', () => {
  it('a link connected (due at its connection) is due at once, whatever was due before', () => {
    expect(dueAtOnce({ newImage: activity(T, T) })).toEqual({
      kind: 'content',
      tenantId: 't1',
      activityId: 'a1',
      dueAt: T,
    });
    expect(
      dueAtOnce({ oldImage: activity(LATER, '2026-11-01T00:00:00.000Z'), newImage: activity(T, T) }),
    ).toMatchObject({ dueAt: T });
  });

  it("a due time moved away from the connection (the worker's next reading) is not; nor one left where it was", () => {
    expect(dueAtOnce({ oldImage: activity(T, T), newImage: activity(LATER, T) })).toBeUndefined();
    expect(dueAtOnce({ oldImage: activity(T, T), newImage: { ...activity(T, T), name: 'Renamed' } })).toBeUndefined();
  });

  it('a disconnect, a removed item and an item outside the due index are not', () => {
    expect(dueAtOnce({ oldImage: activity(T, T), newImage: activity(undefined, undefined) })).toBeUndefined();
    expect(dueAtOnce({ oldImage: activity(T, T) })).toBeUndefined();
    expect(dueAtOnce({ newImage: { pk: 'TENANT#t1', sk: 'COST#x', ...metricsDue('t1', 'x', T) } })).toBeUndefined();
  });

  it('a social account added is due at once for its follower count; its next count is not', () => {
    expect(dueAtOnce({ newImage: account(T) })).toEqual({
      kind: 'followers',
      tenantId: 't1',
      creatorId: 'c1',
      accountId: 's1',
      dueAt: T,
    });
    expect(dueAtOnce({ oldImage: account(T), newImage: account(LATER) })).toBeUndefined();
  });
});
