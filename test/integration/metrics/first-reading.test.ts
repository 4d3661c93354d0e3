/**
 * A platform reading is a lifetime total (docs/decisions.md "Figures a reader can check"): the first
 * reading of an activity counts on its publish date (`startAt` in the tenant's timezone, as its
 * spend does) when that is known and not after the reading, later readings their increase on their
 * own day; every history still sums to what its aggregate counts, and `_meta.warnings` says how
 * many activities' totals before their first reading were counted on their publish date. A start
 * changed afterwards takes the first reading's part with it, as it takes the spend, exactly once
 * and to where the activity is counted when a reading and an unlink land in between.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { beforeNextTransaction, concurrentWritePending } from '../../support/concurrent-writer.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('First Reading Owner');
});

const req = (method: string, url: string, body?: unknown) => expectCall(owner.token, method, url, body);

/** New York: the publish instant below is March 7th in UTC but still March 6th there. */
const TIME_ZONE = 'America/New_York';
const PUBLISHED = '2026-03-07T03:00:00.000Z';
const FIRST_READ = '2026-03-12T15:00:00.000Z';
const NEXT_READ = '2026-03-13T15:00:00.000Z';
const DAYS = [
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
];

type Scope = 'organization' | 'campaign' | 'creator' | 'activity';
type Row = { date: string; impressions: number; engagement: number; spend: number };

/** The scope's history from March 6th to 13th as `[date, impressions, engagement, spend]` rows. */
async function history(orgId: string, scope: Scope, id?: string): Promise<[string, number, number, number][]> {
  const query = `organizationId=${orgId}${id ? `&${scope}Id=${id}` : ''}&daysBack=${DAYS.length}`;
  const body = await atInstant(Date.parse('2026-03-13T20:00:00.000Z'), () =>
    req('GET', `/v1/reporting/${scope}/metrics/history?${query}`),
  );
  return body.items.map((r: Row) => [r.date, r.impressions, r.engagement, r.spend]);
}

/** The scope's metrics report. */
const metrics = (orgId: string, scope: Scope, id?: string) =>
  req('GET', `/v1/reporting/${scope}/metrics?organizationId=${orgId}${id ? `&${scope}Id=${id}` : ''}`);

/** Rows of March 6th to 13th: `[impressions, engagement, spend]` on the dates given, zeros elsewhere. */
const rows = (on: Record<string, [number, number, number]>) => DAYS.map((date) => [date, ...(on[date] ?? [0, 0, 0])]);

const warning = (count: number, total: number) =>
  `${count} of ${total} activities' totals before their first reading are counted on their publish date.`;

/** A tenant in New York with a campaign and a creator, and a YouTube video of both published on March 6th (local) at a cost of 50 USD (or none). */
async function published(startAt: string | null = PUBLISHED, { cost = true } = {}) {
  const orgId = await newOrganization(owner, { ianaTimezone: TIME_ZONE });
  const creatorId = (await req('POST', '/v1/creators', { workspaceId: orgId, name: 'Ada' })).data.id;
  const campaignId = (await req('POST', '/v1/campaigns', { organizationId: orgId, name: 'Launch' })).data.id;
  const activityId = (
    await req('POST', '/v1/activities', {
      organizationId: orgId,
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Video',
      creatorId,
      startAt,
    })
  ).data.id;
  await req('POST', `/v1/campaigns/${campaignId}/activities`, { activityId });
  if (cost) await newCost(owner, { activityId, amount: 50 });
  return { orgId, creatorId, campaignId, activityId };
}

