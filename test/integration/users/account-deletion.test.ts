/** Account deletion: request-deletion, confirm-deletion and DELETE /v1/users/:id against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { addMembership, changeRole, getMembership } from '../../../shared/db/tenancy/memberships.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { createTenant, getTenantCounts, markTenantDeleted } from '../../../shared/db/tenancy/tenants.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';

const requestDeletion = (user: TestUser) =>
  call('POST', `/v1/users/${user.userId}/request-deletion`, { token: user.token });
const confirmDeletion = (user: TestUser, token: unknown) =>
  call('POST', `/v1/users/${user.userId}/confirm-deletion`, { token: user.token, body: { token } });
const deleteAccount = (user: TestUser, token?: string) =>
  call('DELETE', `/v1/users/${user.userId}${token ? `?token=${token}` : ''}`, { token: user.token });

/** The deletion token the service emailed to this user (the newest one). */
async function emailedToken(user: TestUser): Promise<string> {
  const email = (await listOutbox()).find((e) => e.to === user.email && e.kind === 'deletion');
  expect(email, 'deletion email in the outbox').toBeDefined();
  return email!.data.token as string;
}

async function requestAndConfirm(user: TestUser): Promise<string> {
  expect((await requestDeletion(user)).status).toBe(200);
  const token = await emailedToken(user);
  expect((await confirmDeletion(user, token)).status).toBe(200);
  return token;
}

/** A tenant owned by `owner` with `others` as active members. */
async function tenantWith(owner: TestUser, ...others: TestUser[]) {
  const tenant = await createTenant({ name: 'Acme', ownerUserId: owner.userId });
  for (const other of others) await addMembership(tenant.id, other.userId, 'member', 'active');
  return tenant;
}

const members = async (tenantId: string, viewer: TestUser) => {
  const response = await call('GET', `/v1/users?organizationId=${tenantId}&pageIndex=0&pageSize=100`, {
    token: viewer.token,
  });
  expect(response.status).toBe(200);
  return (response.body.items as { id: string }[]).map((m) => m.id);
};

describe('User account states and transitions', () => {
  it('request-deletion: safeguards pass -> deletion requested, confirmation email with a token sent', async () => {
    const me = await signUp('Del Requester');
    const response = await requestDeletion(me);
    expect(response.status).toBe(200);
    expect(response.body._meta).toBeUndefined();
    expect(response.body.data).toEqual({
      userId: me.userId,
      expiresAt: expect.any(String),
      status: 'confirmation_sent',
    });
    expect(Date.parse(response.body.data.expiresAt)).toBeGreaterThan(Date.now());
    const emails = (await listOutbox()).filter((e) => e.to === me.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      kind: 'deletion',
      data: { userId: me.userId, token: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    // Requesting is not deleting.
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).status).toBe(200);
  });

  it('confirm-deletion: a valid token -> deletion confirmed', async () => {
    const me = await signUp('Del Confirmer');
    await requestDeletion(me);
    const response = await confirmDeletion(me, await emailedToken(me));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ userId: me.userId, confirmedAt: expect.any(String) });
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).status).toBe(200);
  });

  it('DELETE: deleted, access revoked, memberships removed, profile cleared', async () => {
    const owner = await signUp('Tenant Owner');
    const me = await signUp('Leaving Member');
    const tenant = await tenantWith(owner, me);
    await call('PATCH', `/v1/users/${me.userId}/settings`, {
      token: me.token,
      body: { activeOrganizationId: tenant.id },
    });
    const token = await requestAndConfirm(me);

    const response = await deleteAccount(me, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { id: me.userId, deleted: true } });

    expect(await members(tenant.id, owner)).toEqual([owner.userId]);
    expect((await getTenantCounts([tenant.id])).get(tenant.id)).toEqual({ memberCount: 1, ownerCount: 1 });
    expect(await getMembership(tenant.id, me.userId)).toBeUndefined();
    const profile = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.user(me.userId) }));
    expect(profile.Item).toMatchObject({
      name: null,
      email: null,
      jobRole: null,
      avatarKey: null,
      deletedAt: expect.any(String),
    });
  });
});

describe('Ownership safeguards', () => {
  it('refuse (409) the sole owner of a tenant with another member at every step, and allow after making the other member owner', async () => {
    const me = await signUp('Sole Owner');
    const other = await signUp('Other Member');
    const tenant = await tenantWith(me, other);

    const refused = await requestDeletion(me);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflict');
    expect(refused.body.detail).toContain(tenant.id);
    expect((await listOutbox()).filter((e) => e.to === me.email)).toHaveLength(0);
    expect((await deleteAccount(me)).status).toBe(409);

    await changeRole(tenant.id, other.userId, 'owner');
    const token = await requestAndConfirm(me);
    expect((await deleteAccount(me, token)).status).toBe(200);
    expect(await members(tenant.id, other)).toEqual([other.userId]);
    expect((await getTenantCounts([tenant.id])).get(tenant.id)).toEqual({ memberCount: 1, ownerCount: 1 });
  });

  it('are re-checked on confirm (409) when the situation changed after the request', async () => {
    const me = await signUp('Late Owner');
    const other = await signUp('Late Member');
    const tenant = await createTenant({ name: 'Solo', ownerUserId: me.userId });
    expect((await requestDeletion(me)).status).toBe(200);
    await addMembership(tenant.id, other.userId, 'viewer', 'active');
    const refused = await confirmDeletion(me, await emailedToken(me));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflict');
  });

  it('let the sole owner of a tenant with no other members delete the account', async () => {
    const me = await signUp('Lonely Owner');
    const tenant = await createTenant({ name: 'Just me', ownerUserId: me.userId });
    const token = await requestAndConfirm(me);
    expect((await deleteAccount(me, token)).status).toBe(200);
    expect(await getMembership(tenant.id, me.userId)).toBeUndefined();
    expect((await getTenantCounts([tenant.id])).get(tenant.id)).toEqual({ memberCount: 0, ownerCount: 0 });
  });

  it('do not block on memberships of a deleted workspace', async () => {
    const owner = await signUp('Ws Owner');
    const me = await signUp('Ws Member');
    const tenant = await tenantWith(owner, me);
    await markTenantDeleted(tenant.id);
    const response = await deleteAccount(me);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ id: me.userId, deleted: true });
    expect(await getMembership(tenant.id, me.userId)).toBeUndefined();
  });
});

