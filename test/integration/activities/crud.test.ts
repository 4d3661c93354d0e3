/** POST, GET, PATCH /v1/activities(/:id): the record, its limits, type/channel rules and tenant isolation. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { getCreator } from '../../../shared/db/catalogue/creators.ts';
import { getTenantAggregate } from '../../../shared/db/tenancy/tenants.ts';
import { ConflictError } from '../../../shared/domain/errors.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { newActivity, newCreator, paths } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /v1/activities', () => {
  it('creates the record with nulls for absent fields, zero aggregates, no _meta, and counts it on the tenant', async () => {
    const org = await newOrg();
    const res = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { organization_id: org.organizationId, channel: 'instagram', activity: 'instagram_reel', name: ' Reel ' },
    });
    expect(res.status).toBe(201);
    expect(res.body._meta).toBeUndefined();
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org.organizationId,
      workspaceId: org.organizationId,
      channel: 'instagram',
      activity: 'instagram_reel',
      name: 'Reel',
      startAt: null,
      endAt: null,
      contentHref: null,
      viewsCount: null,
      likeCount: null,
      replyCount: null,
      campaignId: null,
      latestCounts: null,
      metricsFetchDueAt: null,
      creatorIds: [],
      creatorsCount: 0,
      costsCount: 0,
      impressions: 0,
      engagement: 0,
      spend: {},
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({ activitiesCount: 1 });
  });

  it('auto-links a creator of the tenant, counting the link on both records', async () => {
    const org = await newOrg();
    const creatorId = await newCreator(org);
    const activity = await newActivity(org, { creatorId });
    expect(activity).toMatchObject({ creatorIds: [creatorId], creatorsCount: 1 });
    expect((await getCreator(org.organizationId, creatorId))?.activitiesCount).toBe(1);
  });

  it('answers 404 for a creator that is not one of the tenant, and stores nothing', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const foreign = await newCreator(other);
    const res = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: {
        organizationId: org.organizationId,
        channel: 'tiktok',
        activity: 'tiktok_video',
        name: 'X',
        creatorId: foreign,
      },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await getTenantAggregate(org.organizationId)).toMatchObject({ activitiesCount: 0 });
  });

  it('rejects an activity type of another channel with an error on `activity`', async () => {
    const org = await newOrg();
    for (const [channel, activity] of [
      ['youtube', 'instagram_reel'],
      ['instagram', 'youtube_short'],
      ['twitter', 'reddit_post'],
    ]) {
      const res = await call('POST', '/v1/activities', {
        token: org.owner.token,
        body: { organizationId: org.organizationId, channel, activity, name: 'X' },
      });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['activity']);
    }
    const ok = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, channel: 'linkedin', activity: 'linkedin_post', name: 'X' },
    });
    expect(ok.status).toBe(201);
  });

  it('accepts a 500-character name and rejects 501 or an empty one', async () => {
    const org = await newOrg();
    expect((await newActivity(org, { name: 'n'.repeat(500) })).name).toHaveLength(500);
    const long = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: {
        organizationId: org.organizationId,
        channel: 'youtube',
        activity: 'youtube_video',
        name: 'n'.repeat(501),
      },
    });
    expect(long.status).toBe(400);
    expect(paths(long)).toEqual(['name']);
    const empty = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, channel: 'youtube', activity: 'youtube_video', name: '  ' },
    });
    expect(paths(empty)).toEqual(['name']);
  });

  it('takes dates with Z or an offset (stored as UTC), rejects ones without, and endAt before startAt', async () => {
    const org = await newOrg();
    const a = await newActivity(org, { startAt: '2026-03-01T10:00:00+02:00', endAt: '2026-03-02T00:00:00Z' });
    expect(a).toMatchObject({ startAt: '2026-03-01T08:00:00.000Z', endAt: '2026-03-02T00:00:00.000Z' });
    const base = { organizationId: org.organizationId, channel: 'youtube', activity: 'youtube_video', name: 'X' };
    const noOffset = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { ...base, startAt: '2026-03-01T10:00:00' },
    });
    expect(noOffset.status).toBe(400);
    expect(paths(noOffset)).toEqual(['startAt']);
    const reversed = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { ...base, startAt: '2026-03-02T00:00:00Z', endAt: '2026-03-01T23:59:59Z' },
    });
    expect(reversed.status).toBe(400);
    expect(paths(reversed)).toEqual(['endAt']);
    const nulls = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { ...base, startAt: null, endAt: null },
    });
    expect(nulls.status).toBe(201);
  });

  it('refuses instants outside the years 1970 to 2100 with 400 on the field (a far-future one was stored as +010000 and sorted first)', async () => {
    const org = await newOrg();
    const base = { organizationId: org.organizationId, channel: 'youtube', activity: 'youtube_video', name: 'X' };
    const far = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { ...base, startAt: '9999-12-31T23:00:00-05:00', endAt: '1969-12-31T23:59:59Z' },
    });
    expect(far.status).toBe(400);
    expect(far.body.code).toBe('invalid_input');
    expect(paths(far).sort()).toEqual(['endAt', 'startAt']);
    const created = await newActivity(org);
    const patched = await call('PATCH', `/v1/activities/${created.id}`, {
      token: org.owner.token,
      body: { name: 'X', startAt: '2101-01-01T00:00:00Z' },
    });
    expect(patched.status).toBe(400);
    expect(paths(patched)).toEqual(['startAt']);
  });

  it('rejects missing required fields, unknown channels and fields the caller may not set', async () => {
    const org = await newOrg();
    const res = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: { organizationId: org.organizationId },
    });
    expect(res.status).toBe(400);
    expect(paths(res).sort()).toEqual(['activity', 'channel', 'name']);
    const extra = await call('POST', '/v1/activities', {
      token: org.owner.token,
      body: {
        organizationId: org.organizationId,
        channel: 'facebook',
        activity: 'youtube_video',
        name: 'X',
        costsCount: 5,
      },
    });
    expect(paths(extra).sort()).toEqual(['channel', 'costsCount']);
  });

  it('answers 403 naming the organization to a non-member, and 403 to a viewer', async () => {
    const org = await newOrg();
    const stranger = await signUp('Stranger');
    const res = await call('POST', '/v1/activities', {
      token: stranger.token,
      body: { organizationId: org.organizationId, channel: 'youtube', activity: 'youtube_video', name: 'X' },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/organization/);
    const viewer = await signUp('Viewer');
    const added = await call('POST', `/v1/organizations/${org.organizationId}/users`, {
      token: org.owner.token,
      body: { userId: viewer.userId, role: 'viewer' },
    });
    expect(added.status).toBe(201);
    const asViewer = await call('POST', '/v1/activities', {
      token: viewer.token,
      body: { organizationId: org.organizationId, channel: 'youtube', activity: 'youtube_video', name: 'X' },
    });
    expect(asViewer.status).toBe(403);
  });
});

describe('GET /v1/activities/:id', () => {
  it('returns the full record with the linked creator ids', async () => {
    const org = await newOrg();
    const creatorId = await newCreator(org);
    const created = await newActivity(org, { creatorId });
    const res = await call('GET', `/v1/activities/${created.id}`, { token: org.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(created);
  });

  it('answers 404 to a member of another tenant and for an unknown id', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const activity = await newActivity(org);
    const res = await call('GET', `/v1/activities/${activity.id}`, { token: other.owner.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await call('GET', `/v1/activities/${randomUUID()}`, { token: org.owner.token })).status).toBe(404);
  });
});

describe('PATCH /v1/activities/:id', () => {
  it('changes the fields sent and returns the whole record with a new updatedAt', async () => {
    const org = await newOrg();
    const a = await newActivity(org, { startAt: '2026-01-01T00:00:00Z' });
    const res = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: {
        name: 'Renamed',
        channel: 'youtube',
        activity: 'youtube_short',
        viewsCount: 10,
        likeCount: 0,
        replyCount: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...a,
      name: 'Renamed',
      activity: 'youtube_short',
      viewsCount: 10,
      likeCount: 0,
      replyCount: null,
      // The manual counts are its metrics, and its latest counts (never read: source manual).
      impressions: 10,
      engagement: 0,
      latestCounts: {
        views: 10,
        likes: 0,
        comments: null,
        shares: null,
        saves: null,
        fetchedAt: res.body.data.updatedAt,
        source: 'manual',
      },
      updatedAt: expect.stringMatching(ISO),
    });
    expect(res.body.data.updatedAt >= a.updatedAt).toBe(true);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data).toEqual(res.body.data);
  });

  it('requires name (docs/spec/interface.md lists it as required on update)', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const res = await call('PATCH', `/v1/activities/${a.id}`, { token: org.owner.token, body: { viewsCount: 1 } });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['name']);
    // Said in words: a PATCH of manual counts alone is the usual way to leave it out.
    expect(res.body.errors).toEqual([{ path: 'name', message: 'Required. A PATCH of an activity sends its name.' }]);
    // Sent empty, it is the usual message.
    const empty = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: '', viewsCount: 1 },
    });
    expect(empty.body.errors).toEqual([{ path: 'name', message: 'Must not be empty.' }]);
  });

  it('re-checks the type against the resulting channel', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const channelOnly = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', channel: 'instagram' },
    });
    expect(channelOnly.status).toBe(400);
    expect(paths(channelOnly)).toEqual(['activity']);
    const typeOnly = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', activity: 'tiktok_video' },
    });
    expect(paths(typeOnly)).toEqual(['activity']);
    const both = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', channel: 'instagram', activity: 'instagram_story' },
    });
    expect(both.status).toBe(200);
    expect(both.body.data).toMatchObject({ channel: 'instagram', activity: 'instagram_story' });
  });

  it('takes manual counts 0 and null, rejects -1 and fractions', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const zero = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', viewsCount: 0, likeCount: 0, replyCount: 0 },
    });
    expect(zero.body.data).toMatchObject({ viewsCount: 0, likeCount: 0, replyCount: 0 });
    const cleared = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', viewsCount: null },
    });
    expect(cleared.body.data).toMatchObject({ viewsCount: null, likeCount: 0 });
    const negative = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', viewsCount: -1, likeCount: -1, replyCount: 1.5 },
    });
    expect(negative.status).toBe(400);
    expect(paths(negative).sort()).toEqual(['likeCount', 'replyCount', 'viewsCount']);
  });

  it('sets a content link of the channel up to 2048 characters, recording that a fetch is due; null disconnects', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const base = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=';
    const at2048 = base + '1'.repeat(2048 - base.length);
    const before = new Date().toISOString();
    const set = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', contentHref: at2048 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.contentHref).toBe(at2048);
    expect(set.body.data.metricsFetchDueAt >= before).toBe(true);
    const tooLong = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', contentHref: `${at2048}1` },
    });
    expect(tooLong.status).toBe(400);
    expect(paths(tooLong)).toEqual(['contentHref']);
    const otherPlatform = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', contentHref: 'https://www.instagram.com/p/Cxyz123/' },
    });
    expect(otherPlatform.status).toBe(400);
    expect(paths(otherPlatform)).toEqual(['contentHref']);
    const off = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', contentHref: null },
    });
    expect(off.body.data).toMatchObject({ contentHref: null, metricsFetchDueAt: null });
  });

  it('refuses a channel change that would leave a link of another platform', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const linked = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', contentHref: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(linked.status).toBe(200);
    const res = await call('PATCH', `/v1/activities/${a.id}`, {
      token: org.owner.token,
      body: { name: 'X', channel: 'tiktok', activity: 'tiktok_video' },
    });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['channel']);
  });

  it('answers 404 to a member of another tenant and changes nothing', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    const a = await newActivity(org);
    const res = await call('PATCH', `/v1/activities/${a.id}`, { token: other.owner.token, body: { name: 'Hijacked' } });
    expect(res.status).toBe(404);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data.name).toBe(a.name);
  });
});

describe('updateActivity with the channel and type the caller validated', () => {
  it('answers 409 when they changed meanwhile, and changes nothing', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const error = await updateActivity(
      org.organizationId,
      a.id,
      { activity: 'instagram_post' },
      { expected: { channel: 'instagram', activity: 'instagram_reel' } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((await call('GET', `/v1/activities/${a.id}`, { token: org.owner.token })).body.data.activity).toBe(
      'youtube_video',
    );
  });
});