describe('the first reading of an activity', () => {
  it('counts on its publish date in every history, like its spend; later readings count their increase on their own day', async () => {
    const { orgId, creatorId, campaignId, activityId } = await published();
    await recordReadings(orgId, [
      { activityId, reading: youtubeReading(FIRST_READ, { views: 64_302, likes: 1_000, comments: 100 }) },
    ]);
    const scopes: [Scope, string | undefined][] = [
      ['organization', undefined],
      ['campaign', campaignId],
      ['creator', creatorId],
      ['activity', activityId],
    ];
    for (const [scope, id] of scopes) {
      expect(await history(orgId, scope, id), scope).toEqual(rows({ '2026-03-06': [64_302, 1_100, 50] }));
    }
    const sparkline = await atInstant(Date.parse('2026-03-12T20:00:00.000Z'), () =>
      req('GET', `/v1/activities/sparklines?activityIds=${activityId}`),
    );
    expect(sparkline.items[0].points.filter((p: { impressions: number }) => p.impressions !== 0)).toEqual([
      { date: '2026-03-06', impressions: 64_302, engagement: 1_100 },
    ]);

    await recordReadings(orgId, [
      { activityId, reading: youtubeReading(NEXT_READ, { views: 70_000, likes: 1_050, comments: 110 }) },
    ]);
    for (const [scope, id] of scopes) {
      const days = await history(orgId, scope, id);
      expect(days, scope).toEqual(rows({ '2026-03-06': [64_302, 1_100, 50], '2026-03-13': [5_698, 60, 0] }));
      // Each history sums to what its aggregate counts.
      const report = await metrics(orgId, scope, id);
      expect(
        days.reduce((sum, d) => sum + d[1], 0),
        scope,
      ).toBe(report.data.impressions);
      expect(report._meta.warnings, scope).toContain(warning(1, 1));
    }
  });

  it('is named in the warnings of every scope that counts it, and leaves them with the activity', async () => {
    const { orgId, campaignId, activityId } = await published();
    // Another activity, without a start: read the same day, it counts on that day.
    const unstarted = (
      await req('POST', '/v1/activities', {
        organizationId: orgId,
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'Unstarted',
      })
    ).data.id;
    await recordReadings(orgId, [
      { activityId, reading: youtubeReading(FIRST_READ, { views: 64_302 }) },
      { activityId: unstarted, reading: youtubeReading(FIRST_READ, { views: 500 }) },
    ]);
    expect(await history(orgId, 'activity', unstarted)).toEqual(rows({ '2026-03-12': [500, 0, 0] }));
    expect((await metrics(orgId, 'organization'))._meta.warnings).toContain(warning(1, 2));
    expect((await metrics(orgId, 'activity', unstarted))._meta.warnings.join(' ')).not.toContain('publish date');

    await req('DELETE', `/v1/campaigns/${campaignId}/activities/${activityId}`);
    expect((await metrics(orgId, 'campaign', campaignId))._meta.warnings.join(' ')).not.toContain('publish date');
    await req('DELETE', `/v1/activities/${activityId}`);
    expect((await metrics(orgId, 'organization'))._meta.warnings.join(' ')).not.toContain('publish date');
    expect(await history(orgId, 'organization')).toEqual(rows({ '2026-03-12': [500, 0, 0] }));
  });

  it('taken before a start still in the future, counts on its own day', async () => {
    const { orgId, activityId } = await published('2026-03-20T00:00:00.000Z');
    await recordReadings(orgId, [{ activityId, reading: youtubeReading(FIRST_READ, { views: 900 }) }]);
    expect(await history(orgId, 'activity', activityId)).toEqual(rows({ '2026-03-12': [900, 0, 0] }));
    expect((await metrics(orgId, 'organization'))._meta.warnings.join(' ')).not.toContain('publish date');
  });

  it('moves with the start, as the spend does, to its own day when the start moves after it', async () => {
    const { orgId, creatorId, campaignId, activityId } = await published();
    await recordReadings(orgId, [{ activityId, reading: youtubeReading(FIRST_READ, { views: 64_302 }) }]);
    await recordReadings(orgId, [{ activityId, reading: youtubeReading(NEXT_READ, { views: 70_000 }) }]);

    // Published on March 8th (local) instead.
    await req('PATCH', `/v1/activities/${activityId}`, { name: 'Video', startAt: '2026-03-08T15:00:00.000Z' });
    for (const [scope, id] of [
      ['organization', undefined],
      ['campaign', campaignId],
      ['creator', creatorId],
      ['activity', activityId],
    ] as [Scope, string | undefined][]) {
      expect(await history(orgId, scope, id), scope).toEqual(
        rows({ '2026-03-08': [64_302, 0, 50], '2026-03-13': [5_698, 0, 0] }),
      );
      expect((await metrics(orgId, scope, id))._meta.warnings, scope).toContain(warning(1, 1));
    }

    // A start after the first reading: that reading counts on its own day, and is not named any more.
    await req('PATCH', `/v1/activities/${activityId}`, { name: 'Video', startAt: '2026-03-12T18:00:00.000Z' });
    for (const [scope, id] of [
      ['organization', undefined],
      ['campaign', campaignId],
      ['creator', creatorId],
      ['activity', activityId],
    ] as [Scope, string | undefined][]) {
      expect(await history(orgId, scope, id), scope).toEqual(
        rows({ '2026-03-12': [64_302, 0, 50], '2026-03-13': [5_698, 0, 0] }),
      );
      expect((await metrics(orgId, scope, id))._meta.warnings.join(' '), scope).not.toContain('publish date');
    }

    // Back to a start before it, and then none at all (its own day again).
    await req('PATCH', `/v1/activities/${activityId}`, { name: 'Video', startAt: PUBLISHED });
    expect(await history(orgId, 'organization')).toEqual(
      rows({ '2026-03-06': [64_302, 0, 50], '2026-03-13': [5_698, 0, 0] }),
    );
    expect((await metrics(orgId, 'organization'))._meta.warnings).toContain(warning(1, 1));
    await req('PATCH', `/v1/activities/${activityId}`, { name: 'Video', startAt: null });
    const noStart = await history(orgId, 'activity', activityId);
    expect(noStart.filter((d) => d[1] !== 0)).toEqual([
      ['2026-03-12', 64_302, 0, 0],
      ['2026-03-13', 5_698, 0, 0],
    ]);
    expect((await metrics(orgId, 'organization'))._meta.warnings.join(' ')).not.toContain('publish date');
  });

  it('moves exactly once, to where the activity is counted, when a reading and an unlink land while it moves', async () => {
    const { orgId, creatorId, campaignId, activityId } = await published(PUBLISHED, { cost: false });
    await recordReadings(orgId, [{ activityId, reading: youtubeReading(FIRST_READ, { views: 64_302 }) }]);
    // Without costs, the move is the first transaction of the change: the next day's reading and the
    // activity leaving its campaign are written just before it.
    beforeNextTransaction(async () => {
      await recordReadings(orgId, [{ activityId, reading: youtubeReading(NEXT_READ, { views: 70_000 }) }]);
      await req('DELETE', `/v1/campaigns/${campaignId}/activities/${activityId}`);
    });
    await req('PATCH', `/v1/activities/${activityId}`, { name: 'Video', startAt: '2026-03-08T15:00:00.000Z' });
    expect(concurrentWritePending()).toBe(false);
    for (const [scope, id] of [
      ['organization', undefined],
      ['creator', creatorId],
      ['activity', activityId],
    ] as [Scope, string | undefined][]) {
      const days = await history(orgId, scope, id);
      expect(days, scope).toEqual(rows({ '2026-03-08': [64_302, 0, 0], '2026-03-13': [5_698, 0, 0] }));
      const report = await metrics(orgId, scope, id);
      expect(
        days.reduce((sum, d) => sum + d[1], 0),
        scope,
      ).toBe(report.data.impressions);
      expect(report._meta.warnings, scope).toContain(warning(1, 1));
    }
    expect(await history(orgId, 'campaign', campaignId)).toEqual(rows({}));
    expect((await metrics(orgId, 'campaign', campaignId))._meta.warnings.join(' ')).not.toContain('publish date');
  });
});
