/**
 * Webhook endpoints through the handlers against DynamoDB Local: register (secret shown once,
 * stored sealed), list, read, change, rotate, delete; owners only, strangers get 404 on records.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookKeys } from '../../../shared/db/table/keys.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { locate } from '../../../shared/db/table/records.ts';
import { getStoredEndpoint, MAX_ENDPOINTS } from '../../../shared/db/webhooks/index.ts';
import { openSecret } from '../../../shared/webhooks/secrets.ts';
import { call } from '../../support/call.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { eventsBy, newEndpoint, PUBLIC_URL } from './helpers.ts';

let org: Org;
let member: TestUser;
let stranger: Org;

beforeAll(async () => {
  org = await newOrg('Wendy Webhooks');
  member = await signUp('Mel Member');
  await addMember(org.organizationId, org.owner, member, 'member');
  stranger = await newOrg('Stan Stranger', 'Other');
});

describe('POST /v1/webhooks/endpoints', () => {
  it('answers 201 with the endpoint and a whsec_ secret, which the table holds only sealed', async () => {
    const created = await newEndpoint(org, {
      events: ['member.joined', 'billing.status_changed'],
      description: 'CRM sync',
    });
    expect(created).toMatchObject({
      organizationId: org.organizationId,
      url: PUBLIC_URL,
      events: ['member.joined', 'billing.status_changed'],
      enabled: true,
      description: 'CRM sync',
      failingSince: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);
    const item = (
      await documentClient().send(
        new GetCommand({
          TableName: tableName(),
          Key: webhookKeys.endpoint(org.organizationId, created.id),
          ConsistentRead: true,
        }),
      )
    ).Item;
    expect(item).toBeDefined();
    expect(JSON.stringify(item)).not.toContain(created.secret.slice(6));
    const stored = await getStoredEndpoint(org.organizationId, created.id);
    expect(await openSecret(org.organizationId, stored!.sealedSecret)).toBe(created.secret);
    expect((await locate('webhookEndpoint', created.id))?.tenantId).toBe(org.organizationId);
  });

  it.each([
    ['http, not https', { url: 'http://93.184.215.14/hooks' }, 'url'],
    ['a private address', { url: 'https://10.1.2.3/hooks' }, 'url'],
    ['the metadata address', { url: 'https://169.254.169.254/latest' }, 'url'],
    ['IPv6 loopback', { url: 'https://[::1]/hooks' }, 'url'],
    ['no events', { events: [] }, 'events'],
    ['an unknown event', { events: ['member.left'] }, 'events.0'],
    ['an event twice', { events: ['member.joined', 'member.joined'] }, 'events'],
    ['a long description', { description: 'x'.repeat(201) }, 'description'],
  ])('refuses %s (400 on that field)', async (_what, body, field) => {
    const res = await call('POST', '/v1/webhooks/endpoints', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, url: PUBLIC_URL, events: ['member.joined'], ...body },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('is for owners: a member gets 403, a stranger 403 (the organization is named in the body)', async () => {
    const body = { organizationId: org.organizationId, url: PUBLIC_URL, events: ['member.joined'] };
    expect((await call('POST', '/v1/webhooks/endpoints', { token: member.token, body })).status).toBe(403);
    expect((await call('POST', '/v1/webhooks/endpoints', { token: stranger.owner.token, body })).status).toBe(403);
  });
});

describe('reading, changing and deleting an endpoint', () => {
  it('lists newest first with paging and never a secret', async () => {
    const own = await newOrg('Lia Lister');
    const first = await newEndpoint(own, { description: 'first' });
    const second = await newEndpoint(own, { description: 'second' });
    const res = await call(
      'GET',
      `/v1/webhooks/endpoints?organizationId=${own.organizationId}&pageIndex=0&pageSize=1`,
      { token: own.owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.items.map((e: { id: string }) => e.id)).toEqual([second.id]);
    const next = await call(
      'GET',
      `/v1/webhooks/endpoints?organizationId=${own.organizationId}&pageIndex=1&pageSize=1`,
      { token: own.owner.token },
    );
    expect(next.body.items.map((e: { id: string }) => e.id)).toEqual([first.id]);
    expect(JSON.stringify([res.body, next.body])).not.toMatch(/secret"|whsec_|sealed/i);
  });

  it('GET, PATCH and DELETE by id; a stranger gets 404 and a member 403', async () => {
    const endpoint = await newEndpoint(org);
    const path = `/v1/webhooks/endpoints/${endpoint.id}`;
    const got = await call('GET', path, { token: org.owner.token });
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('secret');
    expect(got.body.data).not.toHaveProperty('sealedSecret');
    expect((await call('GET', path, { token: stranger.owner.token })).status).toBe(404);
    expect((await call('GET', path, { token: member.token })).status).toBe(403);
    expect((await call('PATCH', path, { token: stranger.owner.token, body: { enabled: false } })).status).toBe(404);

    const patched = await call('PATCH', path, {
      token: org.owner.token,
      body: { enabled: false, events: ['campaign.status_changed'], description: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ enabled: false, events: ['campaign.status_changed'], description: null });
    const refused = await call('PATCH', path, { token: org.owner.token, body: { url: 'https://192.168.1.10/x' } });
    expect(refused.status).toBe(400);

    expect((await call('DELETE', path, { token: stranger.owner.token })).status).toBe(404);
    expect((await call('DELETE', path, { token: org.owner.token })).status).toBe(200);
    expect((await call('GET', path, { token: org.owner.token })).status).toBe(404);
    expect(await locate('webhookEndpoint', endpoint.id)).toBeUndefined();
  });

  it('rotate-secret answers a new secret, keeps the old one sealed as previous for 24 hours', async () => {
    const endpoint = await newEndpoint(org);
    const before = Date.now();
    const res = await call('POST', `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token: org.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.secret).toMatch(/^whsec_/);
    expect(res.body.data.secret).not.toBe(endpoint.secret);
    const expires = Date.parse(res.body.data.previousSecretExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const stored = (await getStoredEndpoint(org.organizationId, endpoint.id))!;
    expect(await openSecret(org.organizationId, stored.sealedSecret)).toBe(res.body.data.secret);
    expect(await openSecret(org.organizationId, stored.previousSealedSecret!)).toBe(endpoint.secret);
    expect(
      (await call('POST', `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token: member.token })).status,
    ).toBe(403);
    expect(
      (await call('POST', `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token: stranger.owner.token }))
        .status,
    ).toBe(404);
  });
});

describe("the cap on an organization's endpoints", () => {
  const create = (o: Org) =>
    call('POST', '/v1/webhooks/endpoints', {
      token: o.owner.token,
      body: { organizationId: o.organizationId, url: PUBLIC_URL, events: ['member.joined'] },
    });
  const count = async (o: Org) =>
    (
      await call('GET', `/v1/webhooks/endpoints?organizationId=${o.organizationId}&pageIndex=0&pageSize=1`, {
        token: o.owner.token,
      })
    ).body.totalCount;

  it(`holds ${MAX_ENDPOINTS}: one more is 409 and writes nothing; a delete makes room for one`, async () => {
    const full = await newOrg('Fiona Full');
    const made = [];
    for (let i = 0; i < MAX_ENDPOINTS; i++) made.push(await newEndpoint(full));
    const refused = await create(full);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'conflict',
      detail: `The organization has ${MAX_ENDPOINTS} webhook endpoints, the most it may have: delete one to add another.`,
    });
    expect(await count(full)).toBe(MAX_ENDPOINTS);
    expect((await call('DELETE', `/v1/webhooks/endpoints/${made[0]!.id}`, { token: full.owner.token })).status).toBe(
      200,
    );
    // The counter's own change, in the table's stream, is no event.
    let again: Awaited<ReturnType<typeof create>> | undefined;
    expect(
      await eventsBy(webhookKeys.endpointCount(full.organizationId), async () => (again = await create(full))),
    ).toEqual([]);
    expect(again!.status).toBe(201);
    expect((await create(full)).status).toBe(409);
    // Another organization's cap is its own.
    expect((await create(stranger)).status).toBe(201);
  });

  it('lets one of several concurrent creates take the last place, and only one', async () => {
    const almost = await newOrg('Alma Almost');
    for (let i = 0; i < MAX_ENDPOINTS - 1; i++) await newEndpoint(almost);
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => create(almost))))
      .map((res) => res.status)
      .sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await count(almost)).toBe(MAX_ENDPOINTS);
  });
});
