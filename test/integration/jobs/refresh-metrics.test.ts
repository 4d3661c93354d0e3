/**
 * The metric refresh worker's batch against DynamoDB Local, with the platform adapters and the
 * snapshot writer replaced by recording stand-ins (the seam `RefreshDeps`): messages come from the
 * real dispatcher over the real due index.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dispatchDue } from '../../../functions/jobs/metric-refresh/dispatch.ts';
import { refreshBatch } from '../../../functions/jobs/metric-refresh/batch.ts';
import type { QueuedMessage, RefreshDeps } from '../../../functions/jobs/metric-refresh/refresh.ts';
import { createActivity, getActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { dueActivities, dueItems } from '../../../shared/db/metrics/metric-due.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import type { ChannelName } from '../../../shared/domain/activity-types.ts';
import type {
  AccountRef,
  ContentReading,
  ContentRef,
  FollowerReading,
  PlatformAdapter,
  ReadResult,
} from '../../../shared/domain/metric-readings.ts';
import { createCreator, getCreator } from '../../../shared/db/catalogue/creators.ts';
import {
  connectSocialAccount,
  deleteSocialAccount,
  socialAccountsOf,
} from '../../../shared/db/catalogue/social-accounts.ts';
import { moveAccountDue } from '../../../shared/db/metrics/metric-due.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';

const HOUR = 3_600_000;
const URLS: Partial<Record<ChannelName, string>> = {
  youtube: 'https://youtu.be/dQw4w9WgXcQ',
  tiktok: 'https://www.tiktok.com/@a/video/7234567890123456789',
  linkedin: 'https://www.linkedin.com/posts/ada_launch-activity-7123-abcd',
};
const TYPES: Partial<Record<ChannelName, string>> = {
  youtube: 'youtube_video',
  tiktok: 'tiktok_video',
  linkedin: 'linkedin_post',
};

async function connected(tenantId: string, channel: ChannelName, name: string) {
  const a = await createActivity(tenantId, { channel, activity: TYPES[channel]!, name });
  await updateActivity(tenantId, a.id, { contentHref: URLS[channel]! }, { tracking: 'due' });
  return a.id;
}

const reading = (views: number): ContentReading => ({
  fields: { viewCount: views },
  counts: { views, likes: null, comments: null, shares: null, saves: null },
  impressions: views,
  engagement: 1,
  reach: null,
  source: { kind: 'api', adapter: 'fake', apiVersion: 'v0' },
  contentUrl: URLS.youtube!,
  fetchedAt: new Date().toISOString(),
});

/** Stand-ins that answer what `script` says per activity and record every call. */
function fakes(
  script: (ref: ContentRef) => ReadResult<ContentReading>,
  maxIdsPerCall = 50,
  followers: (ref: AccountRef) => ReadResult<FollowerReading> = () => ({ status: 'failed', message: 'unexpected' }),
) {
  const calls = {
    read: [] as string[][],
    recorded: [] as { tenantId: string; activityIds: string[] }[],
    unavailable: [] as { activityId: string; reason: string }[],
  };
  const adapter = (platform: ChannelName): PlatformAdapter => ({
    platform,
    maxIdsPerCall,
    readContent: async (refs) => {
      calls.read.push(refs.map((r) => r.activityId));
      return refs.map(script);
    },
    readFollowers: async (refs) => refs.map(followers),
  });
  const deps: RefreshDeps = {
    adapterFor: adapter,
    recordReadings: async (tenantId, readings) =>
      void calls.recorded.push({ tenantId, activityIds: readings.map((r) => r.activityId) }),
    markUnavailable: async (_tenantId, activityId, reason) => void calls.unavailable.push({ activityId, reason }),
    now: () => new Date(),
  };
  return { deps, calls };
}

/** The dispatcher's messages for one tenant, as the queue would deliver them. */
async function delivered(tenantId: string): Promise<QueuedMessage[]> {
  const sent: RefreshMessage[] = [];
  await dispatchDue(new Date(), { send: async (messages) => void sent.push(...messages) });
  return sent.filter((m) => m.tenantId === tenantId).map((message) => ({ id: randomUUID(), message }));
}

