/** Social accounts: connect (canonical profile per platform, limits, duplicates) and delete. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseProfile, ProfileError, type Platform } from '../../../shared/domain/social-profiles.ts';
import { call } from '../../support/call.ts';
import { thrown } from '../../support/thrown.ts';
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

const connect = (body: Record<string, unknown>, token = owner.token) =>
  call('POST', '/v1/creators/social-accounts/connect', { token, body });

describe('normaliseProfile', () => {
  const canonical: [Platform, string, string, string][] = [
    ['instagram', 'https://www.instagram.com/Jane.Doe/', 'https://www.instagram.com/jane.doe/', 'jane.doe'],
    ['instagram', 'instagram.com/jane_doe?hl=en', 'https://www.instagram.com/jane_doe/', 'jane_doe'],
    ['instagram', '@jane.doe', 'https://www.instagram.com/jane.doe/', 'jane.doe'],
    ['instagram', 'jane.doe', 'https://www.instagram.com/jane.doe/', 'jane.doe'],
    ['youtube', 'https://youtube.com/@MrBeast', 'https://www.youtube.com/@mrbeast', '@mrbeast'],
    ['youtube', '@mrbeast', 'https://www.youtube.com/@mrbeast', '@mrbeast'],
    [
      'youtube',
      'https://m.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA',
      'https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA',
      'UCX6OQ3DkcsbYNE6H8uQQuVA',
    ],
    ['youtube', 'youtube.com/c/SomeName', 'https://www.youtube.com/c/SomeName', 'SomeName'],
    ['tiktok', 'https://www.tiktok.com/@Charli.D', 'https://www.tiktok.com/@charli.d', 'charli.d'],
    ['tiktok', '@charli', 'https://www.tiktok.com/@charli', 'charli'],
    ['twitter', 'https://twitter.com/Jack', 'https://x.com/jack', 'jack'],
    ['twitter', 'x.com/jack/', 'https://x.com/jack', 'jack'],
    ['twitter', '@jack', 'https://x.com/jack', 'jack'],
    [
      'linkedin',
      'https://www.linkedin.com/in/Jane-Doe-123/',
      'https://www.linkedin.com/in/jane-doe-123/',
      'jane-doe-123',
    ],
    ['linkedin', 'linkedin.com/company/acme', 'https://www.linkedin.com/company/acme/', 'acme'],
    ['reddit', 'https://www.reddit.com/user/Spez', 'https://www.reddit.com/user/spez/', 'u/spez'],
    ['reddit', 'u/spez', 'https://www.reddit.com/user/spez/', 'u/spez'],
    ['reddit', 'https://old.reddit.com/r/AskScience/', 'https://www.reddit.com/r/askscience/', 'r/askscience'],
  ];
  it.each(canonical)('%s: %s -> %s', (platform, reference, profileUrl, handle) => {
    expect(normaliseProfile(platform, reference)).toEqual({ platform, profileUrl, handle });
  });

  const rejected: [Platform, string][] = [
    ['instagram', 'https://www.tiktok.com/@jane'],
    ['instagram', 'https://www.instagram.com/p/Cabc123/'],
    ['instagram', 'https://www.instagram.com/'],
    ['instagram', '@bad..name'],
    ['instagram', 'a'.repeat(31)],
    ['instagram', 'https://evil.example/instagram.com/jane'],
    ['instagram', 'ftp://instagram.com/jane'],
    ['youtube', 'https://www.youtube.com/watch?v=abc'],
    ['youtube', 'https://www.youtube.com/channel/not-a-channel-id'],
    ['tiktok', 'https://www.tiktok.com/jane'],
    ['tiktok', 'https://www.tiktok.com/@jane/video/123'],
    ['twitter', 'https://twitter.com/home'],
    ['twitter', '@this_name_is_too_long'],
    ['twitter', 'https://instagram.com/jack'],
    ['linkedin', 'jane-doe'],
    ['linkedin', 'https://www.linkedin.com/feed/'],
    ['reddit', 'spez'],
    ['reddit', 'https://www.reddit.com/r/a/'],
    ['reddit', ''],
  ];
  it.each(rejected)('%s rejects %s', (platform, reference) => {
    expect(thrown(() => normaliseProfile(platform, reference))).toBeInstanceOf(ProfileError);
  });
});

describe('POST /v1/creators/social-accounts/connect', () => {
  it('stores the canonical account (201) and GET /v1/creators/:id includes it', async () => {
    const creator = await createCreator(owner, ws);
    const res = await connect({ creatorId: creator.id, platform: 'instagram', profileUrl: 'instagram.com/Jane.Doe' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      creatorId: creator.id,
      platform: 'instagram',
      profileUrl: 'https://www.instagram.com/jane.doe/',
      handle: 'jane.doe',
      followersCount: null,
    });
    expect(res.body.data.accountId).toMatch(/^[0-9a-f-]{36}$/);
    const read = await call('GET', `/v1/creators/${creator.id}`, { token: owner.token });
    expect(read.body.data.socialAccounts).toEqual([res.body.data]);
  });

  it('answers 409 for the same account twice on one creator, however it is typed; other creators may have it', async () => {
    const creator = await createCreator(owner, ws);
    expect(
      (await connect({ creatorId: creator.id, platform: 'twitter', profileUrl: 'https://twitter.com/Jack' })).status,
    ).toBe(201);
    expectProblem(await connect({ creatorId: creator.id, platform: 'twitter', profileUrl: '@jack' }), 409, 'conflict');
    const other = await createCreator(owner, ws);
    expect((await connect({ creatorId: other.id, platform: 'twitter', profileUrl: 'x.com/jack' })).status).toBe(201);
  });

  it('lets only one of two simultaneous connects of the same profile succeed, and frees the profile when it is deleted', async () => {
    const creator = await createCreator(owner, ws);
    const results = await Promise.all(
      ['https://www.tiktok.com/@racer', '@racer'].map((profileUrl) =>
        connect({ creatorId: creator.id, platform: 'tiktok', profileUrl }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const read = await call('GET', `/v1/creators/${creator.id}`, { token: owner.token });
    expect(read.body.data.socialAccounts).toHaveLength(1);
    const accountId = read.body.data.socialAccounts[0].accountId;
    expect(
      (await call('DELETE', `/v1/creators/${creator.id}/social-accounts/tiktok/${accountId}`, { token: owner.token }))
        .status,
    ).toBe(200);
    expect((await connect({ creatorId: creator.id, platform: 'tiktok', profileUrl: '@racer' })).status).toBe(201);
  });

  it("rejects another platform's URL, an invalid handle and an unknown platform (400)", async () => {
    const creator = await createCreator(owner, ws);
    expectProblem(
      await connect({ creatorId: creator.id, platform: 'youtube', profileUrl: 'https://www.tiktok.com/@jane' }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(
      await connect({ creatorId: creator.id, platform: 'twitter', profileUrl: '@no spaces' }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(
      await connect({ creatorId: creator.id, platform: 'myspace', profileUrl: '@jane' }),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(await connect({ creatorId: creator.id, platform: 'twitter' }), 400, 'invalid_input', 'any');
  });

  it('accepts a profileUrl of 2048 characters and rejects 2049', async () => {
    const creator = await createCreator(owner, ws);
    const base = 'https://www.linkedin.com/in/jane-doe/?q=';
    const at2048 = base + 'a'.repeat(2048 - base.length);
    expect((await connect({ creatorId: creator.id, platform: 'linkedin', profileUrl: at2048 })).status).toBe(201);
    expectProblem(
      await connect({ creatorId: creator.id, platform: 'linkedin', profileUrl: `${at2048}a` }),
      400,
      'invalid_input',
      'any',
    );
  });

  it("answers 404 for an unknown creator or another workspace's creator, 403 to a viewer", async () => {
    const creator = await createCreator(owner, ws);
    const stranger = await signUp('Stranger');
    const viewer = await newMember(ws, owner, 'viewer');
    expectProblem(
      await connect({ creatorId: randomUUID(), platform: 'tiktok', profileUrl: '@jane' }),
      404,
      'not_found',
    );
    expectProblem(
      await connect({ creatorId: creator.id, platform: 'tiktok', profileUrl: '@jane' }, stranger.token),
      404,
      'not_found',
    );
    expectProblem(
      await connect({ creatorId: creator.id, platform: 'tiktok', profileUrl: '@jane' }, viewer.token),
      403,
      'forbidden',
    );
  });
});

describe('DELETE /v1/creators/:creatorId/social-accounts/:platform/:accountId', () => {
  it('removes the account (200 with its accountId); 404 for a wrong platform, a second delete or another creator', async () => {
    const creator = await createCreator(owner, ws);
    const account = (await connect({ creatorId: creator.id, platform: 'reddit', profileUrl: 'u/spez' })).body.data;
    const path = (platform: string, creatorId = creator.id) =>
      `/v1/creators/${creatorId}/social-accounts/${platform}/${account.accountId}`;
    expectProblem(await call('DELETE', path('twitter'), { token: owner.token }), 404, 'not_found');
    const other = await createCreator(owner, ws);
    expectProblem(await call('DELETE', path('reddit', other.id), { token: owner.token }), 404, 'not_found');
    const res = await call('DELETE', path('reddit'), { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: account.accountId, deleted: true });
    expect((await call('GET', `/v1/creators/${creator.id}`, { token: owner.token })).body.data.socialAccounts).toEqual(
      [],
    );
    expectProblem(await call('DELETE', path('reddit'), { token: owner.token }), 404, 'not_found');
    expectProblem(await call('DELETE', path('facebook'), { token: owner.token }), 400, 'invalid_input', 'any');
  });
});
