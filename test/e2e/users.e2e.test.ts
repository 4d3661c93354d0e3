/**
 * End to end over HTTP: starts the local service (the same server as `npm start`, on this run's
 * DynamoDB Local and its own S3 emulator), mints real tokens at POST /local/token, and drives the
 * Users group.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LocalIssuer } from '../../infra/local/issuer.ts';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { putMembership } from '../support/memberships.ts';
import { avatarUploadKey } from '../../shared/domain/avatars.ts';
import { checkedFetch } from './support/contract.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
});

afterAll(async () => {
  await service?.stop();
});

async function http(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await checkedFetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
}

async function mint(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await http('POST', '/local/token', { body: { userId, ...extra } });
  expect(response.status).toBe(200);
  return response.body.accessToken as string;
}

async function signUp(name: string) {
  const userId = randomUUID();
  const email = `${name.toLowerCase()}-${userId.slice(0, 8)}@example.com`;
  const token = await mint(userId, { email });
  const created = await http('POST', '/v1/users', { token, body: { user_id: userId, email, name } });
  expect(created.status).toBe(201);
  return { userId, email, token };
}

describe('Users over HTTP with real tokens', () => {
  it('refuses requests without a valid token: missing, expired, wrongly signed, wrong audience, wrong issuer', async () => {
    const userId = randomUUID();
    const stranger = LocalIssuer.ephemeral();
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['expired', service.issuer.mint({ userId, expiresIn: -60 })],
      ['wrongly signed', stranger.mint({ userId })],
      ['wrong audience', service.issuer.mint({ userId, audience: 'someone-else' })],
      ['wrong issuer', service.issuer.mint({ userId, issuer: 'https://issuer.invalid' })],
      ['not a JWT', 'not-a-token'],
    ];
    for (const [label, token] of cases) {
      const response = await http('GET', `/v1/users/${userId}`, token ? { token } : {});
      expect(response.status, label).toBe(401);
      expect(response.contentType, label).toBe('application/problem+json');
      expect(response.body.code, label).toBe('unauthenticated');
      expect(response.body._meta, label).toBeUndefined();
    }
  });

  it('signs up, reads and updates the profile', async () => {
    const { userId, token } = await signUp('Ada');
    const got = await http('GET', `/v1/users/${userId}`, { token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: userId, userId, name: 'Ada', jobRole: null, avatarKey: null });
    expect(got.body._meta).toMatchObject({ requestId: expect.any(String), generatedAt: expect.any(String) });

    const patched = await http('PATCH', `/v1/users/${userId}`, {
      token,
      body: { user_id: userId, job_role: 'Growth lead' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Ada', jobRole: 'Growth lead' });
    expect(Date.parse(patched.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(got.body.data.updatedAt));

    const again = await http('POST', '/v1/users', { token, body: { userId, email: got.body.data.email } });
    expect(again.status).toBe(409);
    const otherAddress = await http('POST', '/v1/users', { token, body: { userId, email: 'other@example.com' } });
    expect(otherAddress.status).toBe(403);
  });

  it('answers 403 when a caller acts as another user, and agent tokens act for their user', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const response = await http('GET', `/v1/users/${bob.userId}`, { token: ada.token });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    const agentToken = await mint(ada.userId, { agent: true });
    expect((await http('GET', `/v1/users/${ada.userId}`, { token: agentToken })).status).toBe(200);
  });

  it('shallow-merges settings preferences and checks the active organization', async () => {
    const { userId, token } = await signUp('Cy');
    const defaults = await http('GET', `/v1/users/${userId}/settings`, { token });
    expect(defaults.body.data).toMatchObject({ userId, activeOrganizationId: null, preferences: {} });

    await http('PATCH', `/v1/users/${userId}/settings`, {
      token,
      body: { preferences: { theme: 'dark', density: 'compact' } },
    });
    const merged = await http('PATCH', `/v1/users/${userId}/settings`, {
      token,
      body: { preferences: { density: 'cozy' } },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.data.preferences).toEqual({ theme: 'dark', density: 'cozy' });

    const orgId = randomUUID();
    const refused = await http('PATCH', `/v1/users/${userId}/settings`, {
      token,
      body: { active_organization_id: orgId },
    });
    expect(refused.status).toBe(403);
    await putMembership({ tenantId: orgId, userId, role: 'viewer' });
    const switched = await http('PATCH', `/v1/users/${userId}/settings`, {
      token,
      body: { active_organization_id: orgId },
    });
    expect(switched.body.data).toMatchObject({
      activeOrganizationId: orgId,
      preferences: { theme: 'dark', density: 'cozy' },
    });
  });

  it('issues a presigned avatar upload that signs type and length, accepts the upload, and takes the key only once uploaded', async () => {
    const { userId, token } = await signUp('Dee');
    const image = Buffer.from('GIF89a-not-really-an-image');
    const issued = await http('POST', `/v1/users/${userId}/avatar/upload-url`, {
      token,
      body: { contentType: 'image/gif', contentLength: image.length },
    });
    expect(issued.status).toBe(200);
    const { uploadUrl, avatarKey, headers } = issued.body.data;
    const url = new URL(uploadUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type']),
    );
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    expect(avatarKey).toMatch(new RegExp(`^avatars/${userId}/.+\\.gif$`));

    // Before the upload, setting the key is refused: there is no image to name.
    expect((await http('PATCH', `/v1/users/${userId}`, { token, body: { avatarKey } })).status).toBe(400);
    const put = await fetch(uploadUrl, { method: 'PUT', headers, body: image });
    expect(put.status).toBe(200);
    const object = async (key: string) => {
      const res = await fetch(`${url.origin}/avatars/${key}`);
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    };
    // Uploaded under uploads/ (which expires); setting the avatar moves it to its key.
    expect(await object(avatarUploadKey(avatarKey))).toEqual({ status: 200, body: image });
    const patched = await http('PATCH', `/v1/users/${userId}`, { token, body: { avatarKey } });
    expect(patched.body.data.avatarKey).toBe(avatarKey);
    expect(await object(avatarKey)).toEqual({ status: 200, body: image });
    expect((await object(avatarUploadKey(avatarKey))).status).toBe(404);
    const foreign = await http('PATCH', `/v1/users/${userId}`, {
      token,
      body: { avatarKey: `avatars/${randomUUID()}/${randomUUID()}.gif` },
    });
    expect(foreign.status).toBe(400);

    const svg = await http('POST', `/v1/users/${userId}/avatar/upload-url`, {
      token,
      body: { contentType: 'image/svg+xml', contentLength: 10 },
    });
    expect(svg.status).toBe(400);
    const huge = await http('POST', `/v1/users/${userId}/avatar/upload-url`, {
      token,
      body: { contentType: 'image/png', contentLength: 50 * 1024 * 1024 },
    });
    expect(huge.status).toBe(400);
  });

  it('deletes an account at once; its avatar image stays until the object sweep, which POST /local/jobs/delete-released-objects runs', async () => {
    const { userId, token } = await signUp('Eve');
    const image = Buffer.from('GIF89a-leaving');
    const issued = await http('POST', `/v1/users/${userId}/avatar/upload-url`, {
      token,
      body: { contentType: 'image/gif', contentLength: image.length },
    });
    const { uploadUrl, avatarKey, headers } = issued.body.data;
    expect((await fetch(uploadUrl, { method: 'PUT', headers, body: image })).status).toBe(200);
    expect((await http('PATCH', `/v1/users/${userId}`, { token, body: { avatarKey } })).status).toBe(200);
    const imageStatus = async () => (await fetch(`${new URL(uploadUrl).origin}/avatars/${avatarKey}`)).status;
    expect(await imageStatus()).toBe(200);

    expect((await http('DELETE', `/v1/users/${userId}`, { token })).status).toBe(200);
    expect((await http('GET', `/v1/users/${userId}`, { token })).status).toBe(401);
    expect(await imageStatus()).toBe(200);
    const swept = await http('POST', '/local/jobs/delete-released-objects');
    expect(swept).toMatchObject({ status: 200, body: { failed: 0 } });
    expect(swept.body.deleted).toBeGreaterThanOrEqual(1);
    expect(await imageStatus()).toBe(404);
  });

  it('sends the email-change confirmation to the new address through the outbox', async () => {
    const { userId, token } = await signUp('Eve');
    const newEmail = `eve-new-${userId.slice(0, 8)}@example.com`;
    const requested = await http('POST', `/v1/users/${userId}/change-email`, { token, body: { new_email: newEmail } });
    expect(requested.status).toBe(200);
    const outbox = await http('GET', '/local/outbox');
    const email = outbox.body.items.find((e: { to: string }) => e.to === newEmail);
    expect(email).toMatchObject({ kind: 'email_change', data: { userId, newEmail, token: expect.any(String) } });
  });

  it('lists the members of an organization with name search and paging', async () => {
    const orgId = randomUUID();
    const owner = await signUp('Olga');
    await putMembership({ tenantId: orgId, userId: owner.userId, role: 'owner' });
    for (const name of ['Anna', 'Annabel', 'Zed']) {
      const member = await signUp(name);
      await putMembership({ tenantId: orgId, userId: member.userId, role: 'member' });
    }
    const page = await http(
      'GET',
      `/v1/users?organization_id=${orgId}&page_index=0&page_size=2&sort_by=name&sort_direction=asc`,
      { token: owner.token },
    );
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(4);
    expect(page.body.items.map((u: { name: string }) => u.name)).toEqual(['Anna', 'Annabel']);
    const search = await http('GET', `/v1/users?organizationId=${orgId}&pageIndex=0&pageSize=10&searchTerm=anna`, {
      token: owner.token,
    });
    expect(search.body.totalCount).toBe(2);
    const outsider = await signUp('Mallory');
    const refused = await http('GET', `/v1/users?organizationId=${orgId}&pageIndex=0&pageSize=10`, {
      token: outsider.token,
    });
    expect(refused.status).toBe(403);
  });
});

/** The newest outbox email of a kind to an address. */
async function emailed(kind: string, to: string) {
  const outbox = await http('GET', '/local/outbox');
  const email = outbox.body.items.find((e: { kind: string; to: string }) => e.kind === kind && e.to === to);
  expect(email, `${kind} email to ${to}`).toBeDefined();
  return email as { data: Record<string, string> };
}