const newTenant = async () => (await createTenant({ name: 'Refresh', ownerUserId: randomUUID() })).id;

describe('refresh worker batch', () => {
  it("reads per platform in chunks of maxIdsPerCall, records one tenant's readings in one call, and moves each due time per the cadence", async () => {
    const tenantId = await newTenant();
    const ids = [
      await connected(tenantId, 'youtube', 'a'),
      await connected(tenantId, 'youtube', 'b'),
      await connected(tenantId, 'youtube', 'c'),
    ];
    const { deps, calls } = fakes(() => ({ status: 'ok', value: reading(10) }), 2);
    const before = Date.now();
    const outcome = await refreshBatch(await delivered(tenantId), deps);
    expect(outcome).toEqual({
      failed: [],
      counts: { ok: 3, missing: 0, unavailable: 0, rate_limited: 0, failed: 0, stale: 0 },
    });
    expect(calls.read.map((c) => c.length).sort()).toEqual([1, 2]);
    expect(calls.recorded).toHaveLength(1);
    expect(calls.recorded[0]!.activityIds.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const due = Date.parse((await getActivity(tenantId, id))!.metricsFetchDueAt!);
      // Freshly connected, no publish date: every 2 hours.
      expect(due - before).toBeGreaterThanOrEqual(2 * HOUR);
      expect(due - Date.now()).toBeLessThanOrEqual(2 * HOUR);
    }
    expect((await dueActivities(new Date())).filter((d) => d.tenantId === tenantId)).toEqual([]);
  });

  it('reports only the failed reading in batchItemFailures; the others are settled', async () => {
    const tenantId = await newTenant();
    const bad = await connected(tenantId, 'youtube', 'bad');
    const good = await connected(tenantId, 'youtube', 'good');
    const { deps, calls } = fakes((ref) =>
      ref.activityId === bad ? { status: 'failed', message: 'HTTP 500' } : { status: 'ok', value: reading(5) },
    );
    const batch = await delivered(tenantId);
    const outcome = await refreshBatch(batch, deps);
    expect(outcome.failed).toEqual([
      batch.find((b) => b.message.kind === 'content' && b.message.activityId === bad)!.id,
    ]);
    expect(calls.recorded).toEqual([{ tenantId, activityIds: [good] }]);
    // The failed one is still due (SQS delivers it again); the good one moved on.
    expect((await dueActivities(new Date())).filter((d) => d.tenantId === tenantId).map((d) => d.activityId)).toEqual([
      bad,
    ]);
  });

  it("a 429 does not fail the message: the activity is due again at the platform's reset time", async () => {
    const tenantId = await newTenant();
    const id = await connected(tenantId, 'youtube', 'limited');
    const retryAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const { deps, calls } = fakes(() => ({ status: 'rate_limited', retryAt }));
    const outcome = await refreshBatch(await delivered(tenantId), deps);
    expect(outcome.failed).toEqual([]);
    expect(outcome.counts.rate_limited).toBe(1);
    expect(calls.recorded).toEqual([]);
    expect((await getActivity(tenantId, id))!.metricsFetchDueAt).toBe(retryAt);
  });

  it('a redelivered message (and a duplicate in the same batch) reads and writes nothing', async () => {
    const tenantId = await newTenant();
    await connected(tenantId, 'youtube', 'once');
    const { deps, calls } = fakes(() => ({ status: 'ok', value: reading(7) }));
    const batch = await delivered(tenantId);
    const first = await refreshBatch([...batch, { id: randomUUID(), message: batch[0]!.message }], deps);
    expect(first.counts).toMatchObject({ ok: 1, stale: 0 });
    expect(calls.read).toHaveLength(1);
    const again = await refreshBatch(batch, deps);
    expect(again).toEqual({
      failed: [],
      counts: { ok: 0, missing: 0, unavailable: 0, rate_limited: 0, failed: 0, stale: 1 },
    });
    expect(calls.read).toHaveLength(1);
    expect(calls.recorded).toHaveLength(1);
  });

  it('TikTok and LinkedIn activities get their reason, no number, and are not read again; missing content gets its reason and stays on the cadence', async () => {
    const tenantId = await newTenant();
    const tiktok = await connected(tenantId, 'tiktok', 'tt');
    const linkedin = await connected(tenantId, 'linkedin', 'li');
    const gone = await connected(tenantId, 'youtube', 'gone');
    const { deps, calls } = fakes((ref) =>
      ref.platform === 'youtube'
        ? { status: 'missing' }
        : { status: 'unavailable', reason: 'platform_has_no_public_metrics' },
    );
    const outcome = await refreshBatch(await delivered(tenantId), deps);
    expect(outcome.failed).toEqual([]);
    expect(calls.recorded).toEqual([]);
    expect(calls.unavailable.sort((a, b) => a.activityId.localeCompare(b.activityId))).toEqual(
      [
        { activityId: tiktok, reason: 'platform_has_no_public_metrics' },
        { activityId: linkedin, reason: 'platform_has_no_public_metrics' },
        { activityId: gone, reason: 'content_not_found' },
      ].sort((a, b) => a.activityId.localeCompare(b.activityId)),
    );
    expect((await getActivity(tenantId, tiktok))!.metricsFetchDueAt).toBeUndefined();
    expect((await getActivity(tenantId, linkedin))!.metricsFetchDueAt).toBeUndefined();
    expect((await getActivity(tenantId, gone))!.metricsFetchDueAt).toBeDefined();
    expect(
      (await dueActivities(new Date(Date.now() + 400 * 24 * HOUR)))
        .filter((d) => d.tenantId === tenantId)
        .map((d) => d.activityId),
    ).toEqual([gone]);
  });

  it("an Instagram post is read with its linked creator's Instagram handle (business discovery needs the account)", async () => {
    const tenantId = await newTenant();
    const creatorId = (await createCreator(tenantId, { name: 'Ig' })).id;
    await connectSocialAccount(tenantId, creatorId, {
      platform: 'instagram',
      profileUrl: 'https://www.instagram.com/ada.ig/',
      handle: 'ada.ig',
    });
    const a = await createActivity(tenantId, {
      channel: 'instagram',
      activity: 'instagram_post',
      name: 'Post',
      creatorId,
    });
    await updateActivity(
      tenantId,
      a.id,
      { contentHref: 'https://www.instagram.com/p/CxYz_12-3/' },
      { tracking: 'due' },
    );
    const refs: ContentRef[] = [];
    const { deps } = fakes((ref) => {
      refs.push(ref);
      return { status: 'ok', value: reading(1) };
    });
    const batch = (await delivered(tenantId)).filter((m) => m.message.kind === 'content');
    expect((await refreshBatch(batch, deps)).counts.ok).toBe(1);
    expect(refs).toEqual([
      expect.objectContaining({ activityId: a.id, platform: 'instagram', accountHandle: 'ada.ig' }),
    ]);
  });

  it("a failing snapshot write fails that tenant's read messages only, so they are delivered again", async () => {
    const tenantId = await newTenant();
    const id = await connected(tenantId, 'youtube', 'write fails');
    const { deps } = fakes(() => ({ status: 'ok', value: reading(3) }));
    const batch = await delivered(tenantId);
    const outcome = await refreshBatch(batch, {
      ...deps,
      recordReadings: async () => Promise.reject(new Error('throttled')),
    });
    expect(outcome.failed).toEqual(batch.map((b) => b.id));
    expect((await dueActivities(new Date())).filter((d) => d.tenantId === tenantId).map((d) => d.activityId)).toEqual([
      id,
    ]);
  });
});

