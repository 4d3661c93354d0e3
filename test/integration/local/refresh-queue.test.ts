/**
 * The local stand-in for the FIFO refresh queue keeps the cloud queue's rules: a message with the
 * deduplication id of one sent in the last five minutes is dropped; a failed message is delivered
 * again on the next drain and dead-lettered after MAX_RECEIVES deliveries.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RefreshDeps } from '../../../functions/jobs/metric-refresh/refresh.ts';
import { MAX_RECEIVES } from '../../../infra/metric-refresh.ts';
import { LocalRefreshQueue } from '../../../infra/local/metric-refresh.ts';
import { createActivity, updateActivity } from '../../../shared/db/activities.ts';
import { createTenant } from '../../../shared/db/tenants.ts';

async function dueMessage() {
  const tenantId = (await createTenant({ name: 'Queue', ownerUserId: randomUUID() })).id;
  const a = await createActivity(tenantId, { channel: 'youtube', activity: 'youtube_video', name: 'v' });
  const connected = await updateActivity(tenantId, a.id, { contentHref: 'https://youtu.be/dQw4w9WgXcQ' }, { tracking: 'due' });
  return { kind: 'content' as const, tenantId, activityId: a.id, dueAt: connected.metricsFetchDueAt! };
}

const failing = (reads: string[]): RefreshDeps => ({
  adapterFor: (platform) => ({
    platform,
    maxIdsPerCall: 50,
    readContent: async (refs) => refs.map((r) => (reads.push(r.activityId), { status: 'failed', message: 'HTTP 500' })),
    readFollowers: async () => [],
  }),
  recordReadings: async () => undefined,
  markUnavailable: async () => undefined,
  now: () => new Date(),
});

describe('LocalRefreshQueue', () => {
  it('drops a duplicate within the deduplication window, redelivers a failure, then dead-letters it', async () => {
    const message = await dueMessage();
    const queue = new LocalRefreshQueue();
    await queue.send([message]);
    await queue.send([message]);
    const reads: string[] = [];
    for (let i = 1; i <= MAX_RECEIVES; i++) {
      expect(await queue.drain(failing(reads))).toMatchObject({ failed: 1 });
      expect(reads).toHaveLength(i);
    }
    expect(queue.deadLetters).toEqual([message]);
    expect(await queue.drain(failing(reads))).toMatchObject({ failed: 0, ok: 0 });
    expect(reads).toHaveLength(MAX_RECEIVES);
  });
});