describe("Identity: a user's email is the one the token vouches for (docs/decisions.md)", () => {
  /** An organization of a new owner, which invites `email` as owner. */
  async function invitingOrganization(email: string) {
    const owner = await signUp('Owner');
    const org = await http('POST', '/v1/organizations', {
      token: owner.token,
      body: { userId: owner.userId, name: 'Corp' },
    });
    expect(org.status, JSON.stringify(org.body)).toBe(201);
    const invited = await http('POST', `/v1/organizations/${org.body.data.id}/invites`, {
      token: owner.token,
      body: { email, role: 'owner' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    return { owner, orgId: org.body.data.id as string };
  }

  const organizationIds = async (user: { userId: string; token: string }) => {
    const list = await http('GET', `/v1/organizations?userId=${user.userId}&pageIndex=0&pageSize=100`, {
      token: user.token,
    });
    expect(list.status).toBe(200);
    return (list.body.items as { id: string }[]).map((o) => o.id);
  };

  it('refuses the takeover through a self-declared email: no profile, no membership, no invitation answer', async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@corp.com`;
    const { orgId } = await invitingOrganization(victim);

    const attackerId = randomUUID();
    const attackerEmail = `attacker-${attackerId.slice(0, 8)}@x.example`;
    const token = await mint(attackerId, { email: attackerEmail });
    const claimed = await http('POST', '/v1/users', {
      token,
      body: { userId: attackerId, email: victim, name: 'Mallory' },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(403);
    expect(claimed.body.code).toBe('forbidden');

    expect(
      (await http('POST', '/v1/users', { token, body: { userId: attackerId, email: attackerEmail, name: 'Mallory' } }))
        .status,
    ).toBe(201);
    const patched = await http('PATCH', `/v1/users/${attackerId}`, { token, body: { email: victim } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.email).toBe(attackerEmail);
    expect((await http('GET', `/v1/users/${attackerId}`, { token })).body.data.email).toBe(attackerEmail);

    const processed = await http('POST', '/v1/organizations/invites/process-signup', {
      token,
      body: { userId: attackerId },
    });
    expect(processed.status).toBe(200);
    expect(processed.body.data.memberships).toEqual([]);
    for (const answer of ['accept', 'decline']) {
      const res = await http('POST', `/v1/organizations/invites/${orgId}/${answer}`, {
        token,
        body: { userId: attackerId },
      });
      expect(res.status, answer).toBe(404);
      expect(res.body.code, answer).toBe('not_found');
    }
    expect(await organizationIds({ userId: attackerId, token })).not.toContain(orgId);
    expect((await http('GET', `/v1/organizations/${orgId}/users?pageIndex=0&pageSize=10`, { token })).status).toBe(404);
  });

  it('gives the real invitee, whose token vouches for the address, the membership', async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@corp.com`;
    const { orgId } = await invitingOrganization(victim);
    const userId = randomUUID();
    const token = await mint(userId, { email: victim });
    // Case does not matter: the address is the same.
    expect(
      (await http('POST', '/v1/users', { token, body: { userId, email: victim.toUpperCase(), name: 'Vic' } })).status,
    ).toBe(201);
    const processed = await http('POST', '/v1/organizations/invites/process-signup', { token, body: { userId } });
    expect(processed.status).toBe(200);
    expect(processed.body.data.memberships).toEqual([
      expect.objectContaining({ organizationId: orgId, role: 'owner', status: 'active' }),
    ]);
    expect(await organizationIds({ userId, token })).toContain(orgId);
  });

  it('lets the invitee accept or decline with the vouched address once they have a user record (403 before, saying to create it)', async () => {
    const address = `invitee-${randomUUID().slice(0, 8)}@corp.com`;
    const first = await invitingOrganization(address);
    const second = await invitingOrganization(address);
    const userId = randomUUID();
    const token = await mint(userId, { email: address });
    const early = await http('POST', `/v1/organizations/invites/${first.orgId}/accept`, { token, body: { userId } });
    expect(early.status).toBe(403);
    expect(early.body.detail).toMatch(/POST \/v1\/users/);
    expect((await http('POST', '/v1/users', { token, body: { userId, email: address } })).status).toBe(201);
    expect(
      (await http('POST', `/v1/organizations/invites/${first.orgId}/accept`, { token, body: { userId } })).status,
    ).toBe(200);
    expect(
      (await http('POST', `/v1/organizations/invites/${second.orgId}/decline`, { token, body: { userId } })).status,
    ).toBe(200);
    expect(await organizationIds({ userId, token })).toEqual([first.orgId]);
  });

  it('refuses a profile to a token that vouches for no address (403), saying why', async () => {
    const userId = randomUUID();
    const token = await mint(userId);
    const res = await http('POST', '/v1/users', { token, body: { userId, email: `${userId}@example.com` } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/vouches for no email address/);
  });
});

describe('Email change: requested, then confirmed with the code sent to the new address', () => {
  const shape = (body: { data: Record<string, unknown> }) => Object.keys(body.data).sort();

  it('answers the same for a taken and a free address, then applies only the free one', async () => {
    const me = await signUp('Fay');
    const other = await signUp('Gus');
    const free = `fay-new-${me.userId.slice(0, 8)}@example.com`;

    // change-email: same status and body shape, whether or not the address is taken.
    const takenAnswer = await http('POST', `/v1/users/${me.userId}/change-email`, {
      token: me.token,
      body: { newEmail: other.email },
    });
    const takenCode = (await emailed('email_change', other.email)).data.token!;
    const freeAnswer = await http('POST', `/v1/users/${me.userId}/change-email`, {
      token: me.token,
      body: { newEmail: free },
    });
    expect(takenAnswer.status).toBe(200);
    expect(freeAnswer.status).toBe(takenAnswer.status);
    expect(shape(freeAnswer.body)).toEqual(shape(takenAnswer.body));
    expect(takenAnswer.body.data.status).toBe(freeAnswer.body.data.status);

    // PATCH likewise: the profile answers unchanged either way.
    const patchTaken = await http('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { email: other.email } });
    const patchFree = await http('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { email: free } });
    expect([patchTaken.status, patchFree.status]).toEqual([200, 200]);
    expect(patchTaken.body.data.email).toBe(me.email);
    expect(patchFree.body.data.email).toBe(me.email);
    expect(shape(patchTaken.body)).toEqual(shape(patchFree.body));

    // The newest request is the pending one: an older code no longer works.
    const stale = await http('POST', `/v1/users/${me.userId}/confirm-email-change`, {
      token: me.token,
      body: { code: takenCode },
    });
    expect(stale.status).toBe(403);
    const wrong = await http('POST', `/v1/users/${me.userId}/confirm-email-change`, {
      token: me.token,
      body: { code: randomUUID() },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('forbidden');

    const code = (await emailed('email_change', free)).data.token!;
    const confirmed = await http('POST', `/v1/users/${me.userId}/confirm-email-change`, {
      token: me.token,
      body: { code },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ userId: me.userId, email: free });
    expect((await http('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.email).toBe(free);
    expect(
      (await http('POST', `/v1/users/${me.userId}/confirm-email-change`, { token: me.token, body: { code } })).status,
    ).toBe(403);

    // The old address is free again for whoever holds it.
    const heirId = randomUUID();
    const heir = await mint(heirId, { email: me.email });
    expect((await http('POST', '/v1/users', { token: heir, body: { userId: heirId, email: me.email } })).status).toBe(
      201,
    );
  });

  it('fails the confirmation of a taken address with 409 and changes nothing', async () => {
    const me = await signUp('Hal');
    const other = await signUp('Ida');
    expect(
      (await http('PATCH', `/v1/users/${me.userId}`, { token: me.token, body: { email: other.email } })).status,
    ).toBe(200);
    const code = (await emailed('email_change', other.email)).data.token!;
    const res = await http('POST', `/v1/users/${me.userId}/confirm-email-change`, { token: me.token, body: { code } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect((await http('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.email).toBe(me.email);
    expect((await http('GET', `/v1/users/${other.userId}`, { token: other.token })).body.data.email).toBe(other.email);
  });

  it("confirms only the caller's own change (403 for another account) and validates the code (400)", async () => {
    const me = await signUp('Jo');
    const other = await signUp('Kim');
    await http('POST', `/v1/users/${me.userId}/change-email`, {
      token: me.token,
      body: { newEmail: `jo-${me.userId}@example.com` },
    });
    const code = (await emailed('email_change', `jo-${me.userId}@example.com`)).data.token!;
    expect(
      (await http('POST', `/v1/users/${me.userId}/confirm-email-change`, { token: other.token, body: { code } }))
        .status,
    ).toBe(403);
    expect(
      (await http('POST', `/v1/users/${me.userId}/confirm-email-change`, { token: me.token, body: { code: 'nope' } }))
        .status,
    ).toBe(400);
    expect(
      (await http('POST', `/v1/users/${me.userId}/confirm-email-change`, { token: me.token, body: {} })).status,
    ).toBe(400);
  });
});

describe('The shared demo organization never shows its members to each other', () => {
  it('lists only the caller on every member list of the demo, for two organic sign-ups', async () => {
    const signUps = [await signUp('Organic1'), await signUp('Organic2')];
    const demoIds = new Set<string>();
    for (const user of signUps) {
      const done = await http('POST', '/v1/organizations/complete-organic-signup', {
        token: user.token,
        body: { userId: user.userId, name: 'Mine' },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      demoIds.add(
        (await http('GET', `/v1/users/${user.userId}/settings`, { token: user.token })).body.data.activeOrganizationId,
      );
    }
    expect(demoIds.size).toBe(1);
    const [demo] = [...demoIds];
    for (const user of signUps) {
      for (const path of [
        `/v1/users?organizationId=${demo}&pageIndex=0&pageSize=100`,
        `/v1/organizations/${demo}/users?pageIndex=0&pageSize=100`,
        `/v1/workspaces/${demo}/users?pageIndex=0&pageSize=100`,
      ]) {
        const res = await http('GET', path, { token: user.token });
        expect(res.status, path).toBe(200);
        expect(
          res.body.items.map((m: { id: string }) => m.id),
          path,
        ).toEqual([user.userId]);
        expect(res.body.totalCount, path).toBe(1);
        expect(JSON.stringify(res.body), path).not.toContain(signUps.find((u) => u !== user)!.email);
      }
    }
  });
});

describe('POST /local/token {expiresInSeconds}', () => {
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('mints a token that lives that long: it works, then once expired it is 401', async () => {
    const user = await signUp('Brief');
    // exp counts whole seconds from iat: mint at the start of a second, so a 1-second token lives about a second.
    await sleep(1000 - (Date.now() % 1000));
    const token = await mint(user.userId, { email: user.email, expiresInSeconds: 1 });
    expect((await http('GET', `/v1/users/${user.userId}`, { token })).status).toBe(200);
    const { iat, exp } = claimsOf(token);
    expect(exp - iat).toBe(1);
    await sleep(exp * 1000 - Date.now() + 1100);
    const expired = await http('GET', `/v1/users/${user.userId}`, { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'unauthenticated', detail: expect.stringContaining('expired') });
  });

  it('defaults to an hour and takes up to 24 hours', async () => {
    const user = await signUp('Lifetime');
    const byDefault = claimsOf(await mint(user.userId));
    expect(byDefault.exp - byDefault.iat).toBe(3600);
    const day = await mint(user.userId, { email: user.email, expiresInSeconds: 86_400 });
    expect(claimsOf(day).exp - claimsOf(day).iat).toBe(86_400);
    expect((await http('GET', `/v1/users/${user.userId}`, { token: day })).status).toBe(200);
  });

  it('refuses a lifetime that is not a whole number of seconds from 1 to 86400 (400)', async () => {
    const cases: [unknown, string][] = [
      [0, 'Must be at least 1.'],
      [-5, 'Must be at least 1.'],
      [86_401, 'Must be at most 86400.'],
      [1.5, 'Must be an integer.'],
      ['abc', 'Must be an integer.'],
      [null, 'Must be an integer.'],
    ];
    for (const [expiresInSeconds, message] of cases) {
      const res = await http('POST', '/local/token', { body: { userId: randomUUID(), expiresInSeconds } });
      expect(res.status, String(expiresInSeconds)).toBe(400);
      expect(res.contentType).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code: 'invalid_input', errors: [{ path: 'expiresInSeconds', message }] });
    }
  });
});