describe('follower counts', () => {
  const followers =
    (counts: Record<string, number>) =>
    (ref: AccountRef): ReadResult<FollowerReading> => ({
      status: 'ok',
      value: {
        followersCount: counts[ref.accountId]!,
        source: { kind: 'api', adapter: 'fake', apiVersion: 'v0' },
        fetchedAt: new Date().toISOString(),
      },
    });
  const total = async (tenantId: string, creatorId: string) =>
    (await getCreator(tenantId, creatorId, { consistent: true }))!.totalFollowersCount;

  it("a connected account is due at once; each reading stores its count and keeps the creator's total the sum of its accounts' latest counts, daily", async () => {
    const tenantId = await newTenant();
    const creatorId = (await createCreator(tenantId, { name: 'Ada' })).id;
    const a = await connectSocialAccount(tenantId, creatorId, {
      platform: 'youtube',
      profileUrl: 'https://www.youtube.com/@ada',
      handle: 'ada',
    });
    const b = await connectSocialAccount(tenantId, creatorId, {
      platform: 'youtube',
      profileUrl: 'https://www.youtube.com/@ada2',
      handle: 'ada2',
    });
    const counts: Record<string, number> = { [a.accountId]: 1000, [b.accountId]: 500 };
    const { deps } = fakes(() => ({ status: 'missing' }), 50, followers(counts));
    const first = await delivered(tenantId);
    expect(first.map((m) => m.message.kind)).toEqual(['followers', 'followers']);
    expect((await refreshBatch(first, deps)).counts.ok).toBe(2);
    expect(await total(tenantId, creatorId)).toBe(1500);
    expect((await socialAccountsOf(tenantId, creatorId)).map((x) => x.followersCount).sort()).toEqual(
      [1000, 500].sort(),
    );
    // Not due again before tomorrow; the redelivered batch adds nothing.
    expect(await delivered(tenantId)).toEqual([]);
    expect((await refreshBatch(first, deps)).counts).toMatchObject({ ok: 0, stale: 2 });
    expect(await total(tenantId, creatorId)).toBe(1500);

    // The next day: a grows, b shrinks; the total follows the latest counts.
    const dueAt = (await dueActivitiesOrAccounts(tenantId, 2 * 24 * HOUR)).map((d) => d.dueAt);
    expect(dueAt.every((d) => Math.abs(Date.parse(d) - Date.now() - 24 * HOUR) < 60_000)).toBe(true);
    for (const account of [a, b])
      await moveAccountDue(
        { tenantId, creatorId, accountId: account.accountId, dueAt: await dueOf(tenantId, account.accountId) },
        new Date().toISOString(),
      );
    counts[a.accountId] = 1200;
    counts[b.accountId] = 450;
    expect((await refreshBatch(await delivered(tenantId), deps)).counts.ok).toBe(2);
    expect(await total(tenantId, creatorId)).toBe(1650);

    // Removing an account takes its followers out of the total.
    await deleteSocialAccount(tenantId, creatorId, 'youtube', a.accountId);
    expect(await total(tenantId, creatorId)).toBe(450);
  });

  it('a 429 makes the account due at the reset time without failing; a failed read is delivered again', async () => {
    const tenantId = await newTenant();
    const creatorId = (await createCreator(tenantId, { name: 'Bo' })).id;
    const limited = await connectSocialAccount(tenantId, creatorId, {
      platform: 'youtube',
      profileUrl: 'https://www.youtube.com/@bo',
      handle: 'bo',
    });
    const broken = await connectSocialAccount(tenantId, creatorId, {
      platform: 'youtube',
      profileUrl: 'https://www.youtube.com/@bo2',
      handle: 'bo2',
    });
    const retryAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const { deps } = fakes(
      () => ({ status: 'missing' }),
      50,
      (ref) =>
        ref.accountId === limited.accountId
          ? { status: 'rate_limited', retryAt }
          : { status: 'failed', message: 'HTTP 401' },
    );
    const batch = await delivered(tenantId);
    const outcome = await refreshBatch(batch, deps);
    expect(outcome.failed).toEqual(
      batch.filter((m) => m.message.kind === 'followers' && m.message.accountId === broken.accountId).map((m) => m.id),
    );
    expect(await dueOf(tenantId, limited.accountId)).toBe(retryAt);
    expect(await total(tenantId, creatorId)).toBe(0);
  });
});

/** Index entries of one tenant due within `withinMs`. */
async function dueActivitiesOrAccounts(tenantId: string, withinMs: number) {
  return (await dueItems(new Date(Date.now() + withinMs))).filter((d) => d.tenantId === tenantId);
}

async function dueOf(tenantId: string, accountId: string): Promise<string> {
  return (await dueActivitiesOrAccounts(tenantId, 400 * 24 * HOUR)).find(
    (d) => d.kind === 'followers' && d.accountId === accountId,
  )!.dueAt;
}
