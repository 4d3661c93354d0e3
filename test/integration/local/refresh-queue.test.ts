/**
 * The local stand-in for the FIFO refresh queue keeps the cloud queue's rules: a message with the
 * deduplication id of one sent in the last five minutes is dropped; a failed message is delivered
 * again on the next drain and dead-lettered after MAX_RECEIVES deliveries; only the failed messages
 * of a batch are delivered again (partial batch response), the others' readings are kept.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RefreshDeps } from '../../../functions/jobs/metric-refresh/refresh.ts';
import { MAX_RECEIVES } from '../../../infra/metric-refresh.ts';
import { LocalRefreshQueue } from '../../../infra/local/metric-refresh.ts';
import { createActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { youtubeReading } from '../../support/readings.ts';

async function dueMessage() {
  const tenantId = (await createTenant({ name: 'Queue', ownerUserId: randomUUID() })).id;
  const a = await createActivity(tenantId, { channel: 'youtube', activity: 'youtube_video', name: 'v' });
  const connected = await updateActivity(
    tenantId,
    a.id,
    { contentHref: 'https://youtu.be/dQw4w9WgXcQ' },
    { tracking: 'due' },
  );
  return { kind: 'content' as const, tenantId, activityId: a.id, dueAt: connected.metricsFetchDueAt! };
}

/** Stand-ins whose reads fail (all, or the activities named) and record what was read and written. */
const failing = (reads: string[], failOnly?: string[], recorded: string[] = []): RefreshDeps => ({
  adapterFor: (platform) => ({
    platform,
    maxIdsPerCall: 50,
    readContent: async (refs) =>
      refs.map((r) => {
        reads.push(r.activityId);
        return !failOnly || failOnly.includes(r.activityId)
          ? { status: 'failed', message: 'HTTP 500' }
          : { status: 'ok', value: youtubeReading(new Date().toISOString(), { views: 1 }) };
      }),
    readFollowers: async () => [],
  }),
  recordReadings: async (_tenantId, readings) => void recorded.push(...readings.map((r) => r.activityId)),
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

  it("delivers again only the batch's failed messages: a message whose item cannot be read fails alone", async () => {
    const failed = await dueMessage();
    const good = await dueMessage();
    // A key DynamoDB refuses (a sort key over 1,024 bytes) makes it refuse any request naming it.
    const unreadable = { ...good, activityId: 'x'.repeat(2000) };
    const queue = new LocalRefreshQueue();
    await queue.send([failed, unreadable, good]);
    const reads: string[] = [];
    const recorded: string[] = [];
    expect(await queue.drain(failing(reads, [failed.activityId], recorded))).toMatchObject({ ok: 1, failed: 2 });
    expect(recorded).toEqual([good.activityId]);
    reads.length = 0;
    expect(await queue.drain(failing(reads, [failed.activityId], recorded))).toMatchObject({
      ok: 0,
      failed: 2,
      stale: 0,
    });
    expect(reads).toEqual([failed.activityId]);
    expect(recorded).toEqual([good.activityId]);
  });
});
