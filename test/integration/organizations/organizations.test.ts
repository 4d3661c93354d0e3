/** GET/POST /v1/organizations and GET/PATCH /v1/organizations/:id against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMembership } from '../../../shared/db/tenancy/memberships.ts';
import { createTenant, markTenantDeleted } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, newOrganization, organizationsOf } from './helpers.ts';

const EMPTY_METRICS = {
  creatorsCount: 0,
  activitiesCount: 0,
  campaignsCount: 0,
  costsCount: 0,
  spend: {},
  impressions: 0,
  engagement: 0,
};

describe('POST /v1/organizations', () => {
  it('creates an organization whose owner is the caller, with defaults, snake_case accepted', async () => {
    const me = await signUp();
    const res = await call('POST', '/v1/organizations', {
      token: me.token,
      body: { user_id: me.userId, name: '  Acme  ', iana_timezone: 'Europe/Berlin' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Acme',
      ianaTimezone: 'Europe/Berlin',
      currency: 'USD',
      organizationId: null,
      avatarKey: null,
      conversionValue: null,
      defaultAttributionWindowDays: null,
      isDemo: false,
      createdBy: me.userId,
      role: 'owner',
      membershipStatus: 'active',
      metrics: EMPTY_METRICS,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.createdAt).toBe(res.body.data.updatedAt);
    expect(res.body.data).not.toHaveProperty('memberCount');
    expect(res.body._meta.requestId).toBeTypeOf('string');
    const listed = await organizationsOf(me);
    expect(listed.map((o) => [o.id, o.role, o.membershipStatus])).toEqual([[res.body.data.id, 'owner', 'active']]);
  });

  it('validates name (1-255), timezone and currency against the enumerations, and unknown fields', async () => {
    const me = await signUp();
    const create = (body: Record<string, unknown>) =>
      call('POST', '/v1/organizations', { token: me.token, body: { userId: me.userId, ...body } });
    expect((await create({ name: 'x'.repeat(255), currency: 'JPY', ianaTimezone: null })).status).toBe(201);
    expectProblem(await create({ name: 'x'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(await create({ name: '   ' }), 400, 'invalid_input', 'any');
    expectProblem(await create({}), 400, 'invalid_input', 'any');
    expectProblem(await create({ name: 'A', ianaTimezone: 'Europe/Madrid' }), 400, 'invalid_input', 'any');
    expectProblem(await create({ name: 'A', currency: 'CHF' }), 400, 'invalid_input', 'any');
    expectProblem(await create({ name: 'A', isDemo: true }), 400, 'invalid_input', [
      { path: 'isDemo', message: 'Unknown field.' },
    ]);
  });

  it('answers 403 to a caller creating an organization for another user', async () => {
    const me = await signUp();
    const other = await signUp();
    expectProblem(
      await call('POST', '/v1/organizations', { token: me.token, body: { userId: other.userId, name: 'A' } }),
      403,
      'forbidden',
    );
    expect(await organizationsOf(other)).toEqual([]);
  });
});

describe('GET /v1/organizations', () => {
  let me: TestUser;
  const created: string[] = [];

  beforeAll(async () => {
    me = await signUp();
    for (const name of ['First', 'Second', 'Third']) created.push(await newOrganization(me, name));
  });

  it("lists the caller's organizations newest membership first, paged with an exact totalCount (snake_case)", async () => {
    const page = (index: number) =>
      call('GET', `/v1/organizations?user_id=${me.userId}&page_index=${index}&page_size=2`, { token: me.token });
    const first = await page(0);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      totalCount: 3,
      facets: { role: { owner: 3 }, membershipStatus: { active: 3 } },
    });
    expect(first.body.items.map((o: { name: string }) => o.name)).toEqual(['Third', 'Second']);
    const second = await page(1);
    expect(second.body.items.map((o: { name: string }) => o.name)).toEqual(['First']);
    expect((await page(2)).body).toMatchObject({ items: [], totalCount: 3 });
    expect(first.body._meta.requestId).toBeTypeOf('string');
  });

  it('includes pending memberships with membershipStatus pending, and leaves deleted tenants out', async () => {
    const user = await signUp();
    const owner = await signUp();
    const pending = await createTenant({ name: 'Pending Co', ownerUserId: owner.userId });
    const gone = await createTenant({ name: 'Gone Co', ownerUserId: owner.userId });
    await addMembership(pending.id, user.userId, 'member', 'pending');
    await addMembership(gone.id, user.userId, 'viewer', 'active');
    await markTenantDeleted(gone.id);
    const items = await organizationsOf(user);
    expect(items).toEqual([
      expect.objectContaining({
        id: pending.id,
        name: 'Pending Co',
        role: 'member',
        membershipStatus: 'pending',
        metrics: EMPTY_METRICS,
      }),
    ]);
  });

  it('shows a workspace created under a parent with that parent as organizationId', async () => {
    const user = await signUp();
    const parent = await newOrganization(user, 'Parent');
    const child = await createTenant({ name: 'Child', ownerUserId: user.userId, organizationId: parent });
    const items = await organizationsOf(user);
    expect(items.find((o) => o.id === child.id)).toMatchObject({ organizationId: parent, role: 'owner' });
    expect(items.find((o) => o.id === parent)).toMatchObject({ organizationId: null });
  });

  it("validates paging and refuses another user's list (403)", async () => {
    const other = await signUp();
    const list = (query: string, token = me.token) => call('GET', `/v1/organizations?${query}`, { token });
    expectProblem(await list(`userId=${me.userId}&pageIndex=0&pageSize=101`), 400, 'invalid_input', 'any');
    expectProblem(await list(`userId=${me.userId}&pageIndex=0&pageSize=0`), 400, 'invalid_input', 'any');
    expectProblem(await list(`userId=${me.userId}&pageSize=10`), 400, 'invalid_input', 'any');
    expect((await list(`userId=${me.userId}&pageIndex=0&pageSize=100`)).status).toBe(200);
    expectProblem(await list(`userId=${me.userId}&pageIndex=0&pageSize=10`, other.token), 403, 'forbidden');
  });
});

describe('GET /v1/organizations/:id', () => {
  it("returns the organization with the caller's role and its stored metrics, to any active member", async () => {
    const owner = await signUp();
    const viewer = await signUp();
    const id = await newOrganization(owner, 'Readable');
    await addMember(id, owner, viewer, 'viewer');
    const res = await call('GET', `/v1/organizations/${id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      name: 'Readable',
      role: 'viewer',
      membershipStatus: 'active',
      metrics: EMPTY_METRICS,
    });
    expect(res.body._meta.requestId).toBeTypeOf('string');
    const repeated = await call('GET', `/v1/organizations/${id}?organization_id=${id}`, { token: owner.token });
    expect(repeated.body.data).toMatchObject({ id, role: 'owner' });
  });

  it('answers 404 to non-members, pending members and for unknown or deleted organizations; 400 for a non-uuid', async () => {
    const owner = await signUp();
    const outsider = await signUp();
    const pending = await signUp();
    const id = await newOrganization(owner);
    await addMembership(id, pending.userId, 'member', 'pending');
    expectProblem(await call('GET', `/v1/organizations/${id}`, { token: outsider.token }), 404, 'not_found');
    expectProblem(await call('GET', `/v1/organizations/${id}`, { token: pending.token }), 404, 'not_found');
    expectProblem(await call('GET', `/v1/organizations/${randomUUID()}`, { token: owner.token }), 404, 'not_found');
    expectProblem(
      await call('GET', '/v1/organizations/not-a-uuid', { token: owner.token }),
      400,
      'invalid_input',
      'any',
    );
    await markTenantDeleted(id);
    expectProblem(await call('GET', `/v1/organizations/${id}`, { token: owner.token }), 404, 'not_found');
  });
});

describe('PATCH /v1/organizations/:id', () => {
  let owner: TestUser;
  let id: string;
  const patch = (body: Record<string, unknown>, token = owner.token) =>
    call('PATCH', `/v1/organizations/${id}`, { token, body });

  beforeAll(async () => {
    owner = await signUp();
    id = await newOrganization(owner, 'Before');
  });

  it('changes only the fields sent and answers the whole record', async () => {
    const res = await patch({
      name: 'After',
      iana_timezone: 'Asia/Tokyo',
      currency: 'EUR',
      conversion_value: 12.5,
      default_attribution_window_days: 7,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      name: 'After',
      ianaTimezone: 'Asia/Tokyo',
      currency: 'EUR',
      conversionValue: 12.5,
      defaultAttributionWindowDays: 7,
      avatarKey: null,
      role: 'owner',
      metrics: EMPTY_METRICS,
    });
    expect(res.body.data.updatedAt > res.body.data.createdAt).toBe(true);
    const onlyName = await patch({ name: 'Renamed' });
    expect(onlyName.body.data).toMatchObject({
      name: 'Renamed',
      ianaTimezone: 'Asia/Tokyo',
      currency: 'EUR',
      conversionValue: 12.5,
    });
    const cleared = await patch({ ianaTimezone: null, conversionValue: null, defaultAttributionWindowDays: null });
    expect(cleared.body.data).toMatchObject({
      ianaTimezone: null,
      conversionValue: null,
      defaultAttributionWindowDays: null,
      currency: 'EUR',
    });
    const read = await call('GET', `/v1/organizations/${id}`, { token: owner.token });
    expect(read.body.data).toMatchObject({ name: 'Renamed', ianaTimezone: null, conversionValue: null });
  });

  it('accepts name 1-255, conversionValue >= 0 and defaultAttributionWindowDays >= 1, and nothing past them', async () => {
    expect((await patch({ name: 'x'.repeat(255) })).status).toBe(200);
    expectProblem(await patch({ name: 'x'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ name: '' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ name: null }), 400, 'invalid_input', 'any');
    expect((await patch({ conversionValue: 0 })).body.data.conversionValue).toBe(0);
    expectProblem(await patch({ conversionValue: -0.01 }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ conversionValue: '5' }), 400, 'invalid_input', 'any');
    // Far above any real value, and inside what DynamoDB stores: past it is 400, not a storage error.
    expect((await patch({ conversionValue: 1e12 })).body.data.conversionValue).toBe(1e12);
    expectProblem(await patch({ conversionValue: 1e200 }), 400, 'invalid_input', 'any');
    expect((await patch({ defaultAttributionWindowDays: 1 })).body.data.defaultAttributionWindowDays).toBe(1);
    expectProblem(await patch({ defaultAttributionWindowDays: 0 }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ defaultAttributionWindowDays: 1.5 }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ ianaTimezone: 'Mars/Olympus' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ currency: 'usd' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ currency: null }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ isDemo: true }), 400, 'invalid_input', [{ path: 'isDemo', message: 'Unknown field.' }]);
    expectProblem(await patch({ createdBy: owner.userId }), 400, 'invalid_input', [
      { path: 'createdBy', message: 'Unknown field.' },
    ]);
  });

  it('accepts the path id repeated as organization_id, and refuses a different one (400); `id` is an unknown field', async () => {
    expectProblem(await patch({ id, name: 'Same id' }), 400, 'invalid_input', [
      { path: 'id', message: 'Unknown field.' },
    ]);
    expect((await patch({ organization_id: id, name: 'Same again' })).body.data.name).toBe('Same again');
    expectProblem(await patch({ id: randomUUID(), name: 'Other' }), 400, 'invalid_input', 'any');
    expectProblem(await patch({ organizationId: randomUUID(), name: 'Other' }), 400, 'invalid_input', 'any');
  });

  it("accepts only avatar keys of this organization's key space, and null to remove", async () => {
    const key = `tenants/${id}/avatar/${randomUUID()}.png`;
    expect((await patch({ avatarKey: key })).body.data.avatarKey).toBe(key);
    const other = `tenants/${randomUUID()}/avatar/${randomUUID()}.png`;
    expectProblem(await patch({ avatarKey: other }), 400, 'invalid_input', [
      { path: 'avatarKey', message: 'Not an avatar key of this organization.' },
    ]);
    expectProblem(await patch({ avatarKey: `tenants/${id}/avatar/${randomUUID()}.exe` }), 400, 'invalid_input', 'any');
    expectProblem(
      await patch({ avatarKey: `avatars/${owner.userId}/${randomUUID()}.png` }),
      400,
      'invalid_input',
      'any',
    );
    expect((await patch({ avatarKey: null })).body.data.avatarKey).toBeNull();
  });

  it('is owner only: 403 for members and viewers, 404 for non-members', async () => {
    const member = await signUp();
    const viewer = await signUp();
    const outsider = await signUp();
    await addMember(id, owner, member, 'member');
    await addMember(id, owner, viewer, 'viewer');
    expectProblem(await patch({ name: 'Hijacked' }, member.token), 403, 'forbidden');
    expectProblem(await patch({ name: 'Hijacked' }, viewer.token), 403, 'forbidden');
    expectProblem(await patch({ name: 'Hijacked' }, outsider.token), 404, 'not_found');
    const read = await call('GET', `/v1/organizations/${id}`, { token: owner.token });
    expect(read.body.data.name).not.toBe('Hijacked');
  });
});