describe('The deletion token', () => {
  it('is single-use: a second confirm is 403', async () => {
    const me = await signUp('Twice');
    const token = await requestAndConfirm(me);
    const again = await confirmDeletion(me, token);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('forbidden');
  });

  it('is refused once expired (403), on confirm and on DELETE', async () => {
    const me = await signUp('Too Late');
    await requestDeletion(me);
    const token = await emailedToken(me);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.deletionRequest(me.userId),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await confirmDeletion(me, token)).status).toBe(403);
    expect((await deleteAccount(me, token)).status).toBe(403);
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).status).toBe(200);
  });

  it('must be the emailed one (403), must be a uuid (400), and is required on confirm (400)', async () => {
    const me = await signUp('Wrong Token');
    await requestDeletion(me);
    const wrong = await confirmDeletion(me, randomUUID());
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('forbidden');
    const malformed = await confirmDeletion(me, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ path: 'token', message: expect.any(String) }]);
    const missing = await call('POST', `/v1/users/${me.userId}/confirm-deletion`, { token: me.token });
    expect(missing.status).toBe(400);
    expect((await deleteAccount(me, randomUUID())).status).toBe(403);
    const badDelete = await call('DELETE', `/v1/users/${me.userId}?token=nope`, { token: me.token });
    expect(badDelete.status).toBe(400);
    // The emailed token still works after the wrong attempts.
    expect((await confirmDeletion(me, await emailedToken(me))).status).toBe(200);
  });

  it('is refused on confirm (403) when no deletion was requested', async () => {
    const me = await signUp('Never Asked');
    expect((await confirmDeletion(me, randomUUID())).status).toBe(403);
  });

  it('may be sent in the DELETE body as well as the query', async () => {
    const me = await signUp('Body Token');
    const token = await requestAndConfirm(me);
    const response = await call('DELETE', `/v1/users/${me.userId}`, { token: me.token, body: { token } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ id: me.userId, deleted: true });
  });
});

describe('An agent token', () => {
  const agentOf = (user: TestUser): TestUser => ({
    ...user,
    token: tokenFor(user.userId, { email: user.email, agent: true }),
  });

  it('may not delete the account without the emailed deletion token (403), and deletes nothing', async () => {
    const me = await signUp();
    const res = await deleteAccount(agentOf(me));
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).status).toBe(200);
  });

  it('may delete it with the emailed token, as its user could', async () => {
    const me = await signUp();
    expect((await requestDeletion(agentOf(me))).status).toBe(200);
    const res = await deleteAccount(agentOf(me), await emailedToken(me));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).status).toBe(401);
  });
});

describe('After deletion', () => {
  it("the account's access token answers 401 on its own routes and on tenant routes", async () => {
    const owner = await signUp('Staying Owner');
    const me = await signUp('Gone');
    const tenant = await tenantWith(owner, me);
    expect(
      (await call('GET', `/v1/users?organizationId=${tenant.id}&pageIndex=0&pageSize=10`, { token: me.token })).status,
    ).toBe(200);
    expect((await deleteAccount(me, await requestAndConfirm(me))).status).toBe(200);

    for (const [method, url] of [
      ['GET', `/v1/users/${me.userId}`],
      ['GET', `/v1/users/${me.userId}/settings`],
      ['DELETE', `/v1/users/${me.userId}`],
      ['GET', `/v1/users?organizationId=${tenant.id}&pageIndex=0&pageSize=10`],
    ] as const) {
      const response = await call(method, url, { token: me.token });
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(response.body.code).toBe('unauthenticated');
    }
    // A fresh token of the same account is refused as well: it is the account that is gone.
    expect((await call('GET', `/v1/users/${me.userId}`, { token: tokenFor(me.userId, { agent: true }) })).status).toBe(
      401,
    );
  });

  it('the email address can be used by a new account', async () => {
    const me = await signUp('Recycled');
    expect((await deleteAccount(me)).status).toBe(200);
    const newcomer = randomUUID();
    const created = await call('POST', '/v1/users', {
      token: tokenFor(newcomer, { email: me.email }),
      body: { userId: newcomer, email: me.email.toUpperCase() },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: newcomer, email: me.email.toUpperCase() });
  });
});

describe('Acting on another account', () => {
  it('is refused (403) for request, confirm and delete, and deletes nothing', async () => {
    const me = await signUp('Attacker');
    const victim = await signUp('Victim');
    const as = (method: string, path: string, body?: unknown) =>
      call(method, `/v1/users/${victim.userId}${path}`, { token: me.token, body });
    for (const response of [
      await as('POST', '/request-deletion'),
      await as('POST', '/confirm-deletion', { token: randomUUID() }),
      await as('DELETE', ''),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('forbidden');
    }
    expect((await call('GET', `/v1/users/${victim.userId}`, { token: victim.token })).status).toBe(200);
    expect((await listOutbox()).filter((e) => e.to === victim.email)).toHaveLength(0);
  });
});
